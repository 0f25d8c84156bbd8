/**
 * The startup module: `/startup-content`, what every page needs (configuration, site map,
 * currencies, messages). The server also embeds it in the first HTML answer (app.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { getStartupContent } from './startup';

export const startupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/startup-content',
    { schema: { tags: ['storefront'], ...endpointSchema('GET startup-content') } },
    async () => ({ status: true as const, data: await getStartupContent(db) }),
  );
};
