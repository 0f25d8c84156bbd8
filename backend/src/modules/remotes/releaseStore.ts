/**
 * The release store: every published version of every remote, kept whole and never overwritten,
 * so a tab opened before a release keeps finding its chunks after it. A version is named
 * `<packageVersion>-<contentHash>` and carries a release.json (ReleaseDescriptor) beside its files.
 *
 * The folder store keeps `<dir>/<remote>/<version>/`. Publishing copies into
 * `<dir>/<remote>/.incoming-<random>` and renames it into place: a reader sees a version whole or
 * not at all, and two publishes of the same build end with one folder ("exists" for the second).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  chmod,
  copyFile,
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ReleaseDescriptor, RemoteName } from '@shop/contract';
import {
  REMOTE_NAMES,
  ReleaseDescriptor as ReleaseDescriptorSchema,
  VERSION_PATTERN,
} from '@shop/contract/schemas/remotes';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { folderReader, type ReleaseFacts, readReleaseFacts } from './releaseChecks';

export type PublishResult = {
  version: string;
  /** published: this call stored it; exists: the same content was already published. */
  state: 'published' | 'exists';
  descriptor: ReleaseDescriptor;
};

export interface ReleaseStore {
  /** The remote's published versions, newest first. */
  versions(remote: RemoteName): Promise<string[]>;
  /**
   * The release.json of each published version, newest first: what versions() reads anyway, for
   * callers that need the descriptors too (one read per version, not two; each is a GET on S3).
   */
  published(remote: RemoteName): Promise<ReleaseDescriptor[]>;
  descriptor(remote: RemoteName, version: string): Promise<ReleaseDescriptor | null>;
  /** One file of a version by its path inside the version; null when absent or not a safe path. */
  readFile(remote: RemoteName, version: string, relative: string): Promise<Buffer | null>;
  /** The folder holding a version's files (folder stores), for serving them as they are. */
  localDir(remote: RemoteName, version: string): Promise<string | null>;
  /** Stores a built remote as an immutable version; throws ReleaseRefused when it is no release. */
  publish(remote: RemoteName, builtDir: string): Promise<PublishResult>;
  /**
   * Makes a version no version at once, quickly (one rename or one delete): prune calls it under
   * the registry row's lock, so no promote can pick the version, and deletes its files after.
   * No-op when it is not there.
   */
  retire(remote: RemoteName, version: string): Promise<void>;
  /** Deletes a version whole (retired first when it is not yet) and what a retire left of it. */
  remove(remote: RemoteName, version: string): Promise<void>;
}

/** A build the store will not take, with the sentence saying why. */
export class ReleaseRefused extends Error {
  override name = 'ReleaseRefused';
}

export const RELEASE_FILE = 'release.json';
/** Characters of the sha256 hex in a version name: enough to tell builds apart, short to read. */
export const CONTENT_HASH_LENGTH = 10;
/** Written by the build beside the files, or derived from them: hashed over nothing, but copied. */
const UNHASHED = /(\.br|\.gz)$|^\.build-stamp$/;
/** Never copied: the store writes its own release.json (a republished version carries an old one). */
const NOT_COPIED = new Set([RELEASE_FILE]);
const INCOMING_PREFIX = '.incoming-';
const REMOVING_PREFIX = '.removing-';
/**
 * A temporary folder untouched this long was left by a publish or removal that died (a killed
 * process): the next publish deletes it. Far longer than any copy of a build takes.
 */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const VERSION_NAME = new RegExp(VERSION_PATTERN);
const VERSION_MAX_LENGTH = 80;
/** Published files are read-only: immutability the file system also enforces against slips. */
const PUBLISHED_FILE_MODE = 0o444;

/** Each remote's workspace folder, whose dist/ is its built-in version. */
const REMOTE_FOLDERS: Readonly<Record<RemoteName, string>> = {
  catalog: 'mfe-catalog',
  cart_checkout: 'mfe-cart-checkout',
  member: 'mfe-member',
  auth: 'mfe-auth',
  admin: 'mfe-admin',
};

export const isRemoteName = (name: string): name is RemoteName =>
  (REMOTE_NAMES as readonly string[]).includes(name);

/** Whether a string may name a version folder: the contract's pattern, which rules out `..`. */
export const isVersionName = (version: string): boolean =>
  version.length <= VERSION_MAX_LENGTH && VERSION_NAME.test(version);

