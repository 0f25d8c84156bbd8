/**
 * The registry's checked operations: promote, canary, rollback, abort (and the server's own
 * auto-abort, reports.ts). Each one:
 * - checks the version first (published, and accepted by the release checks against this shell),
 *   so no operation can put a version the shell cannot run in front of a shopper;
 * - then changes the remote's row inside one transaction holding that row's lock, so two operators
 *   at once are serialised and neither change is lost; an operator who passes the revision they saw
 *   (`ifRevision`) gets 409 when someone changed the remote since;
 * - and writes the history (who, when, what, why) in the same transaction.
 */
import type { RemoteName } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { remoteRegistry, remoteRegistryHistory, remoteVersions } from '../../db/schema';
import { AppError } from '../../errors';
import { BUILT_IN, emptyRow, type RegistryRow } from './registry';

/** The release checks' verdict on one version (checks.ts). */
export type VersionVerdict =
  | { published: false }
  | { published: true; accepted: true; integrity: string }
  | { published: true; accepted: false; reason: string };

export interface VersionChecker {
  check(remote: RemoteName, version: string): Promise<VersionVerdict>;
  isPublished(remote: RemoteName, version: string): Promise<boolean>;
}

export interface Change {
  remote: RemoteName;
  actor: string;
  reason: string;
  ifRevision?: number;
  /** Writes the admin's audit row in the change's transaction (admin/audit.ts `auditIn`). */
  audit?: (tx: Database) => Promise<void>;
}

type HistoryAction = 'promote' | 'canary' | 'rollback' | 'abort' | 'auto-abort' | 'refused';

/** The remote's row, locked until the transaction ends (created first if nothing was done to it yet). */
async function lockRow(tx: Database, remote: RemoteName): Promise<RegistryRow> {
  await tx.insert(remoteRegistry).values({ remote }).onConflictDoNothing();
  const [row] = await tx.select().from(remoteRegistry).where(eq(remoteRegistry.remote, remote)).for('update');
  return row ? { ...row, remote } : emptyRow(remote);
}

async function writeRow(tx: Database, row: RegistryRow): Promise<RegistryRow> {
  const next = { ...row, revision: row.revision + 1 };
  await tx
    .update(remoteRegistry)
    .set({
      liveVersion: next.liveVersion,
      liveSince: next.liveSince,
      canaryVersion: next.canaryVersion,
      canaryPercent: next.canaryPercent,
      canarySince: next.canarySince,
      rollbackStack: next.rollbackStack,
      revision: next.revision,
    })
    .where(eq(remoteRegistry.remote, row.remote));
  return next;
}

async function record(
  tx: Database,
  change: Change,
  action: HistoryAction,
  details: { version: string | null; fromVersion: string | null; percent?: number | null },
): Promise<void> {
  await tx.insert(remoteRegistryHistory).values({
    remote: change.remote,
    action,
    version: details.version,
    fromVersion: details.fromVersion,
    percent: details.percent ?? null,
    actor: change.actor,
    reason: change.reason,
  });
}

/** Runs one change under the remote's lock, refusing it when the operator's revision is stale. */
async function underLock(
  db: Database,
  change: Change,
  apply: (tx: Database, row: RegistryRow) => Promise<RegistryRow>,
): Promise<RegistryRow> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, change.remote);
    if (change.ifRevision !== undefined && change.ifRevision !== row.revision) {
      throw AppError.conflict(
        'REGISTRY_CHANGED',
        `${change.remote} changed since revision ${change.ifRevision} (it is at ${row.revision}): read the status again and retry.`,
      );
    }
    const written = await writeRow(tx, await apply(tx, row));
    await change.audit?.(tx);
    return written;
  });
}

/**
 * The checks' verdict, recorded (with the SRI the page will carry, or the reason), and the
 * refusal answered as 409 with that reason and kept in the history.
 */
async function requireAccepted(
  db: Database,
  checker: VersionChecker,
  change: Change,
  version: string,
): Promise<void> {
  const verdict = await checker.check(change.remote, version);
  if (!verdict.published) {
    throw AppError.notFound(`${change.remote} has no published version ${version}.`);
  }
  const values = verdict.accepted
    ? { integrity: verdict.integrity, refusal: null }
    : { integrity: null, refusal: verdict.reason };
  await db
    .insert(remoteVersions)
    .values({ remote: change.remote, version, ...values })
    .onConflictDoUpdate({
      target: [remoteVersions.remote, remoteVersions.version],
      set: { ...values, checkedAt: sql`now()` },
    });
  if (!verdict.accepted) {
    await record(db, change, 'refused', { version, fromVersion: null });
    throw AppError.conflict('RELEASE_REFUSED', verdict.reason);
  }
}

/**
 * Under the remote's lock: the version was not pruned between its checks and this change (prune
 * takes the same lock), so the registry never names a version the store no longer has.
 */
async function requireStillPublished(
  checker: VersionChecker,
  change: Change & { version: string },
): Promise<void> {
  if (!(await checker.isPublished(change.remote, change.version))) {
    throw AppError.notFound(`${change.remote} has no published version ${change.version}.`);
  }
}

