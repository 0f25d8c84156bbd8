/**
 * The files of every retained remote version, under /mfe/<name>/<version>/<file>: the running
 * build of each remote (its `dist`, served as its package.json version) and the releases kept in
 * the releases folder (`<releasesDir>/<name>/<version>/`), so a tab opened before a release keeps
 * loading the chunks it started with.
 *
 * One plugin for two servers: the shop's own (site.ts, everything on one origin) and
 * scripts/serve-remote.ts, which serves one remote from an origin of its own, as a CDN would.
 * Either way the files may be read by pages of another origin: every answer allows any origin
 * (the files are public, and no cookie is ever needed for them).
 *
 * Caching: remoteEntry.js and the JSON files (mf-manifest.json, release.json) name the version's
 * chunks and are re-validated on every load; every other file is content-hashed and immutable.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES } from '@shop/contract/schemas/remotes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RELEASES_SUBDIR } from '../config';
import { AppError, storeUnavailable } from '../errors';
import {
  builtInDir,
  builtInVersions,
  FolderReleaseStore,
  isRemoteName,
  type ReleaseStore,
} from '../modules/remotes/releaseStore';
import { isStoreUnavailable } from '../modules/remotes/s3ReleaseStore';
import { contentTypeOf, sendStaticFile } from './sendStaticFile';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers of every remote file, whichever origin serves it. Any page may read them (CORS for
 * fetch() of the manifest, fonts and `crossorigin` scripts); Timing-Allow-Origin lets the page
 * measure how long a remote took to load (Resource Timing hides cross-origin timings otherwise).
 */
export const REMOTE_FILE_HEADERS = {
  'access-control-allow-origin': '*',
  'timing-allow-origin': '*',
} as const;

export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (name === 'remoteEntry.js' || name.endsWith('.json') || name.endsWith('.html')) return NO_CACHE;
  return IMMUTABLE;
}

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Resolves `relative` inside `dir`, refusing anything that escapes it. */
export function inside(dir: string, relative: string): string | null {
  const file = path.resolve(dir, relative);
  return file.startsWith(dir + path.sep) ? file : null;
}

/** Where one version's files are on this machine (the shape of the release store's `localDir`). */
export interface RemoteFolders {
  localDir(remote: string, version: string): Promise<string | null>;
  /**
   * A published version's file from a store with no folder here (S3), read whole (the store caps
   * its size); null when it is not a file of a published version. Absent: folders only.
   */
  readFile?(remote: string, version: string, relative: string): Promise<Buffer | null>;
}

/**
 * The same folders the shop's server serves (modules/remotes/services.ts): the built-in version
 * in `<root>/<app>/dist`, every published one from the folder release store (a version whole, with
 * its release.json; a publish still copying is not one yet). The built-in version is read on every
 * request, so a rebuilt remote shows at once (its version is read once, from its package.json).
 */
export function remoteFolders(root: string, releases: string | ReleaseStore): RemoteFolders {
  const store = typeof releases === 'string' ? new FolderReleaseStore(releases) : releases;
  const bytesOnly = !(store instanceof FolderReleaseStore);
  const builtIn = builtInVersions(root);
  return {
    // A bucket store's versions are read as bytes; the built-in version is a folder (localDir).
    ...(bytesOnly && {
      readFile: async (remote: string, version: string, relative: string) =>
        isRemoteName(remote) ? store.readFile(remote, version, relative) : null,
    }),
    async localDir(remote, version) {
      if (!isRemoteName(remote)) return null;
      if (builtIn(remote) === version) return builtInDir(root, remote);
      return store.localDir(remote, version);
    },
  };
}

/**
 * Sends a file read from the release store (no folder here): the same caching and CORS as a file
 * on disk, an ETag from its bytes (a store file has no mtime) so a re-validated remoteEntry.js
 * answers 304. The compress plugin compresses it as it goes.
 */
function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  relative: string,
  bytes: Buffer,
): FastifyReply {
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', cacheControlFor(relative)).header('etag', etag).type(contentTypeOf(relative));
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(bytes);
}

export interface RemoteFilesOptions {
  /** Repository root: holds the mfe-… app folders. */
  root: string;
  /** Published versions, `<releasesDir>/<remote>/<version>/`; default `<root>/.data/releases`. */
  releasesDir?: string;
  /** The remotes served here; default every one (a remote's own origin serves only itself). */
  remotes?: readonly string[];
  /** Where a version's files are; default remoteFolders(root, releasesDir). */
  folders?: RemoteFolders;
}

export async function remoteFilesPlugin(app: FastifyInstance, options: RemoteFilesOptions): Promise<void> {
  const root = path.resolve(options.root);
  const folders =
    options.folders ??
    remoteFolders(root, path.resolve(options.releasesDir ?? path.join(root, RELEASES_SUBDIR)));
  const served = new Set<string>(options.remotes ?? REMOTE_NAMES);

  app.get<{ Params: { name: string; version: string; '*': string } }>(
    '/mfe/:name/:version/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name, version } = request.params;
      const relative = request.params['*'];
      const dir = served.has(name) ? await folders.localDir(name, version) : null;
      const file = dir && relative ? inside(path.resolve(dir), relative) : null;
      reply.headers(REMOTE_FILE_HEADERS);
      if (!dir && served.has(name) && relative && folders.readFile) {
        const bytes = await folders.readFile(name, version, relative).catch((error: unknown) => {
          // A bucket away is a 503 the browser may retry, not a 500 nor a 404 (the file may exist).
          throw isStoreUnavailable(error) ? storeUnavailable() : error;
        });
        if (!bytes) throw AppError.notFound(`No file ${relative} in ${name} ${version}.`);
        return sendBytes(request, reply, relative, bytes);
      }
      if (!dir || !file || !(await isFile(file))) {
        throw AppError.notFound(`No file ${relative} in ${name} ${version}.`);
      }
      return sendStaticFile(request, reply, file, cacheControlFor(file));
    },
  );
}
