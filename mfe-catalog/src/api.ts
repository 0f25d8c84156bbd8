import {
  api,
  dataKey,
  type Loaded,
  type ProductDetail,
  type ProductListing,
  type Query,
  useLoaded,
} from '@shop/shared';

/**
 * A GET of the catalog through the shared data kit, keyed by its path and query. `ask` false
 * reads nothing (the search box before there is text to suggest for).
 */
export function useCatalogRead<T>(path: string, query?: Query, ask = true): Loaded<T> {
  return useLoaded(ask ? dataKey(path, query) : null, (signal) => api.get<T>(path, query, { signal }));
}

/** Product reads used across features (home, listing, product page). */
export const useProductsQuery = (query: Query) => useCatalogRead<ProductListing>('products', query);

export const useProductBySlugQuery = (slug: string) =>
  useCatalogRead<{ item: ProductDetail }>(`products/by-slug/${encodeURIComponent(slug)}`);
