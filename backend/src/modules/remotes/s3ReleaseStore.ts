/**
 * The release store in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph…), chosen by the
 * RELEASES_S3_* settings: `<prefix><remote>/<version>/<file>` beside `<…>/<version>/release.json`.
 * No SDK: the S3 client the file store shares (services/s3Client.ts: plain fetch() calls to
 * path-style URLs, signed with AWS Signature Version 4).
 *
 * A bucket has no rename, so a version is made whole the other way round: every file is uploaded
 * first and release.json last, and only a folder with a release.json is a version (versions(),
 * descriptor() and readFile() all ask for it). An upload killed half-way leaves files nobody
 * lists or serves; publishing the same build again completes it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseDescriptor, RemoteName } from '@shop/contract';
import { contentTypeOf } from '../../delivery/sendStaticFile';
import {
  readCapped,
  S3Client,
  type S3Request,
  type S3RequestError,
  type S3StoreSettings,
  xmlTags,
} from '../../services/s3Client';
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

// What callers of the release store imported from here before the client was shared.
export {
  canonicalQueryString,
  encodeRfc3986,
  isStoreUnavailable,
  S3RequestError,
  type S3StoreSettings,
  S3Unavailable,
  type SignInput,
  signRequest,
  xmlTags,
} from '../../services/s3Client';

/**
 * The largest file read back or stored. Remote files are small (a remote's biggest chunk is far
 * under 1 MB); the cap keeps one odd object from filling the server's memory when it is served.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/**
 * How long readFile() trusts that a version has its release.json without asking again. Files of
 * a served version are read many times a minute; a removed version (never live, by retention)
 * answers 404 from the bucket anyway once its files are gone.
 */
const PUBLISHED_TTL_MS = 60_000;
/** A list request's page; the bucket answers at most 1000 keys however many are asked. */
const LIST_PAGE = 1000;

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

export class S3ReleaseStore implements ReleaseStore {
  private readonly settings: S3StoreSettings;
  private readonly client: S3Client;
  private readonly now: () => Date;
  /** Versions seen with a release.json, and until when readFile() trusts that. */
  private readonly seenPublished = new Map<string, number>();

  constructor(settings: S3StoreSettings, now: () => Date = () => new Date()) {
    this.client = new S3Client(settings);
    this.settings = this.client.settings;
    this.now = now;
  }

  /** `s3://bucket/prefix/remote/version/`: where a version is, for the release command's output. */
  location(remote: RemoteName, version: string): string {
    return `s3://${this.settings.bucket}/${this.key(remote, version, '')}`;
  }

  private key(remote: RemoteName, version: string, relative: string): string {
    return `${this.settings.prefix}${remote}/${version}/${relative}`;
  }

  /** Signs and sends one request (the shared client); answers the response whatever its status. */
  private send(request: S3Request): Promise<Response> {
    return this.client.send(request);
  }

  /** A failed answer as an error naming S3's code; a 5xx throws S3Unavailable. */
  private failure(response: Response, what: string): Promise<S3RequestError> {
    return this.client.failure(response, what);
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
