/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph…), chosen by UPLOAD_S3_*:
 * one object per file, `<prefix><name>`, its content type as the object's. Plain fetch() calls to
 * path-style URLs (`<endpoint>/<bucket>/<key>`), signed with the release store's Signature V4
 * (modules/remotes/s3ReleaseStore.ts), like that store: no SDK.
 *
 * A bucket away (no answer, a timeout, a 5xx) is a 503 STORE_UNAVAILABLE for the request that
 * needed it, never a 500; what the bucket refuses (403: wrong keys) is an error in the log.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { AppError, STORE_RETRY_AFTER_S } from '../errors';
import {
  encodeRfc3986,
  S3RequestError,
  type S3StoreSettings,
  S3Unavailable,
  signRequest,
  xmlTags,
} from '../modules/remotes/s3ReleaseStore';
import type { FileStore, StoredFile } from './fileStore';

/** Where the bucket is and who signs (config.ts reads them from UPLOAD_S3_*). */
export type S3FileStoreSettings = S3StoreSettings;

/** The largest object read back: far above any re-encoded upload, a guard against an odd object. */
export const MAX_STORED_FILE_BYTES = 32 * 1024 * 1024;
/** One request's limit: a bucket that stops answering fails the request, not the server. */
const REQUEST_TIMEOUT_MS = 15_000;
/** HEAD requests at once when asking which of many names are kept (the start-up import). */
const EXISTING_AT_ONCE = 8;
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** 503: the bucket is away for now; `cause` (the S3 error) goes to the log. */
export function uploadStoreUnavailable(cause: Error): AppError {
  const error = new AppError(
    503,
    'STORE_UNAVAILABLE',
    'The shop cannot reach its file store right now. Please try again in a moment.',
    undefined,
    { 'retry-after': String(STORE_RETRY_AFTER_S) },
  );
  error.cause = cause;
  return error;
}

type Method = 'GET' | 'HEAD' | 'PUT' | 'DELETE';

export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly settings: S3FileStoreSettings;

  constructor(settings: S3FileStoreSettings) {
    this.settings = { ...settings, endpoint: settings.endpoint.replace(/\/+$/, '') };
  }

  private key(name: string): string {
    return `${this.settings.prefix}${name}`;
  }

  /** Signs and sends one request; answers the response whatever its status. */
  private async send(method: Method, name: string, body?: Buffer, headers: Record<string, string> = {}) {
    const { endpoint, bucket, region, accessKeyId, secretAccessKey } = this.settings;
    const url = new URL(endpoint);
    const pathname = `/${encodeRfc3986(bucket)}/${this.key(name).split('/').map(encodeRfc3986).join('/')}`;
    const signed = signRequest({
      method,
      host: url.host,
      path: pathname,
      query: [],
      headers,
      payloadHash: body ? createHash('sha256').update(body).digest('hex') : EMPTY_SHA256,
      region,
      accessKeyId,
      secretAccessKey,
      date: new Date(),
    });
    try {
      return await fetch(`${url.origin}${pathname}`, {
        method,
        headers: signed,
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      // fetch() rejects only when no answer came (refused, reset, DNS, the timeout's abort).
      throw uploadStoreUnavailable(new S3Unavailable(`S3 ${method} ${name} got no answer`, { cause: error }));
    }
  }

  /** A failed answer: 503 when the bucket is failing (5xx), else an error naming S3's code. */
  private async failure(response: Response, what: string): Promise<Error> {
    const text = await response.text().catch(() => '');
    let code = response.statusText || 'error';
    try {
      code = xmlTags(text, 'Code')[0] || code;
    } catch {
      // Not S3's XML: the status says enough.
    }
    const error = new S3RequestError(response.status, code, what);
    return response.status >= 500 ? uploadStoreUnavailable(error) : error;
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', name, bytes, { 'content-type': contentType });
    if (!response.ok) throw await this.failure(response, `PUT ${name}`);
    await response.body?.cancel();
  }

  async putIfAbsent(name: string, bytes: Buffer, contentType: string): Promise<boolean> {
    // Two instances importing the same folder write the same bytes under the same name: harmless.
    if ((await this.existing([name])).has(name)) return false;
    await this.put(name, bytes, contentType);
    return true;
  }

  async get(name: string): Promise<StoredFile | null> {
    const response = await this.send('GET', name);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw await this.failure(response, `GET ${name}`);
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > MAX_STORED_FILE_BYTES) {
      await response.body?.cancel();
      throw new Error(`S3 GET ${name}: ${declared} bytes, more than any upload`);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_STORED_FILE_BYTES) throw new Error(`S3 GET ${name}: more than any upload`);
    return { bytes, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
  }

  /** CopyObject: the bucket copies the bytes itself. `within` is the database's; a bucket has none. */
  async copy(from: string, to: string, _within?: Database): Promise<boolean> {
    const source = `/${this.settings.bucket}/${this.key(from)}`.split('/').map(encodeRfc3986).join('/');
    const response = await this.send('PUT', to, undefined, { 'x-amz-copy-source': source });
    if (response.status === 404) {
      await response.body?.cancel();
      return false;
    }
    if (!response.ok) throw await this.failure(response, `copy ${from} to ${to}`);
    // A copy can fail after its 200 has started: the error is then in the body.
    const text = await response.text();
    if (/<Error>/.test(text))
      throw new S3RequestError(500, xmlTags(text, 'Code')[0] ?? 'error', `copy ${from}`);
    return true;
  }

  async delete(name: string, _within?: Database): Promise<void> {
    const response = await this.send('DELETE', name);
    // 404: already gone, which is what a delete wants.
    if (!response.ok && response.status !== 404) throw await this.failure(response, `DELETE ${name}`);
    await response.body?.cancel();
  }

  async existing(names: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const name = names[next++] as string;
        const response = await this.send('HEAD', name);
        if (response.ok) found.add(name);
        else if (response.status !== 404) throw await this.failure(response, `HEAD ${name}`);
        await response.body?.cancel();
      }
    };
    await Promise.all(Array.from({ length: Math.min(EXISTING_AT_ONCE, names.length) }, worker));
    return found;
  }
}
