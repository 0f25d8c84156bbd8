// From @shop/contract, not @shop/shared (the shell's copy at run time): this build's own number.
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { exposeWithin } from '@shop/shared';
import { Provider } from '@shop/shared/redux';
import type { ReactNode } from 'react';
import { store } from '../store';

/** Every exposed member module renders inside this root: own store, visible boundary. */
export function MemberRoot({ children }: { children: ReactNode }): ReactNode {
  return (
    <Provider store={store}>
      <div data-boundary="member">{children}</div>
    </Provider>
  );
}

/** Wraps a feature component as an exposed module of this remote. */
export const exposeInMemberRoot = exposeWithin(MemberRoot, 'member', BUS_CONTRACT_VERSION);
