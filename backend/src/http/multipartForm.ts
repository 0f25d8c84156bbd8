/**
 * Reading a multipart form of text fields and at most one image (customization logo, proof of
 * payment, feedback picture): a file over 1 MB stops the upload with 413. A form with a larger
 * allowance (an admin's picture, 8 MB) passes its own FileAllowance.
 *
 * Hostile bodies get a 4xx quickly and never hold the connection:
 * - the Content-Type must name a valid boundary (RFC 2046: 1 to 70 characters), checked before a
 *   byte of the body is read, so Node discards the unread body and the keep-alive connection
 *   serves the next request (an empty boundary used to leave the body half read: the connection
 *   hung until the keep-alive timeout);
 * - a body declared larger than any form needs is refused from its Content-Length;
 * - a body that ends before its closing boundary (truncated, garbled) is a 400, not a 500;
 * - a body that stops arriving (a client holding the socket open mid-body, with no closing
 *   boundary) is a 408 after a few idle seconds, and the connection is closed;
 * - whatever is refused before the body's end, the rest of it is read and dropped (bounded in
 *   bytes and idle time) or the connection closed, so the next request on the connection is not
 *   stuck behind unread bytes.
 * None of this relies on the server's global request timeouts.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { LOGO_MAX_BYTES, logoTooLarge } from '../services/uploads';

/** Longest text field. */
export const FIELD_MAX_BYTES = 4096;
/** A body that sends nothing for this long is given up (408, connection closed). */
export const MULTIPART_IDLE_MS = 5_000;
/** A body still arriving after this long is given up (1 MB in a minute: about 17 KB/s). */
export const MULTIPART_READ_MAX_MS = 60_000;
/** How often the watchdog looks at the socket's byte count. */
const WATCH_INTERVAL_MS = 250;
/** RFC 2046 §5.1.1: 1 to 70 characters of `bchars`, not ending with a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The largest file a form takes, and the refusal of a larger one (naming the form's field). */
export interface FileAllowance {
  maxBytes: number;
  tooLarge: (field: string) => AppError;
}

/** A shopper's picture: 1 MB. */
export const LOGO_ALLOWANCE: FileAllowance = { maxBytes: LOGO_MAX_BYTES, tooLarge: logoTooLarge };

/** The body's bound: the file, the text fields and the parts' headers. */
const bodyMaxBytes = (allowance: FileAllowance) => allowance.maxBytes + 64 * 1024;
/** Largest body a shopper's form needs: one 1 MB file, the text fields and the parts' headers. */
export const MULTIPART_BODY_MAX_BYTES = bodyMaxBytes(LOGO_ALLOWANCE);

export const multipartLimits = (fields: number, allowance: FileAllowance = LOGO_ALLOWANCE) => ({
  files: 1,
  fileSize: allowance.maxBytes,
  fields,
  fieldSize: FIELD_MAX_BYTES,
  parts: fields + 4,
});

export interface MultipartForm<Field extends string> {
  fields: Partial<Record<Field, string>>;
  /** null when no file (or an empty one) was sent. */
  file: Buffer | null;
}

const malformedForm = () => new AppError(400, 'BAD_REQUEST', 'The form data is malformed or incomplete.');
const closeConnection = { connection: 'close' };

/** The `boundary` parameters of a Content-Type (quoted or not), as sent. */
function boundariesOf(contentType: string): string[] {
  const found: string[] = [];
  const parameter = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/gi;
  for (let match = parameter.exec(contentType); match; match = parameter.exec(contentType)) {
    found.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim());
  }
  return found;
}

/** Refusals that need no byte of the body: a form that cannot be one, or one too large to read. */
function checkBeforeReading(request: FastifyRequest, fileField: string, allowance: FileAllowance): void {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.');
  }
  const boundaries = boundariesOf(request.headers['content-type'] ?? '');
  const [boundary] = boundaries;
  if (boundaries.length !== 1 || boundary === undefined || !BOUNDARY.test(boundary)) {
    throw new AppError(
      400,
      'BAD_REQUEST',
      'The multipart boundary is missing or not valid (1 to 70 characters).',
      { 'content-type': 'needs one boundary of 1 to 70 characters' },
    );
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > bodyMaxBytes(allowance)) {
    // Not worth reading: the answer goes out and the connection closes behind it.
    const tooLarge = allowance.tooLarge(fileField);
    throw new AppError(
      tooLarge.statusCode,
      tooLarge.code,
      tooLarge.message,
      tooLarge.fields,
      closeConnection,
    );
  }
}

