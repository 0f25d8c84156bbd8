/**
 * The products module: `/products` (listing), `/products/*` (one product, its variants, gallery and
 * bought-together), `/product-reviews`, `/product-questions` and `/notify-me`. The search text a
 * listing filters by is read through modules/search/engine.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { limitOf } from '../../hooks/rateLimits';
import { endpointSchema } from '../../http/endpoint';
import { searchIndexOf } from '../search/searchIndex';
import { cardSpecificationsOf } from './cardSpecifications';
import {
  askQuestion,
  boughtTogether,
  gallery,
  groupedProducts,
  notifyMe,
  questionPage,
  reviewPage,
} from './productExtras';
import { getProductBySlug, listProducts } from './products';

export const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, catalogueFeed, catalogueIndex, rateLimits } = app.deps;
  const { db } = database;
  const tags = ['catalogue'];
  const catalogue = {
    feed: catalogueFeed,
    index: catalogueIndex,
    search: searchIndexOf(catalogueFeed),
    specifications: cardSpecificationsOf(catalogueFeed),
  };

  // The indexes load as soon as the server listens, not on the first listing: a listing arriving
  // meanwhile joins that load and answers when it ends (seconds at 1,000,000 products); a load
  // that fails (the database away) is tried again by the next listing, which then answers 503.
  app.addHook('onListen', async () => {
    catalogueFeed.refresh().catch((error: unknown) => {
      app.log.warn(`catalogue: the first load failed, the next listing tries again (${String(error)})`);
    });
  });

  app.get(
    '/products',
    {
      schema: {
        tags,
        description:
          "q: every word in the product's text (title over descriptions) or in its type, category, sub-category or line name; a typo-tolerant trigram match when nothing matches; by relevance unless `sort` is given. `f` malformed → 400 naming f. Facet counts ignore their own group's selection.",
        ...endpointSchema('GET products'),
      },
    },
    async (request) => ({
      status: true as const,
      data: await listProducts(db, request.query, catalogue),
    }),
  );

  app.get(
    '/products/by-slug/:slug',
    { schema: { tags, ...endpointSchema('GET products/by-slug/:slug') } },
    async (request) => ({
      status: true as const,
      data: { item: await getProductBySlug(db, request.params.slug) },
    }),
  );

  app.get(
    '/products/grouped-products/:id',
    { schema: { tags, ...endpointSchema('GET products/grouped-products/:id') } },
    async (request) => ({
      status: true as const,
      data: { items: await groupedProducts(db, request.params.id) },
    }),
  );

  app.get(
    '/products/gallery/:id',
    { schema: { tags, ...endpointSchema('GET products/gallery/:id') } },
    async (request) => ({ status: true as const, data: { items: await gallery(db, request.params.id) } }),
  );

  app.get(
    '/products/bought-together/:id',
    { schema: { tags, ...endpointSchema('GET products/bought-together/:id') } },
    async (request) => ({
      status: true as const,
      data: { items: await boughtTogether(db, request.params.id) },
    }),
  );

  app.get(
    '/product-reviews',
    { schema: { tags, ...endpointSchema('GET product-reviews') } },
    async (request) => ({
      status: true as const,
      data: await reviewPage(db, request.query['ProductReviewsSearch[product_id]'], {
        page: request.query.page,
        oldestFirst: request.query.sort === 'created_at',
      }),
    }),
  );

  app.get(
    '/product-questions',
    { schema: { tags, ...endpointSchema('GET product-questions') } },
    async (request) => ({
      status: true as const,
      data: await questionPage(db, request.query['ProductQuestionsSearch[product_id]'], {
        page: request.query.page,
        oldestFirst: request.query.sort === 'question_time',
      }),
    }),
  );

  app.post(
    '/product-questions/create',
    {
      config: { rateLimit: limitOf(rateLimits, 'productQuestions') },
      schema: {
        tags,
        description: "422 VALIDATION_FAILED with the spec's message per field; 404 for an unknown product.",
        ...endpointSchema('POST product-questions/create'),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ status: true as const, data: { item: await askQuestion(db, request.body) } }),
  );

  app.post(
    '/notify-me',
    {
      config: { rateLimit: limitOf(rateLimits, 'notifyMe') },
      schema: { tags, ...endpointSchema('POST notify-me') },
    },
    async (request) => {
      await notifyMe(db, request.body);
      return { status: true as const, data: { subscribed: true as const } };
    },
  );
};
