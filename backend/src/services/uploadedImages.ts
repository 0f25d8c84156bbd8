/**
 * Pictures an admin uploads for the catalogue and the site's content (issue 22): decoded once, at
 * upload, into WebP renditions at the widths the storefront asks for (RENDITION_WIDTHS of
 * @shop/contract/media), kept in PostgreSQL (uploaded_images, uploaded_image_renditions) so every
 * API instance serves the same bytes, and served with immutable cache headers (an id's bytes never
 * change: a new picture is a new upload, a new id).
 *
 * Like a shopper's logo (services/uploads.ts), the file is never trusted: its header is read
 * first (format, and the size checked before a pixel is decoded), then the pixels are decoded
 * (truncated or broken data refused: `failOn: 'warning'`), turned upright (EXIF orientation) and
 * written again as WebP alone, so no EXIF, GPS position, ICC profile or trailing bytes survive.
 * The original file is not kept: only what the shop serves.
 */
import {
  RENDITION_WIDTHS,
  UPLOADED_IMAGE_MAX_BYTES,
  UPLOADED_IMAGE_MAX_PIXELS,
  UPLOADED_IMAGE_MAX_SIDE_PX,
  UPLOADED_IMAGE_MESSAGES,
  uploadedImageUrl,
} from '@shop/contract/media';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { and, desc, eq, lte } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../db/client';
import { uploadedImageRenditions, uploadedImages } from '../db/schema';
import { AppError } from '../errors';
import type { FileAllowance } from '../http/multipartForm';
import { runDecode } from './uploads';

/** The form field the picture comes in. */
export const IMAGE_FIELD = 'file';
/** WebP quality of photographs (the generated drawings use 75: flat colours). */
export const UPLOADED_IMAGE_QUALITY = 80;
/** libwebp's effort (0-6): made once per upload, served many times, so more than the drawings' 1. */
export const UPLOADED_IMAGE_EFFORT = 4;
/** A decode (or all the renditions of one picture) still running after this long is stopped. */
const DECODE_TIMEOUT_S = 30;
/** The widest rendition made: the hero's 2x desktop. */
export const UPLOADED_IMAGE_MAX_WIDTH = Math.max(...RENDITION_WIDTHS);

export const imageTooLarge = (field = IMAGE_FIELD) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', UPLOADED_IMAGE_MESSAGES.size, {
    [field]: UPLOADED_IMAGE_MESSAGES.size,
  });
export const imageNotAccepted = (field = IMAGE_FIELD) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOADED_IMAGE_MESSAGES.type, {
    [field]: UPLOADED_IMAGE_MESSAGES.type,
  });
export const imageTooManyPixels = (field = IMAGE_FIELD) =>
  AppError.unprocessable('IMAGE_TOO_LARGE', UPLOADED_IMAGE_MESSAGES.pixels, {
    [field]: UPLOADED_IMAGE_MESSAGES.pixels,
  });
export const imageBroken = (field = IMAGE_FIELD) =>
  AppError.badRequest(UPLOADED_IMAGE_MESSAGES.broken, { [field]: UPLOADED_IMAGE_MESSAGES.broken });
export const imageMissing = (field = IMAGE_FIELD) =>
  AppError.badRequest(UPLOADED_IMAGE_MESSAGES.missing, { [field]: UPLOADED_IMAGE_MESSAGES.missing });

/** The multipart reader's allowance for an admin's picture: 8 MB, refused 413 beyond. */
export const IMAGE_ALLOWANCE: FileAllowance = { maxBytes: UPLOADED_IMAGE_MAX_BYTES, tooLarge: imageTooLarge };

/** Decoded formats: sharp names AVIF 'heif' (with AV1 compression; HEIC's HEVC is refused). */
const acceptedFormat = (header: Metadata) =>
  header.format === 'jpeg' ||
  header.format === 'png' ||
  header.format === 'webp' ||
  (header.format === 'heif' && header.compression === 'av1');

/**
 * The widths made of a picture `width` pixels wide (upright, before any resize): every rendition
 * width narrower than it, and its own width (capped at the widest rendition), which is the
 * largest. A picture is never enlarged.
 */
export function renditionWidthsOf(width: number): number[] {
  const largest = Math.min(width, UPLOADED_IMAGE_MAX_WIDTH);
  return [...RENDITION_WIDTHS.filter((each) => each < largest), largest];
}

export interface MadeRenditions {
  /** The largest rendition's size. */
  width: number;
  height: number;
  /** WebP bytes by width, largest first. */
  renditions: Map<number, Buffer>;
}

/**
 * The renditions of an uploaded file. 413 over 8 MB; 415 for anything not a JPEG, PNG, WebP or
 * AVIF by its header; 422 over 40 megapixels or WebP's side (refused from the header, before any
 * pixel is decoded); 400 for a file whose pixels cannot be read to the end (truncated, damaged).
 */
