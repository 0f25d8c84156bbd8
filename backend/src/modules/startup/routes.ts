import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { responses } from '@shop/contract/schemas/common';
import { StartupContent } from '@shop/contract/schemas/startup';
import { getStartupContent } from '../services/startup';
import type { RouteDeps } from './deps';

export const startupRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
  app.get(
    '/startup-content',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Configuration, site map, currencies and messages every page needs',
        response: responses(StartupContent),
      },
    },
    async () => ({ status: true as const, data: await getStartupContent(database.db) }),
  );
};
