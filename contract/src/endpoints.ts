/**
 * Every endpoint of the API under /backend/api, by module (one per URL prefix). The backend
 * registers each route from its entry; the apps' `api` client is typed by it.
 */
import { cartEndpoints } from './schemas/cart';

export const apiEndpoints = {
  ...cartEndpoints,
};

export type ApiEndpoints = typeof apiEndpoints;
