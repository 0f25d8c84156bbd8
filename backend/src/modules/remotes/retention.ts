/**
 * Retention of published versions: which may be deleted from the release store. A version a
 * shopper may still be sent to is never pruned: the live one, the canary, any version a rollback
 * can return to, nor the newest `keep` (tabs opened before the latest releases still load their
 * chunks from them).
 */
import type { RemoteName } from '@shop/contract';
import type { ReleaseStore } from './releaseStore';

export type RetentionInput = {
  /** Published versions, newest first (ReleaseStore.versions). */
  versions: readonly string[];
  /** Versions in use: live, canary, every rollback target. Nulls (built-in, none) are ignored. */
  pinned: readonly (string | null | undefined)[];
  /** How many of the newest versions are always kept (RELEASES_KEEP, config.releases.keep). */
  keep: number;
};

/** The versions retention may delete, oldest first. */
export function prunableVersions({ versions, pinned, keep }: RetentionInput): string[] {
  const inUse = new Set(pinned.filter((version): version is string => typeof version === 'string'));
  return versions
    .slice(Math.max(0, Math.floor(keep)))
    .filter((version) => !inUse.has(version))
    .reverse();
}

/**
 * Prune's first step, run under the registry row's lock: retires the remote's prunable versions
 * (one rename or delete each, so the lock is held briefly) and answers which. The store is read
 * now, so a version published since the caller looked is among the newest and stays.
 */
export async function retireReleases(
  store: ReleaseStore,
  remote: RemoteName,
  pinned: RetentionInput['pinned'],
  keep: number,
): Promise<string[]> {
  const prunable = prunableVersions({ versions: await store.versions(remote), pinned, keep });
  for (const version of prunable) await store.retire(remote, version);
  return prunable;
}

/**
 * Prune's second step, after the lock is released: deletes the retired versions' files (on S3 one
 * request per file, far too long to hold a transaction open for).
 */
export async function removeRetired(
  store: ReleaseStore,
  remote: RemoteName,
  versions: readonly string[],
): Promise<void> {
  for (const version of versions) await store.remove(remote, version);
}

/** Both steps at once, for a store no registry points at (tests, tools). */
export async function pruneReleases(
  store: ReleaseStore,
  remote: RemoteName,
  pinned: RetentionInput['pinned'],
  keep: number,
): Promise<string[]> {
  const retired = await retireReleases(store, remote, pinned, keep);
  await removeRetired(store, remote, retired);
  return retired;
}