/** A remote's own build folder (`<root>/mfe-<x>/dist`), served as its built-in version. */
export function builtInDir(root: string, remote: RemoteName): string {
  return path.join(root, REMOTE_FOLDERS[remote], 'dist');
}

/**
 * Each remote's built-in version, read once per remote and root (its package.json version changes
 * only with a deploy of the server's own files); null when it has none that can name a folder.
 */
export function builtInVersions(root: string): (remote: RemoteName) => string | null {
  const known = new Map<RemoteName, string | null>();
  return (remote) => {
    if (!known.has(remote)) {
      try {
        known.set(remote, builtInVersion(root, remote));
      } catch {
        known.set(remote, null);
      }
    }
    return known.get(remote) ?? null;
  };
}

/** The built-in version's name: the remote's package.json version (`0.1.0`). */
export function builtInVersion(root: string, remote: RemoteName): string {
  const manifest: unknown = JSON.parse(
    readFileSync(path.join(root, REMOTE_FOLDERS[remote], 'package.json'), 'utf8'),
  );
  const version =
    typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : null;
  if (typeof version !== 'string' || !isVersionName(version)) {
    throw new Error(`${REMOTE_FOLDERS[remote]}/package.json has no usable version`);
  }
  return version;
}

/** A build's files as paths relative to its folder, sorted; refuses links (they could point out). */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
    else
      throw new ReleaseRefused(
        `${relative} in ${dir} is not a plain file or folder; a release copies only those`,
      );
  }
  return files.sort();
}

/**
 * sha256 over the build's files in path order, each as its path, its length and its bytes (so no
 * two different builds hash alike by shifting bytes between files). Precompressed copies and the
 * build stamp are left out: they follow from the files, or change on every build of the same code.
 */
