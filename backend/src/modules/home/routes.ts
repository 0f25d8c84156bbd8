import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Suggestions as SuggestionList } from '@shop/contract';
import { createdResponses } from '@shop/contract/schemas/auth';
import {
  Banners,
  CategoryBlocks,
  ContactBody,
  DealOfTheDay,
  EmptyObject,
  HeroSlides,
  PageContent,
  PageParams,
  ProductItems,
  Suggestions,
  SuggestionsQuery,
  TopSearched,
  TypeParams,
} from '@shop/contract/schemas/catalogue';
import { responses } from '@shop/contract/schemas/common';
import { limitOf } from '../hooks/rateLimits';
import { contactUs, pageContent } from '../services/content';
import {
  dealOfTheDay,
  type HomeList,
  homeList,
  listBanners,
  listCategoryBlocks,
  listHeroSlides,
  productTypeSpotlight,
} from '../services/home';
import { TtlCache } from '../services/products';
import { isLoggedSuggestion, suggest, topSearched } from '../services/search';
import type { RouteDeps } from './deps';

/** `q` of a query string not yet validated (a rate limit looks before the schema does). */
function textOf(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null || !('q' in query)) return undefined;
  return typeof query.q === 'string' ? query.q : undefined;
}

/** Home page, search box and content pages: public GETs (plus the contact form). */
export const homeRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (
  app,
  { database, catalogue, rateLimits },
) => {
  const { db } = database;
  const suggestionCache = new TtlCache<SuggestionList>(catalogue?.suggestionCacheTtlMs ?? 0);
  const searchCache = new TtlCache<number[]>(catalogue?.searchCacheTtlMs ?? 0);
  const tags = ['home'];

  app.get(
    '/suggestions',
    {
      // Only what is searched and logged counts: short input answers without the database.
      config: {
        rateLimit: limitOf(
          rateLimits,
          'suggestions',
          (request) => !isLoggedSuggestion(textOf(request.query)),
        ),
      },
      schema: {
        tags: ['search'],
        summary: 'Search-box suggestions: up to 4 products, types, categories and sub-categories',
        description: 'Fewer than 3 characters (trimmed) answer empty lists without a database query.',
        querystring: SuggestionsQuery,
        response: responses(Suggestions),
      },
    },
    async (request) => ({
      status: true as const,
      data: await suggest(db, request.query.q, suggestionCache, searchCache),
    }),
  );

  app.get(
    '/top-searched-products',
    {
      schema: {
        tags: ['search'],
        summary:
          'Most opened products of the last 30 days, topped up with the best matches of the most searched words (max 8)',
        response: responses(TopSearched),
      },
    },
    async () => ({ status: true as const, data: await topSearched(db) }),
  );

  app.get(
    '/hero-slides',
    { schema: { tags, summary: 'Hero carousel (at most 5)', response: responses(HeroSlides) } },
    async () => ({ status: true as const, data: { items: await listHeroSlides(db) } }),
  );

  app.get(
    '/deals-of-the-day',
    {
      schema: {
        tags,
        summary: 'The running deal (end_date_time = seconds left) or null',
        response: responses(DealOfTheDay),
      },
    },
    async () => ({ status: true as const, data: { deal: await dealOfTheDay(db) } }),
  );

  app.get(
    '/banners',
    { schema: { tags, summary: 'Promotion banners', response: responses(Banners) } },
    async () => ({ status: true as const, data: { items: await listBanners(db) } }),
  );

  app.get(
    '/category-blocks',
    { schema: { tags, summary: 'Category blocks by position', response: responses(CategoryBlocks) } },
    async () => ({ status: true as const, data: { items: await listCategoryBlocks(db) } }),
  );

  const lists: [path: string, list: HomeList, summary: string][] = [
    ['/exclusive-products', 'exclusive', 'Exclusive line, newest first (8)'],
    ['/handmade-products', 'handmade', 'Handmade line, newest first (8)'],
    ['/top-selling-products', 'top-selling', 'Best sellers (8)'],
    ['/spotlight', 'spotlight', 'Hot items, best rated first (8)'],
  ];
  for (const [path, list, summary] of lists) {
    app.get(path, { schema: { tags, summary, response: responses(ProductItems) } }, async () => ({
      status: true as const,
      data: { items: await homeList(db, list) },
    }));
  }

  app.get(
    '/product-type-spotlight/:type',
    {
      schema: {
        tags,
        summary: "A product type's best rated products (8); 404 for an unknown type",
        params: TypeParams,
        response: responses(ProductItems),
      },
    },
    async (request) => ({
      status: true as const,
      data: { items: await productTypeSpotlight(db, request.params.type) },
    }),
  );

  app.get(
    '/page-content/:page',
    {
      schema: {
        tags: ['content'],
        summary: 'about, payments, shipping, cancellation-returns or contact (sanitised HTML); 404 otherwise',
        params: PageParams,
        response: responses(PageContent),
      },
    },
    async (request) => ({ status: true as const, data: await pageContent(db, request.params.page) }),
  );

  app.post(
    '/contact-us',
    {
      config: { rateLimit: limitOf(rateLimits, 'contactUs') },
      schema: {
        tags: ['content'],
        summary: 'Send an inquiry (stored); 422 with the spec messages',
        body: ContactBody,
        response: createdResponses(EmptyObject),
      },
    },
    async (request, reply) => {
      await contactUs(db, request.body);
      return reply.code(201).send({ status: true as const, data: {} });
    },
  );
};
