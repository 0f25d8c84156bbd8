/**
 * Reading a multipart form of text fields and at most one image (proof of payment, feedback),
 * bounded like `cart/add-customization`: a file over 1 MB stops the upload with 413.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { LOGO_MAX_BYTES, logoTooLarge } from '../services/uploads';

export const FIELD_MAX_BYTES = 4096;

export const multipartLimits = (fields: number) => ({
  files: 1,
  fileSize: LOGO_MAX_BYTES,
  fields,
  fieldSize: FIELD_MAX_BYTES,
  parts: fields + 4,
});

export interface MultipartForm<Field extends string> {
  fields: Partial<Record<Field, string>>;
  /** null when no file (or an empty one) was sent. */
  file: Buffer | null;
}

export async function readMultipartForm<Field extends string>(
  request: FastifyRequest,
  textFields: readonly Field[],
  fileField: string,
): Promise<MultipartForm<Field>> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.');
  }
  const fields: Partial<Record<Field, string>> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw AppError.badRequest(`Unexpected file field "${part.fieldname}".`, {
            [part.fieldname]: 'is not a file field',
          });
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) file = bytes;
      } else if ((textFields as readonly string[]).includes(part.fieldname)) {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (value.includes('\u0000')) {
          throw AppError.badRequest(`${part.fieldname} must not contain a NUL character.`, {
            [part.fieldname]: 'must not contain a NUL character',
          });
        }
        fields[part.fieldname as Field] = value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const tooLarge = logoTooLarge();
      throw new AppError(413, tooLarge.code, tooLarge.message, { [fileField]: tooLarge.message });
    }
    if (code?.startsWith('FST_')) throw AppError.badRequest((error as Error).message);
    throw error;
  }
  return { fields, file };
}

/** A required positive int4 form value: 400 naming the field otherwise. */
export function requiredId(text: string | undefined, name: string): number {
  const n = Number(text);
  if (text === undefined || text === '' || !Number.isInteger(n) || n < 1 || n > 2147483647) {
    throw AppError.badRequest(`${name} must be a positive integer.`, {
      [name]: 'must be a positive integer',
    });
  }
  return n;
}
