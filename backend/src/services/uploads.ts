/**
 * Files shoppers upload (customization logos, proofs of payment, feedback pictures): decoded as a
 * picture, never trusted by their name, declared type or first bytes; stored under generated names
 * in the file store (services/fileStore.ts: PostgreSQL, or an S3-compatible bucket), which every
 * API instance shares, and read back only through an endpoint that checks who asks.
 *
 * What is stored is never the shopper's file but the picture in it, written again by sharp (libvips):
 * the header's size is checked before any pixel is decoded (a 30000×30000 PNG fits in 875 KB of
 * zeros and would take 2.7 GB to decode), the pixels are decoded and turned upright (EXIF
 * orientation), and a new PNG (for a PNG) or JPEG (for a JPEG) is encoded from them alone. So
 * anything riding along in the file is gone: bytes after the image's end (a PNG followed by HTML),
 * EXIF with its GPS position, comments, XMP, text chunks; colours are converted to sRGB and the
 * ICC profile dropped.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_MAX_BYTES, MESSAGES } from '@shop/contract/validation';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import type { FileStore } from './fileStore';

export { LOGO_MAX_BYTES };

/** Widest or tallest picture decoded: beyond any logo, screenshot or phone photo's side. */
export const UPLOAD_MAX_SIDE_PX = 8192;
/** Pixels of one picture (a 6000×4000 camera photo is 24 MP): at most ~100 MB once decoded. */
export const UPLOAD_MAX_PIXELS = 25_000_000;
/**
 * Pictures decoded at once, each on one libvips thread: a burst of uploads queues here instead of
 * taking both cores of the machine (and libuv's pool, which file reads and password hashing share).
 */
export const UPLOAD_DECODES_AT_ONCE = 1;
/** libvips threads working on one picture. */
export const UPLOAD_THREADS_PER_DECODE = 1;
/** A decode still running after this long is stopped (and the file refused). */
export const UPLOAD_DECODE_TIMEOUT_S = 10;
/** Quality of the JPEG written again: a proof of payment's small print stays legible. */
export const UPLOAD_JPEG_QUALITY = 90;

// Process-wide (the picture renditions of services/imageRenditions.ts get the same): no cache of
// decoded images, each upload is decoded once; one libvips thread per picture.
sharp.cache(false);
sharp.concurrency(UPLOAD_THREADS_PER_DECODE);

export type ImageType = 'image/jpeg' | 'image/png';

const TYPE_OF_FORMAT: Partial<Record<string, ImageType>> = { jpeg: 'image/jpeg', png: 'image/png' };
const EXTENSION: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };
const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: 'image/jpeg', png: 'image/png' };
/**
 * Stored names are ours alone: 32 hex characters and the type's extension; an order's own copy of
 * a cart line's logo is prefixed 'order-' (no cart line ever holds such a name, so no cart
 * clean-up can delete it).
 */
const STORED_NAME = /^(?:order-)?[0-9a-f]{32}\.(jpg|png)$/;
const CART_NAME = /^[0-9a-f]{32}\.(jpg|png)$/;

/** The refusals of an upload, each naming the form field the file came in (`logo`, `file`). */
export const logoTooLarge = (field = 'logo') =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.logoSize, { [field]: MESSAGES.logoSize });
export const logoNotAnImage = (field = 'logo') =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.logoType, { [field]: MESSAGES.logoType });
export const PICTURE_TOO_LARGE = `The picture may be at most ${UPLOAD_MAX_SIDE_PX} pixels wide and high, and ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels.`;
export const pictureTooLarge = (field = 'logo') =>
  AppError.unprocessable('IMAGE_TOO_LARGE', PICTURE_TOO_LARGE, { [field]: PICTURE_TOO_LARGE });

/** At most `size` tasks run at once; the others wait in arrival order. */
class TaskGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

const decodes = new TaskGate(UPLOAD_DECODES_AT_ONCE);

/**
 * The picture in `bytes` written again from its pixels alone: a JPEG stays a JPEG, a PNG a PNG.
 * 415 for anything that is not a whole JPEG or PNG (other formats, broken or truncated pixel data:
 * sharp's default `failOn: 'warning'`, advised for untrusted input), 422 for a picture over the
 * size limits, refused from its header before the pixels are decoded.
 */
