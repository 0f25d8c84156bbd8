// From @shop/contract, not @shop/shared (the shell's copy at run time): this build's own number.
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { exposeWithin } from '@shop/shared';
import type { ReactNode } from 'react';

/**
 * Every exposed catalog module renders inside this root: the visible team boundary. No store:
 * the catalog's server data lives in its query cache (app/queries.ts), and it has no other state
 * to share between components.
 */
export function CatalogRoot({ children }: { children: ReactNode }): ReactNode {
  return <div data-boundary="catalog">{children}</div>;
}

/** Wraps a feature component as an exposed module of this remote. */
export const exposeInCatalogRoot = exposeWithin(CatalogRoot, 'catalog', BUS_CONTRACT_VERSION);
