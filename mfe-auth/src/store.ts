import {
  configureStore,
  type ThunkAction,
  type TypedUseSelectorHook,
  type UnknownAction,
  useDispatch,
  useSelector,
} from '@shop/shared/redux';
import { overlaysReducer } from './features/overlays/overlaysSlice';
import { type AuthServices, defaultServices } from './services';

/** This remote's own store (never shared across remotes); services reach thunks as their extra. */
export function createAuthStore(services: AuthServices = defaultServices) {
  return configureStore({
    reducer: { overlays: overlaysReducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: services } }),
  });
}

/** The store every exposed module of this remote renders with. */
export const store = createAuthStore();

export type AuthStore = ReturnType<typeof createAuthStore>;
export type AuthState = ReturnType<AuthStore['getState']>;
export type AuthDispatch = AuthStore['dispatch'];
export type AuthThunk<R> = ThunkAction<R, AuthState, AuthServices, UnknownAction>;

export const useAuthDispatch: () => AuthDispatch = useDispatch;
export const useAuthSelector: TypedUseSelectorHook<AuthState> = useSelector;
