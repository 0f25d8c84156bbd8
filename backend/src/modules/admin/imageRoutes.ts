/**
 * `admin/images` (issue 22): an admin (staff or owner) uploads a picture for the catalogue or the
 * site's content; it is decoded into its WebP renditions at once (services/uploadedImages.ts) and
 * answered with the id other records then point at. Registered inside adminRoutes (its guard and
 * audit); the renditions are served by modules/images/routes.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { multipartLimits, readMultipartForm } from '../../http/multipartForm';
import {
  IMAGE_ALLOWANCE,
  IMAGE_FIELD,
  imageMissing,
  makeRenditions,
  storeUploadedImage,
} from '../../services/uploadedImages';
import { adminOf, audited } from './audit';

export const adminImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  // One picture, no text field; a byte over 8 MB stops the upload (413) instead of buffering it.
  await app.register(multipart, { limits: multipartLimits(0, IMAGE_ALLOWANCE) });

  app.post(
    '/admin/images',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        description:
          "An admin's bearer token (staff or owner). 413 over 8 MB, 415 not a JPEG, PNG, WebP or AVIF, 422 over 40 megapixels, 400 a damaged or truncated picture or none; each names the field `file`.",
        ...endpointSchema('POST admin/images'),
      },
    },
    async (request, reply) => {
      const { file } = await readMultipartForm(request, [], IMAGE_FIELD, IMAGE_ALLOWANCE);
      if (!file) throw imageMissing();
      // Decoded before the transaction: no connection is held while the pixels are worked on.
      const made = await makeRenditions(file);
      const image = await audited(db, request, (tx) => storeUploadedImage(tx, made, adminOf(request).id), {
        // A creation: nothing before; after, the picture's id and size (never its bytes).
        after: async (_tx, created) => ({ id: created.id, width: created.width, height: created.height }),
        objectId: (created) => String(created.id),
      });
      return reply.code(201).send({ status: true as const, data: { image } });
    },
  );
};
