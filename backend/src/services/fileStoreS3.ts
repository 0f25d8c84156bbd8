/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph…), chosen by UPLOAD_S3_*:
 * one object per file, `<prefix><name>`, its content type as the object's. Requests go through
 * the S3 client the release store uses too (services/s3Client.ts: signed fetch() calls, no SDK).
 *
 * Whatever keeps a request from its answer is a 503 STORE_UNAVAILABLE (FILE_STORE_UNAVAILABLE)
 * for the request that needed it, never a 500: no answer, a timeout (also half-way through a
 * body), a 5xx, an error inside a copy's 200, an answer that does not read, and a refusal (403:
 * wrong keys, a missing bucket). The cause, with S3's code, goes to the log with the 503.
 */
import type { Database } from '../db/client';
import { AppError, FILE_STORE_UNAVAILABLE, storeUnavailable } from '../errors';
import type { FileStore, StoredFile } from './fileStore';
import { encodePath, S3Client, type S3StoreSettings, S3Unavailable, xmlTags } from './s3Client';

/** Where the bucket is and who signs (config.ts reads them from UPLOAD_S3_*). */
export type S3FileStoreSettings = S3StoreSettings;

/** The largest object read back: far above any re-encoded upload, a guard against an odd object. */
export const MAX_STORED_FILE_BYTES = 32 * 1024 * 1024;
/** A copy's answer: a few hundred bytes of XML (CopyObjectResult, or an Error inside the 200). */
const COPY_ANSWER_BYTES = 64 * 1024;
/** HEAD requests at once when asking which of many names are kept (the start-up import). */
const EXISTING_AT_ONCE = 8;

/** 503 for the request, whatever kept the bucket from answering it; `cause` goes to the log. */
function unavailable(cause: unknown): AppError {
  return cause instanceof AppError ? cause : storeUnavailable(FILE_STORE_UNAVAILABLE, cause);
}

export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly transactional = false;
  private readonly client: S3Client;

  /** `requestTimeoutMs`: each request's limit (S3_REQUEST_TIMEOUT_MS; tests shorten it). */
  constructor(settings: S3FileStoreSettings, options: { requestTimeoutMs?: number } = {}) {
    this.client = new S3Client(settings, options.requestTimeoutMs);
  }

  private key(name: string): string {
    return `${this.client.settings.prefix}${name}`;
  }

  /** Runs one operation; anything it throws is the 503 (see the file comment). */
  private async guarded<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw unavailable(error);
    }
  }

  put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    return this.guarded(async () => {
      const response = await this.client.send({
        method: 'PUT',
        key: this.key(name),
        body: bytes,
        headers: { 'content-type': contentType },
      });
      if (!response.ok) throw await this.client.failure(response, `PUT ${name}`);
      await response.body?.cancel();
    });
  }

  async putIfAbsent(name: string, bytes: Buffer, contentType: string): Promise<boolean> {
    // Two instances importing the same folder write the same bytes under the same name: harmless.
    if ((await this.existing([name])).has(name)) return false;
    await this.put(name, bytes, contentType);
    return true;
  }

  get(name: string): Promise<StoredFile | null> {
    return this.guarded(async () => {
      const response = await this.client.send({ method: 'GET', key: this.key(name) });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await this.client.failure(response, `GET ${name}`);
      // Capped as it is read, declared or not (a chunked answer has no length to check first).
      const bytes = await this.client.read(response, MAX_STORED_FILE_BYTES, `GET ${name}`);
      return { bytes, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
    });
  }

  /** CopyObject: the bucket copies the bytes itself. `within` is the database's; a bucket has none. */
  copy(from: string, to: string, _within?: Database): Promise<boolean> {
    return this.guarded(async () => {
      const source = encodePath(`/${this.client.settings.bucket}/${this.key(from)}`);
      const response = await this.client.send({
        method: 'PUT',
        key: this.key(to),
        headers: { 'x-amz-copy-source': source },
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return false;
      }
      if (!response.ok) throw await this.client.failure(response, `copy ${from} to ${to}`);
      // A copy can fail after its 200 has started: the error is then in the body.
      const text = (await this.client.read(response, COPY_ANSWER_BYTES, `copy ${from}`)).toString('utf8');
      if (/<Error>/.test(text)) {
        const code = xmlTags(text, 'Code')[0] ?? 'error';
        throw new S3Unavailable(`S3 copy ${from} to ${to}: 200 with the error ${code}`);
      }
      return true;
    });
  }

  delete(name: string, _within?: Database): Promise<void> {
    return this.guarded(async () => {
      const response = await this.client.send({ method: 'DELETE', key: this.key(name) });
      // 404: already gone, which is what a delete wants.
      if (!response.ok && response.status !== 404)
        throw await this.client.failure(response, `DELETE ${name}`);
      await response.body?.cancel();
    });
  }

  existing(names: readonly string[]): Promise<Set<string>> {
    return this.guarded(async () => {
      const found = new Set<string>();
      let next = 0;
      const worker = async () => {
        while (next < names.length) {
          const name = names[next++] as string;
          const response = await this.client.send({ method: 'HEAD', key: this.key(name) });
          if (response.ok) found.add(name);
          else if (response.status !== 404) throw await this.client.failure(response, `HEAD ${name}`);
          await response.body?.cancel();
        }
      };
      await Promise.all(Array.from({ length: Math.min(EXISTING_AT_ONCE, names.length) }, worker));
      return found;
    });
  }
}
