import { api, type ProductDetail, type ProductListing } from '@shop/shared';
import { createApi } from '@shop/shared/redux';

type QueryArgs = { path: string; query?: Record<string, string | number | undefined> };

/** RTK Query over the shared API client: errors stay values ({status:false}), never throws. */
export const catalogApi = createApi({
  reducerPath: 'catalogApi',
  baseQuery: async ({ path, query }: QueryArgs) => {
    const result = await api.get<unknown>(path, query);
    return result.status ? { data: result.data } : { error: { httpStatus: result.httpStatus } };
  },
  endpoints: (build) => ({
    products: build.query<ProductListing, Record<string, string | number | undefined>>({
      query: (query) => ({ path: 'products', query }),
    }),
    productBySlug: build.query<{ item: ProductDetail }, string>({
      query: (slug) => ({ path: `products/by-slug/${encodeURIComponent(slug)}` }),
    }),
  }),
});

export const { useProductsQuery, useProductBySlugQuery } = catalogApi;
