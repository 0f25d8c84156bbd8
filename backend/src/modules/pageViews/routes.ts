import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { responses } from '@shop/contract/schemas/common';
import { recordPageView } from '../services/pageViews';
import type { RouteDeps } from './deps';

const Address = Type.String({ minLength: 1, maxLength: 2048 });

export const pageViewRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
  app.post(
    '/page-views',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Count one page view',
        description:
          "Sent by the shell once per page view. Only the route is stored (no query string, secrets such as a reset link's hash replaced by the route pattern) and the referrer reduced to a route of this shop or a foreign origin. Nothing personal is kept: no IP, user, token or user agent. Operators read the counts with `npm run admin -- page-views`.",
        body: Type.Object({
          path: Type.String({ pattern: '^/', maxLength: 2048, description: 'location.pathname' }),
          referrer: Type.Optional(Address),
        }),
        response: responses(Type.Object({})),
      },
    },
    async (request) => {
      const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
      await recordPageView(database.db, request.body, origin);
      return { status: true as const, data: {} };
    },
  );
};
