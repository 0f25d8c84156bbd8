/**
 * The content module: `/page-content/:page` (about, payments, shipping, cancellation-returns,
 * contact) and `/contact-us` (the contact form).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { limitOf } from '../../hooks/rateLimits';
import { endpointSchema } from '../../http/endpoint';
import { contactUs, pageContent } from './content';

export const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, rateLimits } = app.deps;
  const { db } = database;
  const tags = ['content'];

  app.get(
    '/page-content/:page',
    { schema: { tags, ...endpointSchema('GET page-content/:page') } },
    async (request) => ({ status: true as const, data: await pageContent(db, request.params.page) }),
  );

  app.post(
    '/contact-us',
    {
      config: { rateLimit: limitOf(rateLimits, 'contactUs') },
      schema: { tags, ...endpointSchema('POST contact-us') },
    },
    async (request, reply) => {
      await contactUs(db, request.body);
      return reply.code(201).send({ status: true as const, data: {} });
    },
  );
};
