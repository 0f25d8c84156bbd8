import { api, type Bus, bus } from '@shop/shared';
import { type AuthApi, createAuthApi } from './features/session/authApi';

/** What the auth remote talks to: the API and the bus. Tests hand in their own. */
export interface AuthServices {
  api: AuthApi;
  bus: Bus;
}

export const defaultServices: AuthServices = { api: createAuthApi(api), bus };
