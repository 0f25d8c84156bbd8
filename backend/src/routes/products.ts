import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ProductBySlug,
  ProductBySlugParams,
  ProductListing,
  ProductListingQuery,
} from '../schemas/catalogue';
import { responses } from '../schemas/common';
import { getProductBySlug, listProducts } from '../services/products';
import type { RouteDeps } from './deps';

export const productRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product listing with filters, facets and paging',
        querystring: ProductListingQuery,
        response: responses(ProductListing),
      },
    },
    async (request) => ({ status: true as const, data: await listProducts(database.db, request.query) }),
  );

  app.get(
    '/products/by-slug/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its details',
        params: ProductBySlugParams,
        response: responses(ProductBySlug),
      },
    },
    async (request) => ({
      status: true as const,
      data: { item: await getProductBySlug(database.db, request.params.slug) },
    }),
  );
};
