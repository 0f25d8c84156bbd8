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
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_MAX_BYTES, MESSAGES } from '@shop/contract/validation';
import type { FastifyBaseLogger } from 'fastify';
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

/** Runs a decode in the queue every upload's decode waits in (an admin's picture too). */
export const runDecode = <T>(task: () => Promise<T>): Promise<T> => decodes.run(task);

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
  /** The start-up import of the uploads folder of before, when one runs (app.ts). */
  folderImport: FolderImportTask | null = null;

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
   * when the cart's is deleted. `within`: the order's transaction, for a store that can join it
   * (files.transactional: the copy is written in it and undone with it); a bucket's copy is made
   * before the transaction instead (orders.ts copyCartLogos). null when the cart's file is gone
   * (the order is then refused, 409 LOGO_MISSING); any other failure (the store away) is thrown,
   * and the order is not placed.
   */
  async keepForOrder(cartName: string, within?: Database): Promise<string | null> {
    const match = CART_NAME.exec(cartName);
    if (!match) return null;
    const orderName = `order-${randomBytes(16).toString('hex')}.${match[1]}`;
    return (await this.files.copy(cartName, orderName, within)) ? orderName : null;
  }

  /**
   * Best effort: a file left behind costs space, never correctness; a failure is swallowed.
   * `within`: a transaction still open that the delete should join (on PGlite, one connection, no
   * other may be used while it is open); a transaction that rolls back undoes the delete too.
   */
  async remove(name: string | null, within?: Database): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await this.files.delete(name, within).catch(() => undefined);
  }
}

/** What a start-up's folder import did. */
export interface FolderImport {
  /** Files written into the store now. */
  copied: number;
  /** Files the store already had (an import before, or another instance's). */
  present: number;
  /** Entries not ours by their name (STORED_NAME): left where they are. */
  skipped: string[];
  /** Ours by their name but no regular file (a folder, a symbolic link) or not readable. */
  unreadable: string[];
  /** Ours by their name but not a picture of the type the name says (sharp reads the header). */
  refused: string[];
}

/**
 * Copies the files of the uploads folder of before (UPLOADS_DIR, `.data/uploads`) into the store,
 * under the same names, so the names orders and carts hold keep working. Only names the store
 * lacks are read and written, so once done it costs a folder listing and the store's look-up of
 * the names (PostgreSQL: a query per 1000 names; a bucket: a HEAD per name). Several instances at
 * once: in the database a name is written once between them (putIfAbsent is an INSERT … ON
 * CONFLICT DO NOTHING); a bucket may be written the same bytes twice, which is harmless. The
 * folder is left as it was (a rollback to the version of before finds its files); a missing
 * folder is nothing to do. Only regular files (lstat: no link is followed) whose header is a
 * picture of their extension's type are copied; the others are named in the answer.
 */
export async function importUploadsFolder(dir: string, files: FileStore): Promise<FolderImport> {
  const done: FolderImport = { copied: 0, present: 0, skipped: [], unreadable: [], refused: [] };
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return done;
    throw error;
  }
  const ours = entries.filter((name) => STORED_NAME.test(name)).sort();
  done.skipped = entries.filter((name) => !STORED_NAME.test(name)).sort();
  const present = await files.existing(ours);
  done.present = present.size;
  for (const name of ours) {
    if (present.has(name)) continue;
    const type = TYPE_OF_EXTENSION[name.slice(name.lastIndexOf('.') + 1)] as ImageType;
    const file = path.join(dir, name);
    let bytes: Buffer;
    try {
      if (!(await lstat(file)).isFile()) throw new Error('not a regular file');
      bytes = await readFile(file);
    } catch {
      done.unreadable.push(name);
      continue;
    }
    if ((await headerType(bytes)) !== type) {
      done.refused.push(name);
      continue;
    }
    if (await files.putIfAbsent(name, bytes, type)) done.copied += 1;
    else done.present += 1;
  }
  return done;
}

/** The type a file's header says it is (sharp reads the header alone), or null. */
async function headerType(bytes: Buffer): Promise<ImageType | null> {
  try {
    return TYPE_OF_FORMAT[(await sharp(bytes, { limitInputPixels: false }).metadata()).format] ?? null;
  } catch {
    return null;
  }
}

/** The first wait before the start-up import is tried again; it doubles up to the next. */
export const FOLDER_IMPORT_RETRY_MS = 5_000;
export const FOLDER_IMPORT_RETRY_MAX_MS = 5 * 60_000;

/** The start-up import running in the background: `done` is its result (null: stopped first). */
export interface FolderImportTask {
  readonly done: Promise<FolderImport | null>;
  /** Stops retrying (the app closes) and waits for an attempt under way. */
  stop(): Promise<FolderImport | null>;
}

/**
 * Runs importUploadsFolder in the background, so the instance serves whatever the store or the
 * folder does: a failure (the bucket away, a PUT refused) is logged and tried again after
 * `retryMs`, doubling up to FOLDER_IMPORT_RETRY_MAX_MS, until it succeeds or the app closes.
 * What it did is logged: files copied (info), names not ours (info), files not read or not the
 * picture their name says (warn: the operator's to look at).
 */
export function startFolderImport(
  dir: string,
  files: FileStore,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  retryMs = FOLDER_IMPORT_RETRY_MS,
): FolderImportTask {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  const run = async (): Promise<FolderImport | null> => {
    for (let wait = retryMs; !stopped; wait = Math.min(wait * 2, FOLDER_IMPORT_RETRY_MAX_MS)) {
      try {
        const done = await importUploadsFolder(dir, files);
        logFolderImport(done, dir, files.kind, log);
        return done;
      } catch (error) {
        if (stopped) break;
        log.warn(
          { err: error },
          `uploads: copying ${dir} into the ${files.kind} store failed; trying again in ${Math.round(wait / 1000)} s`,
        );
        await pause(wait);
      }
    }
    return null;
  };
  const done = run();
  return {
    done,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      return done;
    },
  };
}

function logFolderImport(
  done: FolderImport,
  dir: string,
  kind: FileStore['kind'],
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): void {
  const count = (n: number) => (n === 1 ? '1 file' : `${n} files`);
  if (done.copied > 0) log.info(`uploads: copied ${count(done.copied)} from ${dir} into the ${kind} store`);
  if (done.skipped.length > 0)
    log.info(`uploads: left in ${dir}, not uploads by their name: ${done.skipped.join(', ')}`);
  if (done.unreadable.length > 0)
    log.warn(`uploads: not copied from ${dir}, not regular readable files: ${done.unreadable.join(', ')}`);
  if (done.refused.length > 0)
    log.warn(
      `uploads: not copied from ${dir}, not the picture their extension says: ${done.refused.join(', ')}`,
    );
}
