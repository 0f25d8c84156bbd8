import type { QueryOf } from '@shop/contract/endpoint';
import { type ApiEndpoint, useApiRead } from '@shop/shared';

/** The listing's query, as the `products` endpoint declares it. */
export type ProductsQuery = QueryOf<ApiEndpoint<'GET', 'products'>>;

/** Product reads used across features (home, listing, product page). */
export const useProductsQuery = (query: ProductsQuery) => useApiRead('products', { query });

export const useProductBySlugQuery = (slug: string) =>
  useApiRead('products/by-slug/:slug', { params: { slug } });