export async function reencodeImage(
  bytes: Buffer,
  field = 'logo',
): Promise<{ bytes: Buffer; type: ImageType }> {
  const input = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'warning', sequentialRead: true } as const;
  let header: Metadata;
  try {
    // The header alone (no pixel is decoded): sharp's own pixel limit would refuse an oversized
    // picture here as if it were not one, so the limits are checked below, with their own answer.
    header = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    throw logoNotAnImage(field);
  }
  const type = TYPE_OF_FORMAT[header.format];
  if (!type) throw logoNotAnImage(field);
  const { width, height } = header;
  if (width > UPLOAD_MAX_SIDE_PX || height > UPLOAD_MAX_SIDE_PX || width * height > UPLOAD_MAX_PIXELS) {
    throw pictureTooLarge(field);
  }
  return decodes.run(async () => {
    // Without withMetadata/keepMetadata sharp writes no EXIF, XMP, ICC nor comment.
    const image = sharp(bytes, { ...input, autoOrient: true }).timeout({ seconds: UPLOAD_DECODE_TIMEOUT_S });
    const encoder = type === 'image/png' ? image.png() : image.jpeg({ quality: UPLOAD_JPEG_QUALITY });
    try {
      return { bytes: await encoder.toBuffer(), type };
    } catch {
      // Broken pixel data behind a valid header, or a decode stopped by the timeout.
      throw logoNotAnImage(field);
    }
  });
}

export class UploadStore {
  constructor(readonly files: FileStore) {}

  /**
   * Keeps the picture sent in form field `field` (re-encoded, see reencodeImage) under a new name;
   * answers that name. Refusals name `field`.
   */
  async saveImage(bytes: Buffer, field = 'logo'): Promise<string> {
    if (bytes.length > LOGO_MAX_BYTES) throw logoTooLarge(field);
    const picture = await reencodeImage(bytes, field);
    const name = `${randomBytes(16).toString('hex')}.${EXTENSION[picture.type]}`;
    await this.files.put(name, picture.bytes, picture.type);
    return name;
  }

  /** The file under one of our names: 404 for any other name, or one that is gone. */
  async read(name: string): Promise<{ bytes: Buffer; type: ImageType }> {
    const match = STORED_NAME.exec(name);
    const type = match?.[1] ? TYPE_OF_EXTENSION[match[1]] : undefined;
    if (!type) throw AppError.notFound('Logo not found.');
    const file = await this.files.get(name);
    if (!file) throw AppError.notFound('Logo not found.');
    return { bytes: file.bytes, type };
  }

  /**
   * The order's own name for a cart line's logo: a copy of its own, so the order keeps its file
   * when the cart's is deleted. `within`: the order's transaction (in the database, the copy is
   * written in it and undone with it). null when the cart's file is gone; any other failure (the
   * store away) is thrown, and the order is not placed.
   */
  async keepForOrder(cartName: string, within?: Database): Promise<string | null> {
    const match = CART_NAME.exec(cartName);
    if (!match) return null;
    const orderName = `order-${randomBytes(16).toString('hex')}.${match[1]}`;
    return (await this.files.copy(cartName, orderName, within)) ? orderName : null;
  }

  /**
   * Best effort: a file left behind costs space, never correctness. `within`: the transaction
   * that wrote it, when that one is still open (on PGlite, one connection, no other may be used).
   */
  async remove(name: string | null, within?: Database): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await this.files.delete(name, within).catch(() => undefined);
  }
}

/** What a start-up's folder import did: files copied in, files already there, files skipped. */
export interface FolderImport {
  copied: number;
  present: number;
  skipped: string[];
}

/**
 * Copies the files of the uploads folder of before (UPLOADS_DIR, `.data/uploads`) into the store,
 * under the same names, so the names orders and carts hold keep working. Run at every start-up
 * (after the migrations): only names the store lacks are read and written, so it costs a folder
 * listing and one query once done, and N instances starting at once each write a name at most
 * once between them (putIfAbsent). The folder is left as it was (a rollback to the version of
 * before finds its files); a missing folder is nothing to do. Files that are not ours by their
 * name (STORED_NAME) stay where they are and are named in `skipped`.
 */
export async function importUploadsFolder(dir: string, files: FileStore): Promise<FolderImport> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return { copied: 0, present: 0, skipped: [] };
    throw error;
  }
  const ours = entries.filter((name) => STORED_NAME.test(name)).sort();
  const skipped = entries.filter((name) => !STORED_NAME.test(name)).sort();
  const others = skipped.length;
  const present = await files.existing(ours);
  let copied = 0;
  for (const name of ours) {
    if (present.has(name)) continue;
    const type = TYPE_OF_EXTENSION[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, name));
    } catch {
      // Unreadable (a folder under that name, no permission): left for the operator, named.
      skipped.push(name);
      continue;
    }
    if (await files.putIfAbsent(name, bytes, type)) copied += 1;
  }
  return { copied, present: ours.length - copied - (skipped.length - others), skipped };
}
