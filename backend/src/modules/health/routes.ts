import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { responses } from '@shop/contract/schemas/common';
import { checkDatabase } from '../services/health';
import type { RouteDeps } from './deps';

export const healthRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: responses(
          Type.Object({
            ok: Type.Boolean(),
            database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
          }),
        ),
      },
    },
    async () => {
      await checkDatabase(database.db);
      return { status: true as const, data: { ok: true, database: database.kind } };
    },
  );
};
