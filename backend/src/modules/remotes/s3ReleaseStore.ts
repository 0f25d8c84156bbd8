/**
 * The release store in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph…), chosen by the
 * RELEASES_S3_* settings: `<prefix><remote>/<version>/<file>` beside `<…>/<version>/release.json`.
 * No SDK: requests are plain fetch() calls to path-style URLs (`<endpoint>/<bucket>/<key>`),
 * signed with AWS Signature Version 4 written here over node:crypto.
 *
 * A bucket has no rename, so a version is made whole the other way round: every file is uploaded
 * first and release.json last, and only a folder with a release.json is a version (versions(),
 * descriptor() and readFile() all ask for it). An upload killed half-way leaves files nobody
 * lists or serves; publishing the same build again completes it.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseDescriptor, RemoteName } from '@shop/contract';
import { contentTypeOf } from '../../delivery/sendStaticFile';
import { StoreUnavailableError } from '../../errors';
import {
  descriptorText,
  FolderReleaseStore,
  isRemoteName,
  isVersionName,
  newestFirst,
  type PublishResult,
  parseDescriptor,
  prepareRelease,
  RELEASE_FILE,
  ReleaseRefused,
  type ReleaseStore,
  releaseDescriptor,
} from './releaseStore';

/** Where the bucket is and who signs (config.ts reads them from RELEASES_S3_*). */
export interface S3StoreSettings {
  /** `http(s)://host[:port]`, no path: requests go to `<endpoint>/<bucket>/<key>`. */
  endpoint: string;
  bucket: string;
  region: string;
  /** '' or a key prefix ending in '/', put before `<remote>/`. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The largest file read back or stored. Remote files are small (a remote's biggest chunk is far
 * under 1 MB); the cap keeps one odd object from filling the server's memory when it is served.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** One S3 request's limit: a bucket that stops answering fails the request, not the server. */
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * How long readFile() trusts that a version has its release.json without asking again. Files of
 * a served version are read many times a minute; a removed version (never live, by retention)
 * answers 404 from the bucket anyway once its files are gone.
 */
const PUBLISHED_TTL_MS = 60_000;
/** A list request's page; the bucket answers at most 1000 keys however many are asked. */
const LIST_PAGE = 1000;

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
const encodePath = (segments: string): string => segments.split('/').map(encodeRfc3986).join('/');

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

/** The blocks `<tag>…</tag>` (raw XML inside), for the tags that hold others (CommonPrefixes). */
function xmlBlocks(xml: string, tag: string): string[] {
  const blocks: string[] = [];
  const pattern = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g');
  for (const match of xml.matchAll(pattern)) blocks.push(match[1] ?? '');
  return blocks;
}

type ListPage = { keys: string[]; prefixes: string[]; next: string | null };

/** One ListObjectsV2 answer: its keys, its common prefixes and where the next page starts. */
export function parseListPage(xml: string): ListPage {
  if (!/<ListBucketResult[\s>]/.test(xml))
    throw new Error('S3 answered a listing that is not a ListBucketResult');
  const truncated = xmlTags(xml, 'IsTruncated')[0] === 'true';
  const next = xmlTags(xml, 'NextContinuationToken')[0] ?? null;
  if (truncated && !next) throw new Error('S3 answered a truncated listing without a continuation token');
  return {
    keys: xmlBlocks(xml, 'Contents').flatMap((block) => xmlTags(block, 'Key')),
    prefixes: xmlBlocks(xml, 'CommonPrefixes').flatMap((block) => xmlTags(block, 'Prefix')),
    next: truncated ? next : null,
  };
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

type Request = {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  /** The object key; '' addresses the bucket itself (listing). */
  key: string;
  query?: ReadonlyArray<readonly [string, string]>;
  body?: Buffer;
  headers?: Record<string, string>;
};

/** Reads a body up to `limit` bytes; more throws (the store never holds such a file). */
async function readCapped(response: Response, limit: number, what: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel();
    throw new Error(`S3 ${what} is ${declared} bytes, more than the ${limit} a release file may have`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`S3 ${what} is more than the ${limit} bytes a release file may have`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export class S3ReleaseStore implements ReleaseStore {
  private readonly settings: S3StoreSettings;
  private readonly now: () => Date;
  /** Versions seen with a release.json, and until when readFile() trusts that. */
  private readonly seenPublished = new Map<string, number>();

  constructor(settings: S3StoreSettings, now: () => Date = () => new Date()) {
    this.settings = { ...settings, endpoint: settings.endpoint.replace(/\/+$/, '') };
    this.now = now;
  }

  /** `s3://bucket/prefix/remote/version/`: where a version is, for the release command's output. */
  location(remote: RemoteName, version: string): string {
    return `s3://${this.settings.bucket}/${this.key(remote, version, '')}`;
  }

  private key(remote: RemoteName, version: string, relative: string): string {
    return `${this.settings.prefix}${remote}/${version}/${relative}`;
  }

  /** Signs and sends one request; answers the response whatever its status. */
  private async send(request: Request): Promise<Response> {
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
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      // fetch() rejects only when no answer came (refused, reset, DNS, the timeout's abort).
      const why = error instanceof Error ? error.message : String(error);
      throw new S3Unavailable(`S3 ${request.method} ${request.key || bucket} got no answer: ${why}`, {
        cause: error,
      });
    }
  }

  /** A failed answer as an error naming S3's code (read from its XML body when there is one). */
  private async failure(response: Response, what: string): Promise<S3RequestError> {
    const body = response.body ? await readCapped(response, 64 * 1024, what).catch(() => null) : null;
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

  /** An object's bytes, or null when there is none. */
  private async getObject(key: string): Promise<Buffer | null> {
    const response = await this.send({ method: 'GET', key });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw await this.failure(response, `GET ${key}`);
    return readCapped(response, MAX_FILE_BYTES, `GET ${key}`);
  }

  private async exists(key: string): Promise<boolean> {
    const response = await this.send({ method: 'HEAD', key });
    if (response.status === 404) return false;
    if (!response.ok) throw await this.failure(response, `HEAD ${key}`);
    return true;
  }

  private async putObject(key: string, body: Buffer, contentType: string): Promise<void> {
    const response = await this.send({ method: 'PUT', key, body, headers: { 'content-type': contentType } });
    if (!response.ok) throw await this.failure(response, `PUT ${key}`);
    await response.body?.cancel();
  }

  private async deleteObject(key: string): Promise<void> {
    const response = await this.send({ method: 'DELETE', key });
    // 404: already gone, which is what a delete wants.
    if (!response.ok && response.status !== 404) throw await this.failure(response, `DELETE ${key}`);
    await response.body?.cancel();
  }

  /** Every key under `prefix` (with `delimiter`: the common prefixes one level down instead). */
  private async list(prefix: string, delimiter?: string): Promise<ListPage> {
    const all: ListPage = { keys: [], prefixes: [], next: null };
    let token: string | null = null;
    do {
      const query: Array<[string, string]> = [
        ['list-type', '2'],
        ['prefix', prefix],
        ['max-keys', String(LIST_PAGE)],
      ];
      if (delimiter) query.push(['delimiter', delimiter]);
      if (token) query.push(['continuation-token', token]);
      const response = await this.send({ method: 'GET', key: '', query });
      if (!response.ok) throw await this.failure(response, `list ${prefix}`);
      const page = parseListPage(
        (await readCapped(response, MAX_FILE_BYTES, `list ${prefix}`)).toString('utf8'),
      );
      all.keys.push(...page.keys);
      all.prefixes.push(...page.prefixes);
      token = page.next;
    } while (token);
    return all;
  }

  async versions(remote: RemoteName): Promise<string[]> {
    return (await this.published(remote)).map((descriptor) => descriptor.version);
  }

  async published(remote: RemoteName): Promise<ReleaseDescriptor[]> {
    if (!isRemoteName(remote)) return [];
    const remotePrefix = `${this.settings.prefix}${remote}/`;
    const { prefixes } = await this.list(remotePrefix, '/');
    const names = prefixes
      .map((prefix) => prefix.slice(remotePrefix.length).replace(/\/$/, ''))
      .filter(isVersionName);
    const descriptors = await Promise.all(names.map((name) => this.descriptor(remote, name)));
    return newestFirst(
      descriptors.filter((descriptor): descriptor is ReleaseDescriptor => descriptor !== null),
    );
  }

  async descriptor(remote: RemoteName, version: string): Promise<ReleaseDescriptor | null> {
    if (!isRemoteName(remote) || !isVersionName(version)) return null;
    const bytes = await this.getObject(this.key(remote, version, RELEASE_FILE));
    const descriptor = bytes ? parseDescriptor(bytes, remote, version) : null;
    if (descriptor) this.seenPublished.set(`${remote}/${version}`, Date.now() + PUBLISHED_TTL_MS);
    else this.seenPublished.delete(`${remote}/${version}`);
    return descriptor;
  }

  /** Whether a version has its release.json, asked again at most once a minute. */
  private async isPublished(remote: RemoteName, version: string): Promise<boolean> {
    const until = this.seenPublished.get(`${remote}/${version}`);
    if (until !== undefined && until > Date.now()) return true;
    return (await this.descriptor(remote, version)) !== null;
  }

  async readFile(remote: RemoteName, version: string, relative: string): Promise<Buffer | null> {
    if (!isRemoteName(remote) || !isVersionName(version)) return null;
    // A key is a name, not a path, but `a/../b` must not reach another version's files either.
    // `..` alone normalizes to itself, so every segment is checked, not only the start.
    const normalized = path.posix.normalize(relative);
    if (!relative || relative.includes('\0') || normalized !== relative) return null;
    if (normalized.split('/').includes('..')) return null;
    if (normalized.startsWith('/') || normalized === '.' || normalized.endsWith('/')) return null;
    if (!(await this.isPublished(remote, version))) return null;
    return this.getObject(this.key(remote, version, relative));
  }

  /** A bucket has no folder on this machine: the files are served from readFile(). */
  async localDir(): Promise<string | null> {
    return null;
  }

  async publish(remote: RemoteName, builtDir: string): Promise<PublishResult> {
    const prepared = await prepareRelease(remote, builtDir);
    const { source, copied, version } = prepared;
    const releaseKey = this.key(remote, version, RELEASE_FILE);
    if (await this.exists(releaseKey)) {
      const existing = await this.descriptor(remote, version);
      if (!existing)
        throw new Error(`${this.location(remote, version)}${RELEASE_FILE} exists but does not read`);
      return { version, state: 'exists', descriptor: existing };
    }
    let bytes = 0;
    for (const relative of copied) {
      const file = path.join(source, relative);
      if ((await stat(file)).size > MAX_FILE_BYTES) {
        throw new ReleaseRefused(`${remote}: ${relative} is larger than ${MAX_FILE_BYTES} bytes`);
      }
      const body = await readFile(file);
      await this.putObject(this.key(remote, version, relative), body, contentTypeOf(relative));
      bytes += body.length;
    }
    // release.json last: until it is there the files are no version, so a killed upload is never
    // listed nor served. Two publishes of the same build at once are harmless: the version's name
    // is its content hash, so both write the same bytes to the same keys, and each writes a whole
    // release.json (they differ only in publishedAt); the later one stands.
    const descriptor = releaseDescriptor(remote, prepared, this.now(), bytes);
    await this.putObject(releaseKey, Buffer.from(descriptorText(descriptor)), contentTypeOf(RELEASE_FILE));
    this.seenPublished.set(`${remote}/${version}`, Date.now() + PUBLISHED_TTL_MS);
    return { version, state: 'published', descriptor };
  }

  async retire(remote: RemoteName, version: string): Promise<void> {
    if (!isRemoteName(remote) || !isVersionName(version)) return;
    // One DELETE: without its release.json the folder is no version for any reader (versions(),
    // descriptor(), readFile() all ask for it), whatever files are left.
    await this.deleteObject(this.key(remote, version, RELEASE_FILE));
    this.seenPublished.delete(`${remote}/${version}`);
  }

  async remove(remote: RemoteName, version: string): Promise<void> {
    if (!isRemoteName(remote) || !isVersionName(version)) return;
    // release.json first: from then on the version is gone for every reader, whatever is left.
    await this.retire(remote, version);
    const { keys } = await this.list(this.key(remote, version, ''));
    for (const key of keys) await this.deleteObject(key);
  }
}

/** The store the settings name: the bucket when RELEASES_S3_* are set, else the folder. */
export function releaseStoreOf(settings: { releasesDir: string; s3?: S3StoreSettings | null }): ReleaseStore {
  return settings.s3 ? new S3ReleaseStore(settings.s3) : new FolderReleaseStore(settings.releasesDir);
}
