/**
 * One error type for the whole backend, and the one place that turns any error into the API's
 * failure envelope `{status: false, error: {code, message, fields?}}`.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export class AppError extends Error {
  constructor(
    readonly statusCode: ErrorStatus,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra response headers (Retry-After on 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, fields?: Record<string, string>): AppError {
    return new AppError(400, 'VALIDATION_FAILED', message, fields);
  }
  static unauthorized(message = 'Please sign in again.'): AppError {
    return new AppError(401, 'UNAUTHORIZED', message);
  }
  static forbidden(message: string, fields?: Record<string, string>): AppError {
    return new AppError(403, 'FORBIDDEN', message, fields);
  }
  static notFound(message = 'Not found.'): AppError {
    return new AppError(404, 'NOT_FOUND', message);
  }
  static unprocessable(code: string, message: string, fields?: Record<string, string>): AppError {
    return new AppError(422, code, message, fields);
  }
  /** A form rule broken (the spec's messages): 422 with every field's first message. */
  static invalidFields(fields: Record<string, string>): AppError {
    return new AppError(422, 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid input.', fields);
  }
  static conflict(code: string, message: string, fields?: Record<string, string>): AppError {
    return new AppError(409, code, message, fields);
  }
}

export interface ErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/items/0/quantity` → `items.0.quantity`; a missing property is named by its own name. */
function fieldOf(issue: ValidationIssue): string {
  const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const child =
    typeof issue.params.missingProperty === 'string'
      ? issue.params.missingProperty
      : typeof issue.params.additionalProperty === 'string'
        ? issue.params.additionalProperty
        : '';
  return [base, child].filter(Boolean).join('.') || '(root)';
}

function messageOf(issue: ValidationIssue): string {
  if (issue.keyword === 'required') return 'is required';
  if (issue.keyword === 'additionalProperties') return 'is not allowed';
  return issue.message ?? 'is invalid';
}

/** Schema violations become one 400 naming every offending field. */
export function validationError(issues: readonly ValidationIssue[], context?: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    // anyOf/union branches report several messages for one field; the first one reads best.
    if (!(field in fields)) fields[field] = messageOf(issue);
  }
  const summary = Object.entries(fields)
    .map(([field, message]) => `${field} ${message}`)
    .join('; ');
  const where = context === 'querystring' ? 'query' : context;
  return AppError.badRequest(`Invalid ${where ?? 'request'}: ${summary}`, fields);
}

const FASTIFY_CODES: Record<string, { status: ErrorStatus; code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_RATE_LIMITED: { status: 429, code: 'TOO_MANY_REQUESTS' },
};

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * PostgreSQL gave up on the transaction because of another one: deadlock_detected (two requests
 * locked the same rows in opposite orders) or serialization_failure. Nothing was changed, and the
 * same request will most likely pass when sent again: a 409, never a 500.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_S = 2;

/** Errors of Node's sockets that mean the database server cannot be reached. */
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server going away or refusing work: class 08 (connection exception), 57P01-03
 * (shut down by the administrator, crashed, starting up), 53300 (too many connections), 57014
 * (statement_timeout cancelled the statement: the server is too slow to answer now).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300|57014)$/;
/** node-postgres says these in words only (no code). */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
];

/**
 * The database could not be reached or gave up on the statement: nothing this request asked for
 * was done (a commit that lost its answer is covered by the Idempotency-Key), and the same request
 * will pass once the database is back. 503 with Retry-After, never a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((words) => message.includes(words)))
      return true;
  }
  return false;
}

export const databaseUnavailable = () =>
  new AppError(
    503,
    'DATABASE_UNAVAILABLE',
    'The shop cannot reach its database right now. Please try again in a moment.',
    undefined,
    { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
  );

/** Seconds a client is asked to wait (Retry-After) while the release store (a bucket) is away. */
export const STORE_RETRY_AFTER_S = 5;

/**
 * Thrown by a service that is away for now (the release store's bucket): answered 503 with
 * Retry-After wherever it surfaces, like a database outage.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

export const RELEASE_STORE_UNAVAILABLE =
  'The shop cannot reach its release store right now. Please try again in a moment.';
export const FILE_STORE_UNAVAILABLE =
  'The shop cannot reach its file store right now. Please try again in a moment.';

/**
 * 503 STORE_UNAVAILABLE: a store (the release store's bucket by default, the file store of
 * uploads) could not be asked; the file exists or not, we cannot tell now. `cause` (what the
 * store answered, S3's code) goes to the log with it, never to the client.
 */
export function storeUnavailable(message = RELEASE_STORE_UNAVAILABLE, cause?: unknown): AppError {
  const error = new AppError(503, 'STORE_UNAVAILABLE', message, undefined, {
    'retry-after': String(STORE_RETRY_AFTER_S),
  });
  if (cause !== undefined) error.cause = cause;
  return error;
}

export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (error instanceof StoreUnavailableError) return storeUnavailable();
  if (isConcurrencyFailure(error)) {
    return AppError.conflict('CONCURRENT_CHANGE', 'Another change got in the way. Please try again.');
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return validationError(fastifyError.validation as ValidationIssue[], fastifyError.validationContext);
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return new AppError(known.status, known.code, error.message);
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const mapped = (STATUS_CODES[status] ? status : 400) as ErrorStatus;
    return new AppError(mapped, STATUS_CODES[mapped] ?? 'BAD_REQUEST', error.message);
  }
  return new AppError(500, 'INTERNAL_ERROR', 'Action failed, please try again later.');
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.statusCode === 503) request.log.warn({ err: error }, 'a store is unavailable');
  else if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: appError.code, message: appError.message }, 'request rejected');
  const body: ErrorBody = { code: appError.code, message: appError.message };
  if (appError.fields) body.fields = appError.fields;
  if (appError.headers) reply.headers(appError.headers);
  return reply.status(appError.statusCode).send({ status: false, error: body });
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over 16 KB, a
 * malformed request line, headers that take longer than the header timeout). They still get an
 * envelope, as raw HTTP on the socket: 431 for oversize headers, 408 for a timeout, 400 for
 * anything else, and the connection closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers are too large.']
      : // Headers (or the whole request) slower than the server's timeouts (connectionLimits.ts).
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'BAD_REQUEST', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ status: false, error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
