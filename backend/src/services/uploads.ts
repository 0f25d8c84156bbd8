/**
 * Files shoppers upload (customization logos): recognised by their bytes, never by their name or
 * declared type, stored under generated names in a folder outside the web root, read back only
 * through an endpoint that checks who asks.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_MAX_BYTES, MESSAGES } from '@shop/shared/validation';
import { AppError } from '../errors';

export { LOGO_MAX_BYTES };

export type ImageType = 'image/jpeg' | 'image/png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type these bytes really are (JPEG or PNG), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) {
    return 'image/png';
  }
  return null;
}

const EXTENSION: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };
const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: 'image/jpeg', png: 'image/png' };
/**
 * Stored names are ours alone: 32 hex characters and the type's extension; an order's own copy of
 * a cart line's logo is prefixed 'order-' (no cart line ever holds such a name, so no cart
 * clean-up can delete it).
 */
const STORED_NAME = /^(?:order-)?[0-9a-f]{32}\.(jpg|png)$/;
const CART_NAME = /^[0-9a-f]{32}\.(jpg|png)$/;

export const logoTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.logoSize, { logo: MESSAGES.logoSize });
export const logoNotAnImage = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.logoType, { logo: MESSAGES.logoType });

export class UploadStore {
  constructor(readonly dir: string) {}

  /** Checks the bytes and keeps them under a new name; answers that name. */
  async saveImage(bytes: Buffer): Promise<string> {
    if (bytes.length > LOGO_MAX_BYTES) throw logoTooLarge();
    const type = sniffImageType(bytes);
    if (!type) throw logoNotAnImage();
    const name = `${randomBytes(16).toString('hex')}.${EXTENSION[type]}`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return name;
  }

  async read(name: string): Promise<{ bytes: Buffer; type: ImageType }> {
    const match = STORED_NAME.exec(name);
    const type = match?.[1] ? TYPE_OF_EXTENSION[match[1]] : undefined;
    if (!type) throw AppError.notFound('Logo not found.');
    try {
      return { bytes: await readFile(path.join(this.dir, name)), type };
    } catch {
      throw AppError.notFound('Logo not found.');
    }
  }

  /**
   * The order's own name for a cart line's logo: a hard link (no bytes copied; a copy where links
   * are refused), so the order keeps its file when the cart's is deleted. null when the cart's
   * file is gone; any other failure (a full disk) is thrown, and the order is not placed.
   */
  async keepForOrder(cartName: string): Promise<string | null> {
    const match = CART_NAME.exec(cartName);
    if (!match) return null;
    const orderName = `order-${randomBytes(16).toString('hex')}.${match[1]}`;
    const from = path.join(this.dir, cartName);
    const to = path.join(this.dir, orderName);
    const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';
    try {
      await link(from, to);
    } catch (error) {
      if (missing(error)) return null;
      try {
        await copyFile(from, to);
      } catch (copyError) {
        if (missing(copyError)) return null;
        throw copyError;
      }
    }
    return orderName;
  }

  /** Best effort: a file left behind costs disk, never correctness. */
  async remove(name: string | null): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await rm(path.join(this.dir, name), { force: true }).catch(() => undefined);
  }
}
