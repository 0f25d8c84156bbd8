import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '../schemas/common';
import { catalogueImage, IMAGE_KINDS } from '../services/images';
import type { RouteDeps } from './deps';

/** The SVG for an id never changes (the name is part of the seed), so browsers may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imageRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { database }) => {
  for (const kind of IMAGE_KINDS) {
    app.get(
      `/images/${kind}/:id.svg`,
      {
        schema: {
          tags: ['images'],
          summary: `Generated picture of one of the ${kind}`,
          params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
          produces: ['image/svg+xml'],
          response: {
            200: Type.String({ description: 'SVG document' }),
            '4xx': ErrorEnvelope,
            '5xx': ErrorEnvelope,
          },
        },
      },
      async (request, reply) => {
        const svg = await catalogueImage(database.db, kind, request.params.id);
        return reply.header('cache-control', IMMUTABLE).type('image/svg+xml; charset=utf-8').send(svg);
      },
    );
  }
};