/**
 * Watches the socket while the body is read: rejects `expired` with a 408 (connection: close)
 * when no byte arrived for MULTIPART_IDLE_MS, or the body is still coming after
 * MULTIPART_READ_MAX_MS. Bytes are counted on the socket, so watching changes nothing in how the
 * body flows.
 */
function watchBody(request: FastifyRequest) {
  const socket = request.raw.socket;
  const started = Date.now();
  let lastBytes = socket.bytesRead;
  let lastProgress = started;
  let expire: (error: AppError) => void = () => undefined;
  const expired = new Promise<never>((_, reject) => {
    expire = reject;
  });
  const timer = setInterval(() => {
    const now = Date.now();
    if (socket.bytesRead !== lastBytes) {
      lastBytes = socket.bytesRead;
      lastProgress = now;
    }
    const idle = now - lastProgress >= MULTIPART_IDLE_MS;
    if (idle || now - started >= MULTIPART_READ_MAX_MS) {
      clearInterval(timer);
      const message = idle
        ? `The upload stopped: nothing arrived for ${MULTIPART_IDLE_MS / 1000} seconds.`
        : `The upload took longer than ${MULTIPART_READ_MAX_MS / 1000} seconds.`;
      expire(new AppError(408, 'REQUEST_TIMEOUT', message, undefined, closeConnection));
    }
  }, WATCH_INTERVAL_MS);
  return { expired, stop: () => clearInterval(timer) };
}

/**
 * After a refusal in the middle of the body: the rest is read and dropped so the connection can
 * serve its next request, as long as it keeps coming and stays within the form's body bound;
 * otherwise the socket is closed (the answer, already written, goes first).
 */
function dropRestOfBody(request: FastifyRequest, allowance: FileAllowance): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  let dropped = 0;
  const stop = () => {
    clearTimeout(idle);
    raw.off('data', onData);
  };
  const giveUp = () => {
    stop();
    // After the answer already written (fastify.inject's fake socket has no destroySoon).
    const { socket } = raw;
    if (typeof socket.destroySoon === 'function') socket.destroySoon();
    else raw.destroy();
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > bodyMaxBytes(allowance)) giveUp();
    else idle.refresh();
  };
  const idle = setTimeout(giveUp, MULTIPART_IDLE_MS);
  idle.unref();
  raw.on('data', onData);
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
}

export async function readMultipartForm<Field extends string>(
  request: FastifyRequest,
  textFields: readonly Field[],
  fileField: string,
  allowance: FileAllowance = LOGO_ALLOWANCE,
): Promise<MultipartForm<Field>> {
  try {
    checkBeforeReading(request, fileField, allowance);
  } catch (error) {
    dropRestOfBody(request, allowance);
    throw error;
  }
  const fields: Partial<Record<Field, string>> = {};
  let file: Buffer | null = null;
  const readParts = async () => {
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
  };
  const watch = watchBody(request);
  const reading = readParts();
  try {
    await Promise.race([reading, watch.expired]);
  } catch (error) {
    // The loser of the race settles later (the reading fails once the connection closes): nothing
    // is left to tell anyone.
    reading.catch(() => undefined);
    watch.expired.catch(() => undefined);
    if (!(error instanceof AppError && error.statusCode === 408)) dropRestOfBody(request, allowance);
    throw refusalOf(error, fileField, allowance);
  } finally {
    watch.stop();
  }
  return { fields, file };
}

/** What a failed read answers: our refusals as they are, the parser's as a 4xx. */
function refusalOf(error: unknown, fileField: string, allowance: FileAllowance): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return allowance.tooLarge(fileField);
  // @fastify/multipart's limits (parts, files, fields), a prototype field name, a bad JSON field.
  if (code?.startsWith('FST_')) return AppError.badRequest((error as Error).message);
  // busboy's "Unexpected end of multipart data", "Part terminated early…", "Malformed part
  // header", a client gone mid-body: the body, not the server, is at fault.
  return malformedForm();
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
