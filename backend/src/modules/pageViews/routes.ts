/**
 * The page-views module: `/page-views`, the shell's count of one page view. Operators read the
 * counts with `npm run admin -- page-views` (pageViewCounts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { recordPageView } from './pageViews';

export const pageViewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  app.post(
    '/page-views',
    {
      schema: {
        tags: ['analytics'],
        description:
          "Sent by the shell once per page view. Only the route is stored (no query string, secrets such as a reset link's hash replaced by the route pattern) and the referrer reduced to a route of this shop or a foreign origin. Nothing personal is kept: no IP, user, token or user agent. Operators read the counts with `npm run admin -- page-views`.",
        ...endpointSchema('POST page-views'),
      },
    },
    async (request) => {
      const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
      await recordPageView(db, request.body, origin);
      return { status: true as const, data: {} };
    },
  );
};
