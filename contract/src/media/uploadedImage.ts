/**
 * Pictures an admin uploads (issue 22): the limits both the back office's form and the backend
 * apply, the refusals they show, and the shape of an uploaded picture's address. The backend keeps
 * WebP renditions of each upload at the widths of RENDITION_WIDTHS (responsiveImage.ts) and serves
 * them at `/backend/api/images/uploaded/<id>/<width>.webp`; `<id>.webp` is the largest.
 */
import { RENDITION_FORMAT } from './responsiveImage';

/** The types an admin may upload. */
export const UPLOADED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** Largest file accepted: a camera's JPEG fits. */
export const UPLOADED_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Most pixels decoded (a 40 MP camera photo; ~120 MB as RGB). */
export const UPLOADED_IMAGE_MAX_PIXELS = 40_000_000;
/** Longest side decoded: WebP's own limit, so every rendition can be written. */
export const UPLOADED_IMAGE_MAX_SIDE_PX = 16_383;

export const UPLOADED_IMAGE_MESSAGES = {
  type: 'Choose a JPEG, PNG, WebP or AVIF picture.',
  size: `The picture may be at most ${UPLOADED_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
  pixels: `The picture may be at most ${UPLOADED_IMAGE_MAX_PIXELS / 1_000_000} megapixels and ${UPLOADED_IMAGE_MAX_SIDE_PX} pixels wide or high.`,
  broken: 'The picture could not be read: the file is damaged or incomplete.',
  missing: 'Choose a picture to upload.',
} as const;

/** The address of an uploaded picture's largest rendition. */
export const uploadedImageUrl = (id: number): string =>
  `/backend/api/images/uploaded/${id}.${RENDITION_FORMAT}`;

/** What the form checks before sending (the backend decodes and checks again): null when fine. */
export function uploadedImageProblem(file: { type: string; size: number }): string | null {
  if (!(UPLOADED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOADED_IMAGE_MESSAGES.type;
  if (file.size > UPLOADED_IMAGE_MAX_BYTES) return UPLOADED_IMAGE_MESSAGES.size;
  return null;
}
