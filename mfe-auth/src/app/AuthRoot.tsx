// From @shop/contract, not @shop/shared (the shell's copy at run time): this build's own number.
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { exposeWithin } from '@shop/shared';
import { Provider } from '@shop/shared/redux';
import type { ReactNode } from 'react';
import { type AuthStore, store as authStore } from '../store';

/**
 * Every exposed auth module renders inside this root: the remote's own store, and the team
 * boundary. Tests hand in a store built on their own services.
 */
export function AuthRoot({
  children,
  store = authStore,
}: {
  children: ReactNode;
  store?: AuthStore;
}): ReactNode {
  return (
    <Provider store={store}>
      <div data-boundary="auth">{children}</div>
    </Provider>
  );
}

/** Wraps a feature component as an exposed module of this remote. */
export const exposeInAuthRoot = exposeWithin(AuthRoot, 'auth', BUS_CONTRACT_VERSION);