export async function contentHash(dir: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const relative of files) {
    if (UNHASHED.test(path.posix.basename(relative)) || NOT_COPIED.has(relative)) continue;
    const bytes = await readFile(path.join(dir, relative));
    hash.update(`${relative}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex').slice(0, CONTENT_HASH_LENGTH);
}

/** How each precompressed copy is read back (the server sends them instead of their file). */
const DECOMPRESSORS: ReadonlyArray<readonly [string, (bytes: Buffer, maxOutputLength: number) => Buffer]> = [
  ['.br', (bytes, maxOutputLength) => brotliDecompressSync(bytes, { maxOutputLength })],
  ['.gz', (bytes, maxOutputLength) => gunzipSync(bytes, { maxOutputLength })],
];

/**
 * Refuses a build whose `.br`/`.gz` copies are not exactly their file compressed. They are left
 * out of the content hash, yet most browsers get them instead of the file: a stale or altered copy
 * would ship other code under the good build's version name.
 */
export async function checkCompressedCopies(dir: string, files: readonly string[]): Promise<void> {
  const present = new Set(files);
  for (const relative of files) {
    const decompressor = DECOMPRESSORS.find(([extension]) => relative.endsWith(extension));
    if (!decompressor) continue;
    const [extension, decompress] = decompressor;
    const original = relative.slice(0, -extension.length);
    if (!present.has(original)) {
      throw new ReleaseRefused(
        `${relative} has no ${original} beside it: a precompressed copy must come with its file`,
      );
    }
    const expected = await readFile(path.join(dir, original));
    let actual: Buffer | null;
    try {
      // One byte over the file's size is enough to tell, and stops a compression bomb.
      actual = decompress(await readFile(path.join(dir, relative)), expected.length + 1);
    } catch {
      actual = null;
    }
    if (!actual?.equals(expected)) {
      throw new ReleaseRefused(
        `${relative} does not decompress to ${original}: a stale or altered copy; rebuild the remote`,
      );
    }
  }
}

/**
 * A build the store is about to take: checked against itself, hashed and named. Every store
 * publishes through it, so a version's name means the same content in a folder or a bucket.
 */
export type PreparedRelease = {
  /** The built folder, resolved. */
  source: string;
  /** Relative paths of the files a version stores (release.json excepted: the store writes its own). */
  copied: string[];
  version: string;
  contentHash: string;
  facts: ReleaseFacts;
};

/** Checks, hashes and names a built remote; throws ReleaseRefused when it is no release. */
export async function prepareRelease(remote: RemoteName, builtDir: string): Promise<PreparedRelease> {
  if (!isRemoteName(remote)) throw new ReleaseRefused(`"${remote}" is not a remote of the shop`);
  const source = path.resolve(builtDir);
  if (!(await stat(source).catch(() => null))?.isDirectory()) {
    throw new ReleaseRefused(`${remote}: ${source} is not a built folder`);
  }
  const files = await listFiles(source);
  await checkCompressedCopies(source, files);
  const checked = await readReleaseFacts(folderReader(source), remote);
  if (!checked.ok) throw new ReleaseRefused(checked.reason);
  const { facts } = checked;
  const hash = await contentHash(source, files);
  const version = `${facts.packageVersion}-${hash}`;
  if (!isVersionName(version))
    throw new ReleaseRefused(`${remote}: "${version}" is not a valid version name`);
  const copied = files.filter((relative) => !NOT_COPIED.has(relative));
  return { source, copied, version, contentHash: hash, facts };
}

/** The release.json of a prepared build once its `bytes` are stored. */
export function releaseDescriptor(
  remote: RemoteName,
  prepared: PreparedRelease,
  publishedAt: Date,
  bytes: number,
): ReleaseDescriptor {
  const { facts } = prepared;
  return {
    remote,
    version: prepared.version,
    packageVersion: facts.packageVersion,
    contentHash: prepared.contentHash,
    publishedAt: publishedAt.toISOString(),
    busContractVersion: facts.busContractVersion,
    exposes: facts.exposes,
    shared: facts.shared,
    integrity: facts.integrity,
    files: prepared.copied.length,
    bytes,
  };
}

/** release.json's text as stored. */
export const descriptorText = (descriptor: ReleaseDescriptor): string =>
  `${JSON.stringify(descriptor, null, 2)}\n`;

/**
 * A stored release.json, or null when it does not parse or names another version: written by a
 * publish alone, so anything else there makes the folder no version.
 */
export function parseDescriptor(
  bytes: Buffer,
  remote: RemoteName,
  version: string,
): ReleaseDescriptor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (!isReleaseDescriptor(parsed)) return null;
  return parsed.version === version && parsed.remote === remote ? parsed : null;
}

/** An ISO 8601 date-time as toISOString() writes it (what publish stores in publishedAt). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
// TypeBox's Value.Check knows no format by itself: an unknown one fails every value.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
}

/**
 * Whether a parsed release.json has every field of the contract's ReleaseDescriptor: one without
 * publishedAt (or any other field) would break versions() and retention's ordering further on.
 */
export const isReleaseDescriptor = (value: unknown): value is ReleaseDescriptor =>
  Value.Check(ReleaseDescriptorSchema, value);

/** Descriptors newest first; the name breaks ties so the order never depends on a listing's order. */
export const newestFirst = (descriptors: readonly ReleaseDescriptor[]): ReleaseDescriptor[] =>
  [...descriptors].sort(
    (a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.version.localeCompare(a.version),
  );

/** Not `instanceof Error`: Node's fs errors come from another realm under Jest's vm. */
const isMissing = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error.code === 'ENOENT' || error.code === 'ENOTDIR');

const randomSuffix = (): string => randomBytes(6).toString('hex');

/** The release store in a folder (RELEASES_DIR, default `<repo>/.data/releases`). */
export class FolderReleaseStore implements ReleaseStore {
  readonly dir: string;
  /** The clock publishedAt is read from (tests set it; versions() orders by it). */
  private readonly now: () => Date;

  constructor(dir: string, now: () => Date = () => new Date()) {
    this.dir = path.resolve(dir);
    this.now = now;
  }

  /** A version's folder, or null when the remote or version is not a safe name. */
  private versionDir(remote: string, version: string): string | null {
    if (!isRemoteName(remote) || !isVersionName(version)) return null;
    return path.join(this.dir, remote, version);
  }

  async versions(remote: RemoteName): Promise<string[]> {
    return (await this.published(remote)).map((descriptor) => descriptor.version);
  }

  async published(remote: RemoteName): Promise<ReleaseDescriptor[]> {
    if (!isRemoteName(remote)) return [];
    let names: string[];
    try {
      names = await readdir(path.join(this.dir, remote));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const published: ReleaseDescriptor[] = [];
    for (const name of names.filter(isVersionName)) {
      const descriptor = await this.descriptor(remote, name);
      if (descriptor) published.push(descriptor);
    }
    return newestFirst(published);
  }

  async descriptor(remote: RemoteName, version: string): Promise<ReleaseDescriptor | null> {
    const bytes = await this.readFile(remote, version, RELEASE_FILE);
    return bytes ? parseDescriptor(bytes, remote, version) : null;
  }

  async readFile(remote: RemoteName, version: string, relative: string): Promise<Buffer | null> {
    const dir = this.versionDir(remote, version);
    if (!dir || relative.includes('\0')) return null;
    const file = path.resolve(dir, relative);
    if (!file.startsWith(`${dir}${path.sep}`)) return null;
    try {
      // lstat: a link planted in a version folder is not followed out of it.
      if (!(await lstat(file)).isFile()) return null;
      return await readFile(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async localDir(remote: RemoteName, version: string): Promise<string | null> {
    const dir = this.versionDir(remote, version);
    if (!dir) return null;
    return (await this.descriptor(remote, version)) ? dir : null;
  }

  async publish(remote: RemoteName, builtDir: string): Promise<PublishResult> {
    const prepared = await prepareRelease(remote, builtDir);
    const { source, copied, version } = prepared;
    const target = this.versionDir(remote, version);
    if (!target) throw new ReleaseRefused(`${remote}: "${version}" is not a valid version name`);

    const existing = await this.descriptor(remote, version);
    if (existing) return { version, state: 'exists', descriptor: existing };

    await this.sweepAbandoned(remote);
    const incoming = path.join(this.dir, remote, `${INCOMING_PREFIX}${randomSuffix()}`);
    await mkdir(incoming, { recursive: true });
    try {
      let bytes = 0;
      for (const relative of copied) {
        const to = path.join(incoming, relative);
        await mkdir(path.dirname(to), { recursive: true });
        await copyFile(path.join(source, relative), to);
        await chmod(to, PUBLISHED_FILE_MODE);
        bytes += (await stat(to)).size;
      }
      const descriptor = releaseDescriptor(remote, prepared, this.now(), bytes);
      const releaseFile = path.join(incoming, RELEASE_FILE);
      await writeFile(releaseFile, descriptorText(descriptor));
      await chmod(releaseFile, PUBLISHED_FILE_MODE);
      try {
        // rename(2) onto an existing non-empty folder fails: a version is never replaced.
        await rename(incoming, target);
      } catch (error) {
        const winner = await this.descriptor(remote, version);
        if (winner) return { version, state: 'exists', descriptor: winner };
        throw error;
      }
      return { version, state: 'published', descriptor };
    } finally {
      await rm(incoming, { recursive: true, force: true });
    }
  }

  /** Deletes the temporary folders of publishes and removals that died long ago. */
  private async sweepAbandoned(remote: RemoteName): Promise<void> {
    const remoteDir = path.join(this.dir, remote);
    const names = await readdir(remoteDir).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    const oldest = Date.now() - ABANDONED_AFTER_MS;
    for (const name of names) {
      if (!name.startsWith(INCOMING_PREFIX) && !name.startsWith(REMOVING_PREFIX)) continue;
      const folder = path.join(remoteDir, name);
      const modified = (await stat(folder).catch(() => null))?.mtimeMs;
      if (modified !== undefined && modified < oldest) await rm(folder, { recursive: true, force: true });
    }
  }

  /** `.removing-<version>-`: the folders a retire of this version left, for remove() to find. */
  private static removingPrefix(version: string): string {
    return `${REMOVING_PREFIX}${version}-`;
  }

  async retire(remote: RemoteName, version: string): Promise<void> {
    const dir = this.versionDir(remote, version);
    if (!dir) return;
    // One rename: the folder stops being a version at once, and no reader sees it half-deleted.
    const removing = path.join(
      this.dir,
      remote,
      `${FolderReleaseStore.removingPrefix(version)}${randomSuffix()}`,
    );
    try {
      await rename(dir, removing);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
  }

  async remove(remote: RemoteName, version: string): Promise<void> {
    if (!this.versionDir(remote, version)) return;
    await this.retire(remote, version);
    const remoteDir = path.join(this.dir, remote);
    const names = await readdir(remoteDir).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    const prefix = FolderReleaseStore.removingPrefix(version);
    for (const name of names.filter((candidate) => candidate.startsWith(prefix))) {
      await rm(path.join(remoteDir, name), { recursive: true, force: true });
    }
  }
}
