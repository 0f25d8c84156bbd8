/** The health module: `/health`, liveness and a database round trip. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { checkDatabase } from './health';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.deps;
  app.get('/health', { schema: { tags: ['system'], ...endpointSchema('GET health') } }, async () => {
    await checkDatabase(database.db);
    return { status: true as const, data: { ok: true, database: database.kind } };
  });
};
