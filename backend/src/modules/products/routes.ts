import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createdResponses } from '@shop/contract/schemas/auth';
import {
  BoughtTogether,
  Gallery,
  NotifyMeBody,
  NotifyMeResult,
  ProductBySlug,
  ProductBySlugParams,
  ProductGroups,
  ProductIdParams,
  ProductListing,
  ProductListingQuery,
  QuestionBody,
  QuestionCreated,
  QuestionPage,
  QuestionPageQuery,
  ReviewPage,
  ReviewPageQuery,
} from '@shop/contract/schemas/catalogue';
import { responses } from '@shop/contract/schemas/common';
import { limitOf } from '../hooks/rateLimits';
import {
  askQuestion,
  boughtTogether,
  gallery,
  groupedProducts,
  notifyMe,
  questionPage,
  reviewPage,
} from '../services/productExtras';
import { FacetCache, getProductBySlug, listProducts, TtlCache } from '../services/products';
import { WorkGate } from '../services/workGate';

/** One attribute-filtered listing at a time per process: a core and most of the pool stay free. */
const ATTRIBUTE_FILTER_CONCURRENCY = 1;
const ATTRIBUTE_FILTER_MAX_WAIT_MS = 5000;

import type { RouteDeps } from './deps';

export const productRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (
  app,
  { database, catalogue, rateLimits },
) => {
  const { db } = database;
  const tags = ['catalogue'];
  const facetCache = new FacetCache(catalogue?.facetCacheTtlMs ?? 0);
  const searchCache = new TtlCache<number[]>(catalogue?.searchCacheTtlMs ?? 0);
  const attributeGate = new WorkGate(
    catalogue?.attributeFilterConcurrency ?? ATTRIBUTE_FILTER_CONCURRENCY,
    catalogue?.attributeFilterMaxWaitMs ?? ATTRIBUTE_FILTER_MAX_WAIT_MS,
  );

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'Product listing with filters, disjunctive facets and paging',
        description:
          "q: every word in the product's text (title over descriptions) or in its type, category, sub-category or line name; a typo-tolerant trigram match when nothing matches; by relevance unless `sort` is given. `f` malformed → 400 naming f. Facet counts ignore their own group's selection.",
        querystring: ProductListingQuery,
        response: responses(ProductListing),
      },
    },
    async (request) => ({
      status: true as const,
      data: await listProducts(db, request.query, facetCache, searchCache, attributeGate),
    }),
  );

  app.get(
    '/products/by-slug/:slug',
    {
      schema: {
        tags,
        summary: 'One product with its details (records a view)',
        params: ProductBySlugParams,
        response: responses(ProductBySlug),
      },
    },
    async (request) => ({
      status: true as const,
      data: { item: await getProductBySlug(db, request.params.slug) },
    }),
  );

  app.get(
    '/products/grouped-products/:id',
    {
      schema: {
        tags,
        summary: 'Variant groups of a product',
        params: ProductIdParams,
        response: responses(ProductGroups),
      },
    },
    async (request) => ({
      status: true as const,
      data: { items: await groupedProducts(db, request.params.id) },
    }),
  );

  app.get(
    '/products/gallery/:id',
    {
      schema: {
        tags,
        summary: 'Images and videos of a product',
        params: ProductIdParams,
        response: responses(Gallery),
      },
    },
    async (request) => ({ status: true as const, data: { items: await gallery(db, request.params.id) } }),
  );

  app.get(
    '/products/bought-together/:id',
    {
      schema: {
        tags,
        summary: 'Frequently bought together (best sellers of the same category)',
        params: ProductIdParams,
        response: responses(BoughtTogether),
      },
    },
    async (request) => ({
      status: true as const,
      data: { items: await boughtTogether(db, request.params.id) },
    }),
  );

  app.get(
    '/product-reviews',
    {
      schema: {
        tags,
        summary: 'Reviews of a product, 5 a page, newest first',
        querystring: ReviewPageQuery,
        response: responses(ReviewPage),
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Questions (and answers) about a product, 5 a page, newest first',
        querystring: QuestionPageQuery,
        response: responses(QuestionPage),
      },
    },
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
        summary: 'Ask a question about a product (50-200 characters)',
        description: "422 VALIDATION_FAILED with the spec's message per field; 404 for an unknown product.",
        body: QuestionBody,
        response: createdResponses(QuestionCreated),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ status: true as const, data: { item: await askQuestion(db, request.body) } }),
  );

  app.post(
    '/notify-me',
    {
      config: { rateLimit: limitOf(rateLimits, 'notifyMe') },
      schema: {
        tags,
        summary: 'Mail me when the product is back in stock (idempotent per product and e-mail)',
        body: NotifyMeBody,
        response: responses(NotifyMeResult),
      },
    },
    async (request) => {
      await notifyMe(db, request.body);
      return { status: true as const, data: { subscribed: true as const } };
    },
  );
};
