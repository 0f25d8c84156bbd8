/**
 * The S3 client both buckets share (the release store, modules/remotes/s3ReleaseStore.ts, and the
 * file store of uploads, services/fileStoreS3.ts): plain fetch() calls to path-style URLs
 * (`<endpoint>/<bucket>/<key>`), signed with AWS Signature Version 4 written here over
 * node:crypto. No SDK.
 *
 * What can go wrong is told apart: no answer (refused, reset, DNS, the request's timeout, a body
 * that stops half-way) and a 5xx are S3Unavailable (the bucket is away for now: 503 and try
 * again); any other refusal is an S3RequestError naming S3's code (403 AccessDenied: wrong keys).
 * Bodies are read up to a cap, declared or not.
 */
import { createHash, createHmac } from 'node:crypto';
import { StoreUnavailableError } from '../errors';

/** Where a bucket is and who signs (config.ts reads them from RELEASES_S3_* and UPLOAD_S3_*). */
export interface S3StoreSettings {
  /** `http(s)://host[:port]`, no path: requests go to `<endpoint>/<bucket>/<key>`. */
  endpoint: string;
  bucket: string;
  region: string;
  /** '' or a key prefix ending in '/', put before the store's own keys. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** One S3 request's limit: a bucket that stops answering fails the request, not the server. */
export const S3_REQUEST_TIMEOUT_MS = 15_000;
/** The most of an error answer's body read for its code. */
const ERROR_BODY_BYTES = 64 * 1024;

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SERVICE = 's3';
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding SigV4 wants: encodeURIComponent leaves !'()* alone, S3 does not. */
export const encodeRfc3986 = (value: string): string =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `/bucket/a/b c` → `/bucket/a/b%20c`: each segment encoded once, slashes kept (S3 does not normalize). */
export const encodePath = (segments: string): string => segments.split('/').map(encodeRfc3986).join('/');

/** Code-unit order (what SigV4 means by sorting), not locale order. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * SigV4's canonical query: each name and value encoded, sorted by encoded name and then by encoded
 * value. Sorting the joined `k=v` strings instead orders `a-b=1` before `a=1` ('-' < '=').
 */
export function canonicalQueryString(query: ReadonlyArray<readonly [string, string]>): string {
  return query
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([keyA, valueA], [keyB, valueB]) => byCodeUnits(keyA, keyB) || byCodeUnits(valueA, valueB))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export type SignInput = {
  method: string;
  /** The request's host header: `host[:port]`. */
  host: string;
  /** The path as sent, already encoded (encodePath). */
  path: string;
  /** Query parameters, unencoded. */
  query: ReadonlyArray<readonly [string, string]>;
  /** Headers signed beside host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  headers?: Readonly<Record<string, string>>;
  /** Hex sha256 of the body (or of nothing). */
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
};

/**
 * AWS Signature Version 4 for one S3 request: the headers to send (Authorization, x-amz-date,
 * x-amz-content-sha256 and the given ones). Pure, so AWS's published examples test it.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
export function signRequest(input: SignInput): Record<string, string> {
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...input.headers,
    host: input.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalQuery = canonicalQueryString(input.query);
  const canonicalRequest = [
    input.method,
    input.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${SERVICE}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), SERVICE),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `${ALGORITHM} Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Decodes an XML text node; an entity it does not know is an error, not a guess. */
function xmlText(raw: string): string {
  if (raw.includes('<')) throw new Error('S3 answered XML with markup where text was expected');
  return raw.replace(/&([^;&]{1,10});/g, (_match, entity: string) => {
    const numeric = /^#(x[0-9a-fA-F]{1,6}|[0-9]{1,7})$/.exec(entity)?.[1];
    if (numeric) {
      const code = numeric.startsWith('x') ? Number.parseInt(numeric.slice(1), 16) : Number(numeric);
      return String.fromCodePoint(code);
    }
    const named = XML_ENTITIES[entity];
    if (named === undefined) throw new Error(`S3 answered XML with an unknown entity &${entity};`);
    return named;
  });
}

/**
 * The text of each `<tag>…</tag>` directly in `xml`, in order. Enough for the few flat tags of
 * S3's answers (Key, Prefix, IsTruncated, NextContinuationToken, Code), and strict: no attributes,
 * no CDATA, no nesting of the same tag.
 */
export function xmlTags(xml: string, tag: string): string[] {
  const values: string[] = [];
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  let from = xml.indexOf(open);
  while (from !== -1) {
    const end = xml.indexOf(close, from + open.length);
    if (end === -1) throw new Error(`S3 answered XML with an unclosed <${tag}>`);
    values.push(xmlText(xml.slice(from + open.length, end)));
    from = xml.indexOf(open, end + close.length);
  }
  return values;
}

/** An S3 request that failed: its status and S3's error code. */
export class S3RequestError extends Error {
  override name = 'S3RequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    what: string,
  ) {
    super(`S3 ${what}: ${status} ${code}`);
  }
}

