/**
 * One remote's release, as `npm run release` runs it (release.ts parses the command line): build
 * the remote alone (and the shell when none is built to check against), run the release checks
 * against the shell, publish into the store. Apart from the command line so it can be tested on
 * folders of its own.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@shop/contract';
import { checkRelease, folderReader, MANIFEST_FILE, shellFacts } from '../src/modules/remotes/releaseChecks';
import {
  builtInDir,
  builtInVersion,
  FolderReleaseStore,
  isRemoteName,
  type PublishResult,
  type ReleaseStore,
} from '../src/modules/remotes/releaseStore';

const SHELL_FOLDER = 'shell';
const MEBIBYTE = 1024 * 1024;

export type ReleaseRequest = {
  /** The repository: the shell's and each remote's folders. */
  root: string;
  /** The folder store (RELEASES_DIR). */
  releasesDir: string;
  /** The store to publish into (RELEASES_S3_*: a bucket); default the folder store above. */
  store?: ReleaseStore;
  remote: RemoteName;
  /** A folder built elsewhere (a team's CI artifact): published as it is, nothing built. */
  from?: string;
  /** false: publish the remote's existing dist (`--no-build`). */
  build: boolean;
  /** Builds app folders of `root` in one run (scripts/build.mjs buildApps). */
  buildApps: (dirs: string[]) => Promise<void>;
};

export type ReleaseOutcome =
  | (PublishResult & { ok: true; seconds: number; summary: string })
  | { ok: false; reason: string };

/** `catalog`, `cart_checkout`, `mfe-cart-checkout` or `mfe-cart-checkout/` name the same remote. */
export function remoteOf(name: string): RemoteName | null {
  const bare = name.replace(/\/+$/, '').replace(/^mfe-/, '').replace(/-/g, '_');
  return isRemoteName(bare) ? bare : null;
}

/** Builds, checks and publishes one remote; a refusal is an answer, not an exception. */
export async function publishRelease(request: ReleaseRequest): Promise<ReleaseOutcome> {
  const { root, remote } = request;
  const started = performance.now();
  const dir = request.from ? path.resolve(request.from) : builtInDir(root, remote);
  const remoteFolder = path.relative(root, path.dirname(builtInDir(root, remote)));
  const shellMissing = !existsSync(path.join(root, SHELL_FOLDER, 'dist', MANIFEST_FILE));
  // The shell is built only when there is none to check against; it is not part of the release.
  const toBuild = [
    ...(shellMissing ? [SHELL_FOLDER] : []),
    ...(request.from || !request.build ? [] : [remoteFolder]),
  ];
  if (toBuild.length > 0) await request.buildApps(toBuild);

  // The version is named by its content hash once stored; until then, by where the build is (and
  // by this checkout's package version when it was built here).
  const relative = path.relative(root, dir);
  const where = `built in ${relative.startsWith('..') ? dir : relative || '.'}`;
  const label = request.from ? `(${where})` : `${builtInVersion(root, remote)} (${where})`;
  const checked = await checkRelease(folderReader(dir), remote, await shellFacts(root), label);
  if (!checked.ok) return { ok: false, reason: checked.reason };

  const store = request.store ?? new FolderReleaseStore(request.releasesDir);
  const published = await store.publish(remote, dir);
  const seconds = (performance.now() - started) / 1000;
  const size = `${(published.descriptor.bytes / MEBIBYTE).toFixed(1)} MiB in ${published.descriptor.files} files`;
  const what = published.state === 'published' ? 'published' : 'already published (same content)';
  return {
    ok: true,
    ...published,
    seconds,
    summary: `${remote} ${published.version} ${what}: ${size}, ${seconds.toFixed(1)} s`,
  };
}
