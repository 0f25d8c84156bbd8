import type { ProductsQuery } from '@shop/contract/listing';
import { useApiRead } from '@shop/shared';

export type { ProductsQuery };

/** Product reads used across features (home, listing, product page). */
export const useProductsQuery = (query: ProductsQuery) => useApiRead('products', { query });

export const useProductBySlugQuery = (slug: string) =>
  useApiRead('products/by-slug/:slug', { params: { slug } });
