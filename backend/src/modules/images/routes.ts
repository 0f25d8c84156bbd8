/**
 * The images module: the generated pictures of the catalogue (products, types, slides, banners, …)
 * as `/images/<kind>/:id.svg`, and their WebP renditions as `/images/<kind>/:id/<width>.webp`
 * (services/imageRenditions.ts: stored in the database, drawn on first request when missing); and
 * the pictures admins upload, `/images/uploaded/:id.webp` (the largest) and
 * `/images/uploaded/:id/<width>.webp` (services/uploadedImages.ts: made at upload, stored in the
 * database). Files, not JSON: they are outside the contract's endpoint table.
 */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { ErrorEnvelope, Id, INT4_MAX } from '@shop/contract/schemas/common';
import { AppError } from '../../errors';
import {
  ImageRenditions,
  RENDITION_CONTENT_TYPE,
  RENDITION_FORMAT,
  RENDITION_WIDTHS,
} from '../../services/imageRenditions';
import { catalogueImage, IMAGE_KINDS } from '../../services/images';
import { uploadedRendition } from '../../services/uploadedImages';

/**
 * A picture's bytes for an id never change while its name does not (the name is part of the
 * seed), so browsers may keep it a year.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `<width>.<format>` of a rendition's address. */
const Rendition = Type.String({
  pattern: '^[0-9]{1,5}\\.[a-z0-9]{1,8}$',
  description: `<width>.<format>, e.g. 320.${RENDITION_FORMAT}`,
});

const webpAnswer = {
  description: `${RENDITION_FORMAT} picture`,
  content: {
    [RENDITION_CONTENT_TYPE]: { schema: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }) },
  },
};

/** A rendition's width from `<width>.webp`: 400 for another format or a width not offered. */
function uploadedWidthOf(rendition: string): number {
  const [width = '', format = ''] = rendition.split('.');
  if (format !== RENDITION_FORMAT) {
    throw AppError.badRequest(`Pictures come as ${RENDITION_FORMAT}, not ${format}.`, {
      format: `must be ${RENDITION_FORMAT}`,
    });
  }
  const n = Number(width);
  if (!RENDITION_WIDTHS.includes(n)) {
    throw AppError.badRequest(`Pictures come ${RENDITION_WIDTHS.join(', ')} pixels wide, not ${width}.`, {
      width: `must be one of ${RENDITION_WIDTHS.join(', ')}`,
    });
  }
  return n;
}

const errors = {
  400: {
    description: 'The id is not a positive integer within int4, or the size or format is not made',
    content: { 'application/json': { schema: ErrorEnvelope } },
  },
  404: {
    description: 'No such picture',
    content: { 'application/json': { schema: ErrorEnvelope } },
  },
};

export const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database } = app.deps;
  const renditions = new ImageRenditions(database.db);
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
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const svg = await catalogueImage(database.db, kind, request.params.id);
        return reply.header('cache-control', IMMUTABLE).type('image/svg+xml; charset=utf-8').send(svg);
      },
    );
    app.get(
      `/images/${kind}/:id/:rendition`,
      {
        schema: {
          tags: ['images'],
          summary: `Raster rendition of the picture of one of the ${kind}`,
          description: `Answers \`${RENDITION_CONTENT_TYPE}\` (cached a year), ${RENDITION_WIDTHS.join(', ')} pixels wide. A size or format not made, or an id that is not a positive int4, answers 400 and an unknown id 404, both as the JSON error envelope.`,
          params: Type.Object({
            id: Id(),
            rendition: Rendition,
          }),
          querystring: Type.Object({
            view: Type.Optional(
              Type.Integer({
                minimum: 0,
                maximum: INT4_MAX,
                description: 'Gallery view; the generated drawings are the same for every view',
              }),
            ),
          }),
          produces: [RENDITION_CONTENT_TYPE, 'application/json'],
          response: {
            200: webpAnswer,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const [width = '', format = ''] = request.params.rendition.split('.');
        const bytes = await renditions.get(kind, request.params.id, Number(width), format);
        return reply.header('cache-control', IMMUTABLE).type(RENDITION_CONTENT_TYPE).send(bytes);
      },
    );
  }

  // An uploaded picture's bytes under an id never change (a new picture is a new upload), so they
  // are cached a year like the drawings.
  app.get(
    '/images/uploaded/:id.webp',
    {
      schema: {
        tags: ['images'],
        summary: 'The largest rendition of a picture an admin uploaded',
        description: `Answers \`${RENDITION_CONTENT_TYPE}\` (cached a year). An id that is not a positive int4 answers 400 and an unknown one 404, both as the JSON error envelope.`,
        params: Type.Object({ id: Id() }),
        produces: [RENDITION_CONTENT_TYPE, 'application/json'],
        response: { 200: webpAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const bytes = await uploadedRendition(database.db, request.params.id);
      return reply.header('cache-control', IMMUTABLE).type(RENDITION_CONTENT_TYPE).send(bytes);
    },
  );
  app.get(
    '/images/uploaded/:id/:rendition',
    {
      schema: {
        tags: ['images'],
        summary: 'A rendition of a picture an admin uploaded',
        description: `Answers \`${RENDITION_CONTENT_TYPE}\` (cached a year) for the widths ${RENDITION_WIDTHS.join(', ')}: the widest rendition not wider than asked (a picture is never enlarged). Another size or format, or an id that is not a positive int4, answers 400 and an unknown id 404, both as the JSON error envelope.`,
        params: Type.Object({ id: Id(), rendition: Rendition }),
        produces: [RENDITION_CONTENT_TYPE, 'application/json'],
        response: { 200: webpAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const width = uploadedWidthOf(request.params.rendition);
      const bytes = await uploadedRendition(database.db, request.params.id, width);
      return reply.header('cache-control', IMMUTABLE).type(RENDITION_CONTENT_TYPE).send(bytes);
    },
  );
};
