/**
 * The search module: `/suggestions` (the search box while typing) and `/top-searched-products`.
 * engine.ts (what a text means as ranked ids, the search log) is also what the product listing's
 * `q` reads; ranking.ts says what a text means, searchIndex.ts finds and scores it in memory.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { limitOf } from '../../hooks/rateLimits';
import { endpointSchema } from '../../http/endpoint';
import { searchIndexOf } from './searchIndex';
import { isLoggedSuggestion, suggest, topSearched } from './suggestions';

/** `q` of a query string not yet validated (a rate limit looks before the schema does). */
function textOf(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null || !('q' in query)) return undefined;
  return typeof query.q === 'string' ? query.q : undefined;
}

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, catalogueFeed, rateLimits } = app.deps;
  const { db } = database;
  const catalogue = { feed: catalogueFeed, index: searchIndexOf(catalogueFeed) };
  const tags = ['search'];

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
        tags,
        description: 'Fewer than 3 characters (trimmed) answer empty lists without a database query.',
        ...endpointSchema('GET suggestions'),
      },
    },
    async (request) => ({
      status: true as const,
      data: await suggest(db, request.query.q, catalogue),
    }),
  );

  app.get(
    '/top-searched-products',
    { schema: { tags, ...endpointSchema('GET top-searched-products') } },
    async () => ({
      status: true as const,
      data: await topSearched(db, catalogue),
    }),
  );
};
