/**
 * Pictures an admin uploads (issue 22, backend/src/modules/admin/imageRoutes.ts): one multipart
 * field `file`; the answer names the picture other records then point at by its id. The limits
 * and messages are in ../media/uploadedImage.ts.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';

export const UploadedImage = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  url: Type.String({ description: '/backend/api/images/uploaded/<id>.webp: the largest rendition' }),
  width: Type.Integer({ description: "The largest rendition's width in pixels, upright" }),
  height: Type.Integer({ description: "The largest rendition's height in pixels" }),
});
export type UploadedImage = Static<typeof UploadedImage>;

export const UploadedImageAnswer = Type.Object({ image: UploadedImage });
export type UploadedImageAnswer = Static<typeof UploadedImageAnswer>;

export const imageUploadEndpoints = endpoints({
  'POST admin/images': {
    summary:
      'Upload a picture (multipart/form-data, field `file`: JPEG, PNG, WebP or AVIF, at most 8 MB and 40 megapixels); staff or owner',
    multipart: true,
    created: true,
    response: UploadedImageAnswer,
  },
});
