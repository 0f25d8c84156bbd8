/**
 * The remote release services one API instance runs with: the release store (published versions),
 * the checks against the shell it serves, the registry in PostgreSQL, browsers' reports and
 * developers' overrides. Built once in app.ts; the routes and the page server use them.
 */
import type { RemoteName, RemoteVersionInfo } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { DEFAULT_RELEASES_KEEP } from '../../config';
import type { Database } from '../../db/client';
import { remoteVersions } from '../../db/schema';
import { remoteFolders } from '../../delivery/remoteFiles';
import { pruneVersions, type VersionChecker, type VersionVerdict } from './operations';
import { type OverridePolicy, RemoteOverrides } from './overrides';
import { ReleaseRegistry, readRows } from './registry';
import { checkRelease, shellFacts } from './releaseChecks';
import { builtInVersions, type ReleaseStore } from './releaseStore';
import { type CanaryAbortRule, DEFAULT_CANARY_ABORT, RemoteReports } from './reports';
import { removeRetired, retireReleases } from './retention';
import { releaseStoreOf, type S3StoreSettings } from './s3ReleaseStore';

export interface ReleaseSettings {
  /** Repository root: the shell's build (checks) and each remote's own build (built-in version). */
  root: string;
  /** The folder store's location (RELEASES_DIR). */
  releasesDir: string;
  /** RELEASES_S3_*: the bucket store instead of the folder (config.ts). */
  s3?: S3StoreSettings | null;
  /** The release store itself (tests); default releaseStoreOf(releasesDir, s3). */
  store?: ReleaseStore;
  /** A remote's own origin (REMOTE_ORIGINS); absent: this server's origin. */
  remoteOrigins?: Partial<Record<RemoteName, string>>;
  canaryAbort?: CanaryAbortRule;
  overrides?: OverridePolicy;
  /** Published versions always kept per remote by prune, beside those in use (RELEASES_KEEP). */
  keep?: number;
}

export interface ReleaseServices {
  store: ReleaseStore;
  checker: VersionChecker;
  registry: ReleaseRegistry;
  reports: RemoteReports;
  overrides: RemoteOverrides;
  /** The remote's published versions, newest first, with their state in the registry. */
  versions(remote: RemoteName): Promise<RemoteVersionInfo[]>;
  /**
   * Deletes the remote's old versions that retention allows; answers which. `audit` writes the
   * admin's audit row in the transaction that retires them.
   */
  prune(remote: RemoteName, audit?: (tx: Database) => Promise<void>): Promise<string[]>;
  /** The folder a version's files are served from: the store's, or the remote's own build. */
  localDir(remote: string, version: string): Promise<string | null>;
  /**
   * A published version's file from a store with no folder here (S3); null for the built-in
   * version and a folder store's versions, which localDir() serves.
   */
  readFile(remote: string, version: string, relative: string): Promise<Buffer | null>;
}

export function createReleaseServices(
  db: Database,
  settings: ReleaseSettings,
  log: { warn: (details: object, message: string) => void },
): ReleaseServices {
  const store = settings.store ?? releaseStoreOf(settings);
  const builtIn = builtInVersions(settings.root);
  /** Where every version's files are: the built-in one's folder, the store's folders or bytes. */
  const folders = remoteFolders(settings.root, store);
  const registry = new ReleaseRegistry(
    db,
    {
      builtInVersion: async (remote) => builtIn(remote),
      originOf: (remote) => (settings.remoteOrigins?.[remote] ?? '').replace(/\/+$/, ''),
    },
    log,
  );
  const checker: VersionChecker = {
    isPublished: async (remote, version) => (await store.descriptor(remote, version)) !== null,
    async check(remote, version): Promise<VersionVerdict> {
      if (!(await store.descriptor(remote, version))) return { published: false };
      const read = (relative: string) => store.readFile(remote, version, relative);
      const verdict = await checkRelease(read, remote, await shellFacts(settings.root), version);
      return verdict.ok
        ? { published: true, accepted: true, integrity: verdict.facts.integrity['remoteEntry.js'] }
        : { published: true, accepted: false, reason: verdict.reason };
    },
  };
  return {
    store,
    checker,
    registry,
    reports: new RemoteReports(db, registry, settings.canaryAbort ?? DEFAULT_CANARY_ABORT, log),
    overrides: new RemoteOverrides(db, settings.overrides ?? 'signed'),
    async versions(remote) {
      const [row] = (await readRows(db)).filter((candidate) => candidate.remote === remote);
      const refusals = await db
        .select({ version: remoteVersions.version, refusal: remoteVersions.refusal })
        .from(remoteVersions)
        .where(eq(remoteVersions.remote, remote));
      // The descriptors come with the listing: one read of each release.json, not two.
      return (await store.published(remote)).map((descriptor): RemoteVersionInfo => {
        const { version } = descriptor;
        const refusal = refusals.find((candidate) => candidate.version === version)?.refusal ?? null;
        const state =
          row?.liveVersion === version
            ? 'live'
            : row?.canaryVersion === version
              ? 'canary'
              : refusal
                ? 'refused'
                : 'retained';
        return {
          version,
          publishedAt: descriptor.publishedAt,
          state,
          ...(refusal && state === 'refused' ? { refusal } : {}),
          bytes: descriptor.bytes,
        };
      });
    },
    prune: (remote, audit) =>
      pruneVersions(
        db,
        remote,
        (pinned) => retireReleases(store, remote, pinned, settings.keep ?? DEFAULT_RELEASES_KEEP),
        (retired) => removeRetired(store, remote, retired),
        audit,
      ),
    localDir: (remote, version) => folders.localDir(remote, version),
    readFile: async (remote, version, relative) =>
      (await folders.readFile?.(remote, version, relative)) ?? null,
  };
}
