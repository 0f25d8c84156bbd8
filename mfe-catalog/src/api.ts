import type { ProductDetail, ProductListing, Query } from '@shop/shared';
import { defineQuery } from './app/queries';

/** Product reads used across features (home, listing, product page). */
export const useProductsQuery = defineQuery<Query, ProductListing>((query) => ({
  path: 'products',
  query,
}));

export const useProductBySlugQuery = defineQuery<string, { item: ProductDetail }>((slug) => ({
  path: `products/by-slug/${encodeURIComponent(slug)}`,
}));