export async function makeRenditions(bytes: Buffer, field = IMAGE_FIELD): Promise<MadeRenditions> {
  if (bytes.length > UPLOADED_IMAGE_MAX_BYTES) throw imageTooLarge(field);
  let header: Metadata;
  try {
    // The header alone: sharp's own pixel limit would refuse an oversized picture as a broken one.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw imageNotAccepted(field);
  }
  if (!acceptedFormat(header)) throw imageNotAccepted(field);
  const { width, height } = header;
  if (
    width > UPLOADED_IMAGE_MAX_SIDE_PX ||
    height > UPLOADED_IMAGE_MAX_SIDE_PX ||
    width * height > UPLOADED_IMAGE_MAX_PIXELS
  ) {
    throw imageTooManyPixels(field);
  }
  return runDecode(async () => {
    try {
      // Decoded once, upright, down to the largest rendition (JPEG decodes at a fraction of its
      // size when it can); every smaller width is made from those pixels, not from the file again.
      const base = await sharp(bytes, {
        limitInputPixels: UPLOADED_IMAGE_MAX_PIXELS,
        failOn: 'warning',
        sequentialRead: true,
        autoOrient: true,
      })
        .timeout({ seconds: DECODE_TIMEOUT_S })
        .resize({ width: UPLOADED_IMAGE_MAX_WIDTH, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { info } = base;
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const renditions = new Map<number, Buffer>();
      for (const each of renditionWidthsOf(info.width).sort((a, b) => b - a)) {
        // Without keepMetadata sharp writes no EXIF, XMP nor ICC profile.
        renditions.set(
          each,
          await sharp(base.data, raw)
            .timeout({ seconds: DECODE_TIMEOUT_S })
            .resize({ width: each, withoutEnlargement: true })
            .webp({ quality: UPLOADED_IMAGE_QUALITY, effort: UPLOADED_IMAGE_EFFORT })
            .toBuffer(),
        );
      }
      return { width: info.width, height: info.height, renditions };
    } catch {
      // Pixel data that ends early or is damaged behind a valid header, or a decode stopped by the
      // timeout: the file, not the server, is at fault.
      throw imageBroken(field);
    }
  });
}

const answerOf = (row: { id: number; width: number; height: number }): UploadedImage => ({
  id: row.id,
  url: uploadedImageUrl(row.id),
  width: row.width,
  height: row.height,
});

/** Stores the renditions made of an upload (in the caller's transaction); answers the new picture. */
export async function storeUploadedImage(
  db: Database,
  made: MadeRenditions,
  uploadedBy: number | null,
): Promise<UploadedImage> {
  const [row] = await db
    .insert(uploadedImages)
    .values({ width: made.width, height: made.height, uploadedBy })
    .returning({ id: uploadedImages.id, width: uploadedImages.width, height: uploadedImages.height });
  if (!row) throw new Error('uploaded image not stored');
  await db
    .insert(uploadedImageRenditions)
    .values([...made.renditions].map(([width, bytes]) => ({ imageId: row.id, width, bytes })));
  return answerOf(row);
}

/** An uploaded picture by id, or null. */
export async function uploadedImageOf(db: Database, id: number): Promise<UploadedImage | null> {
  const [row] = await db
    .select({ id: uploadedImages.id, width: uploadedImages.width, height: uploadedImages.height })
    .from(uploadedImages)
    .where(eq(uploadedImages.id, id));
  return row ? answerOf(row) : null;
}

/**
 * 400 naming the field when `id` is not an uploaded picture (a form pointing a record at one).
 * null passes: no picture, the generated drawing.
 */
export async function checkUploadedImage(db: Database, id: number | null, field = 'image_id'): Promise<void> {
  if (id === null) return;
  if (!(await uploadedImageOf(db, id))) {
    throw AppError.badRequest(`Picture ${id} was not uploaded.`, { [field]: 'is not an uploaded picture' });
  }
}

/**
 * The bytes of an uploaded picture at `width` (one of RENDITION_WIDTHS, or undefined for the
 * largest): the widest rendition not wider, so a srcset's 1600w of a 1000 px picture gets the
 * 1000 px one. 404 for an unknown id.
 */
export async function uploadedRendition(db: Database, id: number, width?: number): Promise<Buffer> {
  const [row] = await db
    .select({ bytes: uploadedImageRenditions.bytes })
    .from(uploadedImageRenditions)
    .where(
      and(
        eq(uploadedImageRenditions.imageId, id),
        ...(width === undefined ? [] : [lte(uploadedImageRenditions.width, width)]),
      ),
    )
    .orderBy(desc(uploadedImageRenditions.width))
    .limit(1);
  if (!row) throw AppError.notFound('Picture not found.');
  return row.bytes;
}
