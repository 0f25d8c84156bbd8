// From @shop/contract, not @shop/shared (the shell's copy at run time): this build's own number.
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { exposeWithin } from '@shop/shared';
import type { ReactNode } from 'react';

/** Every exposed admin module renders inside this root: the visible boundary of the remote. */
export function AdminRoot({ children }: { children: ReactNode }): ReactNode {
  return <div data-boundary="admin">{children}</div>;
}

/** Wraps a component as an exposed module of this remote. */
export const exposeInAdminRoot = exposeWithin(AdminRoot, 'admin', BUS_CONTRACT_VERSION);