/**
 * The bucket could not be asked: no connection, no answer in time, or a 5xx (the bucket's own
 * failure). Nothing is wrong with the request; it will pass once the bucket is back.
 */
export class S3Unavailable extends StoreUnavailableError {
  override name = 'S3Unavailable';
}

/** Whether an error says the store is away (503 and try again), not that the request was wrong. */
export const isStoreUnavailable = (error: unknown): boolean =>
  error instanceof S3Unavailable || (error instanceof S3RequestError && error.status >= 500);

/** One request: `key` '' addresses the bucket itself (listing). */
export type S3Request = {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  key: string;
  query?: ReadonlyArray<readonly [string, string]>;
  body?: Buffer;
  headers?: Record<string, string>;
};

/**
 * Reads a body up to `limit` bytes; more throws (no store holds such a file), and so does one
 * declared larger, before any of it is read. A body that breaks off (the timeout, a reset) is
 * S3Unavailable: the answer never came whole.
 */
export async function readCapped(response: Response, limit: number, what: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`S3 ${what} is ${declared} bytes, more than the ${limit} it may have`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new S3Unavailable(`S3 ${what}: the answer broke off: ${why}`, { cause: error });
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`S3 ${what} is more than the ${limit} bytes it may have`);
    }
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks);
}

/** Signs and sends requests to one bucket, and reads their answers (see the file comment). */
export class S3Client {
  readonly settings: S3StoreSettings;

  constructor(
    settings: S3StoreSettings,
    private readonly timeoutMs = S3_REQUEST_TIMEOUT_MS,
  ) {
    this.settings = { ...settings, endpoint: settings.endpoint.replace(/\/+$/, '') };
  }

  /** Signs and sends one request; answers the response whatever its status. */
  async send(request: S3Request): Promise<Response> {
    const { endpoint, bucket, region, accessKeyId, secretAccessKey } = this.settings;
    const url = new URL(endpoint);
    const pathname = encodePath(request.key ? `/${bucket}/${request.key}` : `/${bucket}`);
    const query = request.query ?? [];
    const search = query.map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`).join('&');
    const headers = signRequest({
      method: request.method,
      host: url.host,
      path: pathname,
      query,
      headers: request.headers,
      payloadHash: request.body ? sha256Hex(request.body) : EMPTY_SHA256,
      region,
      accessKeyId,
      secretAccessKey,
      date: new Date(),
    });
    try {
      return await fetch(`${url.origin}${pathname}${search ? `?${search}` : ''}`, {
        method: request.method,
        headers,
        // A copy as a plain Uint8Array: fetch's types take no Buffer (files are small).
        body: request.body ? new Uint8Array(request.body) : undefined,
        // Also bounds the body's reading (readCapped): a bucket that stalls mid-body fails too.
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      // fetch() rejects only when no answer came (refused, reset, DNS, the timeout's abort).
      const why = error instanceof Error ? error.message : String(error);
      throw new S3Unavailable(`S3 ${request.method} ${request.key || bucket} got no answer: ${why}`, {
        cause: error,
      });
    }
  }

  /**
   * A failed answer as an error naming S3's code (read from its XML body when there is one, at
   * most ERROR_BODY_BYTES of it). A 5xx throws S3Unavailable instead: the bucket is failing.
   */
  async failure(response: Response, what: string): Promise<S3RequestError> {
    const body = response.body ? await readCapped(response, ERROR_BODY_BYTES, what).catch(() => null) : null;
    let code = response.statusText || 'error';
    try {
      code = (body && xmlTags(body.toString('utf8'), 'Code')[0]) || code;
    } catch {
      // Not S3's XML: the status says enough.
    }
    // The bucket answered but is failing (5xx): away for now, like a refused connection.
    if (response.status >= 500) throw new S3Unavailable(`${what}: S3 answered ${response.status} ${code}`);
    return new S3RequestError(response.status, code, what);
  }

  /** An answer's body, at most `limit` bytes (readCapped). */
  read(response: Response, limit: number, what: string): Promise<Buffer> {
    return readCapped(response, limit, what);
  }
}
