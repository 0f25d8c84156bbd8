import { exposeWithin } from '@shop/shared';
import { Provider } from '@shop/shared/redux';
import type { ReactNode } from 'react';
import { store } from '../store';

/** Every exposed catalog module renders inside this root: own store, visible team boundary. */
export function CatalogRoot({ children }: { children: ReactNode }): ReactNode {
  return (
    <Provider store={store}>
      <div data-boundary="catalog">{children}</div>
    </Provider>
  );
}

/** Wraps a feature component as an exposed module of this remote. */
export const exposeInCatalogRoot = exposeWithin(CatalogRoot, 'catalog');
