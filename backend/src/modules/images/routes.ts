/**
 * The images module: `/images/<kind>/:id.svg`, the generated pictures of the catalogue (products,
 * types, slides, banners, …). Files, not JSON: they are outside the contract's endpoint table.
 */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { ErrorEnvelope, Id } from '@shop/contract/schemas/common';
import { catalogueImage, IMAGE_KINDS } from '../../services/images';

/** The SVG for an id never changes (the name is part of the seed), so browsers may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.deps;
  for (const kind of IMAGE_KINDS) {
    app.get(
      `/images/${kind}/:id.svg`,
      {
        schema: {
          tags: ['images'],
          summary: `Generated picture of one of the ${kind}`,
          description:
            'Answers `image/svg+xml` (cached a year). An id that is not a positive int4 answers 400 and an unknown one 404, both as the JSON error envelope.',
          params: Type.Object({ id: Id() }),
          produces: ['image/svg+xml', 'application/json'],
          response: {
            200: {
              description: 'SVG document',
              content: { 'image/svg+xml': { schema: Type.String() } },
            },
            400: {
              description: 'The id is not a positive integer within int4',
              content: { 'application/json': { schema: ErrorEnvelope } },
            },
            404: {
              description: 'No such picture',
              content: { 'application/json': { schema: ErrorEnvelope } },
            },
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
