/**
 * The home module: the home page's blocks (`/hero-slides`, `/deals-of-the-day`, `/banners`,
 * `/category-blocks`) and product lists (`/exclusive-products`, `/handmade-products`,
 * `/top-selling-products`, `/spotlight`, `/product-type-spotlight/:type`). Public GETs.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import {
  dealOfTheDay,
  type HomeList,
  homeList,
  listBanners,
  listCategoryBlocks,
  listHeroSlides,
  productTypeSpotlight,
} from './home';

/** The fixed product lists, each with its endpoint. */
const LISTS = [
  ['/exclusive-products', 'GET exclusive-products', 'exclusive'],
  ['/handmade-products', 'GET handmade-products', 'handmade'],
  ['/top-selling-products', 'GET top-selling-products', 'top-selling'],
  ['/spotlight', 'GET spotlight', 'spotlight'],
] as const satisfies readonly (readonly [path: string, key: string, list: HomeList])[];

export const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const tags = ['home'];

  app.get('/hero-slides', { schema: { tags, ...endpointSchema('GET hero-slides') } }, async () => ({
    status: true as const,
    data: { items: await listHeroSlides(db) },
  }));

  app.get('/deals-of-the-day', { schema: { tags, ...endpointSchema('GET deals-of-the-day') } }, async () => ({
    status: true as const,
    data: { deal: await dealOfTheDay(db) },
  }));

  app.get('/banners', { schema: { tags, ...endpointSchema('GET banners') } }, async () => ({
    status: true as const,
    data: { items: await listBanners(db) },
  }));

  app.get('/category-blocks', { schema: { tags, ...endpointSchema('GET category-blocks') } }, async () => ({
    status: true as const,
    data: { items: await listCategoryBlocks(db) },
  }));

  for (const [path, key, list] of LISTS) {
    app.get(path, { schema: { tags, ...endpointSchema(key) } }, async () => ({
      status: true as const,
      data: { items: await homeList(db, list) },
    }));
  }

  app.get(
    '/product-type-spotlight/:type',
    { schema: { tags, ...endpointSchema('GET product-type-spotlight/:type') } },
    async (request) => ({
      status: true as const,
      data: { items: await productTypeSpotlight(db, request.params.type) },
    }),
  );
};