/**
 * Deletes the versions retention allows. Under the remote's lock they are only retired (each one
 * quick: no promote can pick one meanwhile, and none can after, since promote asks the store
 * again under the lock); their files are deleted after the commit, as slowly as the store needs,
 * without a transaction open (idle_in_transaction_session_timeout would end one).
 */
export async function pruneVersions(
  db: Database,
  remote: RemoteName,
  retire: (pinned: (string | null)[]) => Promise<string[]>,
  remove: (retired: string[]) => Promise<void>,
  audit?: (tx: Database) => Promise<void>,
): Promise<string[]> {
  const retired = await db.transaction(async (tx) => {
    const row = await lockRow(tx, remote);
    const versions = await retire([row.liveVersion, row.canaryVersion, ...row.rollbackStack]);
    await audit?.(tx);
    return versions;
  });
  await remove(retired);
  return retired;
}

const label = (version: string | null) => version ?? 'the built-in version';

export async function promote(
  db: Database,
  checker: VersionChecker,
  change: Change & { version: string },
): Promise<RegistryRow> {
  await requireAccepted(db, checker, change, change.version);
  return underLock(db, change, async (tx, row) => {
    await requireStillPublished(checker, change);
    if (row.liveVersion === change.version) {
      throw AppError.conflict('ALREADY_LIVE', `${change.remote} ${change.version} is already live.`);
    }
    await record(tx, change, 'promote', { version: change.version, fromVersion: row.liveVersion });
    return {
      ...row,
      liveVersion: change.version,
      liveSince: new Date(),
      canaryVersion: null,
      canaryPercent: null,
      canarySince: null,
      rollbackStack: [...row.rollbackStack, row.liveVersion ?? BUILT_IN],
    };
  });
}

export async function startCanary(
  db: Database,
  checker: VersionChecker,
  change: Change & { version: string; percent: number },
): Promise<RegistryRow> {
  await requireAccepted(db, checker, change, change.version);
  return underLock(db, change, async (tx, row) => {
    await requireStillPublished(checker, change);
    if (row.liveVersion === change.version) {
      throw AppError.conflict(
        'ALREADY_LIVE',
        `${change.remote} ${change.version} is already live: a canary needs another version.`,
      );
    }
    await record(tx, change, 'canary', {
      version: change.version,
      fromVersion: row.liveVersion,
      percent: change.percent,
    });
    const sameCanary = row.canaryVersion === change.version;
    return {
      ...row,
      canaryVersion: change.version,
      canaryPercent: change.percent,
      // Changing only the share keeps the canary's failure window.
      canarySince: sameCanary && row.canarySince ? row.canarySince : new Date(),
    };
  });
}

/**
 * Makes the version live before the current one live again. A published target is checked again
 * first (the shell may have changed since it was live); the built-in version is the shell's own.
 */
export async function rollback(db: Database, checker: VersionChecker, change: Change): Promise<RegistryRow> {
  const [current] = await db.select().from(remoteRegistry).where(eq(remoteRegistry.remote, change.remote));
  const planned = current?.rollbackStack.at(-1);
  if (planned !== undefined && planned !== BUILT_IN) {
    await requireAccepted(db, checker, change, planned);
  }
  return underLock(db, change, async (tx, row) => {
    const previous = row.rollbackStack.at(-1);
    if (previous === undefined) {
      throw AppError.conflict(
        'NOTHING_TO_ROLL_BACK',
        `${change.remote} has no earlier version to roll back to (${label(row.liveVersion)} is live).`,
      );
    }
    if (previous !== planned) {
      throw AppError.conflict(
        'REGISTRY_CHANGED',
        `${change.remote} changed while its rollback was being checked: read the status again and retry.`,
      );
    }
    const target = previous === BUILT_IN ? null : previous;
    await record(tx, change, 'rollback', { version: target, fromVersion: row.liveVersion });
    return {
      ...row,
      liveVersion: target,
      liveSince: target === null ? null : new Date(),
      canaryVersion: null,
      canaryPercent: null,
      canarySince: null,
      rollbackStack: row.rollbackStack.slice(0, -1),
    };
  });
}

/** Ends the canary: everyone loads the live version. */
export async function abortCanary(db: Database, change: Change): Promise<RegistryRow> {
  return underLock(db, change, async (tx, row) => {
    if (row.canaryVersion === null) {
      throw AppError.conflict('NO_CANARY', `${change.remote} has no canary to abort.`);
    }
    await record(tx, change, 'abort', {
      version: row.canaryVersion,
      fromVersion: row.liveVersion,
      percent: row.canaryPercent,
    });
    return { ...row, canaryVersion: null, canaryPercent: null, canarySince: null };
  });
}

/**
 * The server ends a failing canary by itself (reports.ts), as `system`. False when that version is
 * no longer the canary (an operator or another instance got there first).
 */
export async function autoAbortCanary(db: Database, change: Change, version: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, change.remote);
    if (row.canaryVersion !== version) return false;
    await record(tx, change, 'auto-abort', {
      version,
      fromVersion: row.liveVersion,
      percent: row.canaryPercent,
    });
    await writeRow(tx, { ...row, canaryVersion: null, canaryPercent: null, canarySince: null });
    return true;
  });
}
