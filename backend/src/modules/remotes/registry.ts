/**
 * The remote release registry (issue 18): which version of each remote is live, which is in canary
 * at what share, as PostgreSQL holds them for every API instance. This file reads it: the registry
 * a page gets (per shopper: the cohort cookie decides the canary), and what operators see
 * (status, versions, history). Changes go through operations.ts; browsers' reports through
 * reports.ts.
 *
 * A registry that cannot be read (the database away) is answered with the last one this instance
 * read, and before any, with the built-in versions: a shopper never gets a page without remotes
 * because the registry failed.
 */
import { createHash } from 'node:crypto';
import type { Registry, RegistryEntry, RemoteLocation, RemoteName, RemoteStatus } from '@shop/contract';
import { REMOTE_NAMES } from '@shop/contract/schemas/remotes';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { remoteRegistry, remoteRegistryHistory, remoteVersionStats, remoteVersions } from '../../db/schema';

/** Where the remotes are served from, and the facts the registry adds to each version. */
export interface RegistrySources {
  /** The version each remote's own build folder is served as (its package.json version), or null. */
  builtInVersion(remote: RemoteName): Promise<string | null>;
  /** The origin a remote's files are served from ('' for this origin). */
  originOf(remote: RemoteName): string;
}

/** One remote's row, as the registry holds it. */
export interface RegistryRow {
  remote: RemoteName;
  liveVersion: string | null;
  liveSince: Date | null;
  canaryVersion: string | null;
  canaryPercent: number | null;
  canarySince: Date | null;
  rollbackStack: string[];
  revision: number;
}

/** The built-in version stands in the rollback stack as ''. */
export const BUILT_IN = '';

export function emptyRow(remote: RemoteName): RegistryRow {
  return {
    remote,
    liveVersion: null,
    liveSince: null,
    canaryVersion: null,
    canaryPercent: null,
    canarySince: null,
    rollbackStack: [],
    revision: 0,
  };
}

/** Every remote's row (a remote nothing was done to yet has an empty one). */
export async function readRows(db: Database): Promise<RegistryRow[]> {
  const rows = await db.select().from(remoteRegistry);
  return REMOTE_NAMES.map((remote) => {
    const row = rows.find((candidate) => candidate.remote === remote);
    return row ? { ...row, remote } : emptyRow(remote);
  });
}

/** The SRI hashes the release checks recorded, by `remote/version`, of the versions rows name. */
async function readIntegrity(db: Database, rows: RegistryRow[]): Promise<Map<string, string>> {
  const named = new Set(
    rows.flatMap((row) =>
      [row.liveVersion, row.canaryVersion, row.rollbackStack.at(-1)]
        .filter((version): version is string => Boolean(version))
        .map((version) => `${row.remote}/${version}`),
    ),
  );
  const versions = [...named].map((key) => key.slice(key.indexOf('/') + 1));
  if (versions.length === 0) return new Map();
  const found = await db
    .select({
      remote: remoteVersions.remote,
      version: remoteVersions.version,
      integrity: remoteVersions.integrity,
    })
    .from(remoteVersions)
    .where(inArray(remoteVersions.version, versions));
  return new Map(
    found
      .filter((row): row is typeof row & { integrity: string } => row.integrity !== null)
      .map((row) => [`${row.remote}/${row.version}`, row.integrity] as const)
      .filter(([key]) => named.has(key)),
  );
}

/** The snapshot a page's registry is computed from. */
export interface RegistrySnapshot {
  rows: RegistryRow[];
  integrity: Map<string, string>;
}

/**
 * A shopper's bucket for one remote, 0–99: the same cohort cookie always lands in the same bucket,
 * and the buckets of different remotes are independent (one shopper is not in every canary).
 */
export function bucketOf(cohort: string, remote: RemoteName): number {
  return createHash('sha256').update(`${cohort}:${remote}`).digest().readUInt32BE(0) % 100;
}

/** Whether this shopper (their cohort cookie) is sent to the remote's canary. */
export function inCanary(row: RegistryRow, cohort: string | null): boolean {
  return (
    row.canaryVersion !== null &&
    row.canaryPercent !== null &&
    cohort !== null &&
    bucketOf(cohort, row.remote) < row.canaryPercent
  );
}

/** A developer's override of one remote in one browser (overrides.ts). */
export interface RemoteOverride {
  remote: RemoteName;
  entry: string;
}

export class ReleaseRegistry {
  /** The last registry this instance read: answered while the database cannot be read. */
  private lastGood: RegistrySnapshot | null = null;

  constructor(
    private readonly db: Database,
    private readonly sources: RegistrySources,
    private readonly log: { warn: (details: object, message: string) => void },
  ) {}

  /** The registry as it stands: read per request, or the last good one when that fails. */
  async snapshot(): Promise<RegistrySnapshot> {
    try {
      const rows = await readRows(this.db);
      const snapshot = { rows, integrity: await readIntegrity(this.db, rows) };
      this.lastGood = snapshot;
      return snapshot;
    } catch (error) {
      this.log.warn({ err: error }, 'remote registry unreadable: serving the last good one');
      return this.lastGood ?? { rows: REMOTE_NAMES.map(emptyRow), integrity: new Map() };
    }
  }

  /** Where one version's remoteEntry.js is, with its SRI when the checks recorded one. */
  private async location(
    remote: RemoteName,
    version: string,
    snapshot: RegistrySnapshot,
  ): Promise<RemoteLocation | null> {
    const name = version === BUILT_IN ? await this.sources.builtInVersion(remote) : version;
    if (!name) return null;
    const integrity = snapshot.integrity.get(`${remote}/${name}`);
    return {
      entry: `${this.sources.originOf(remote)}/mfe/${remote}/${name}/remoteEntry.js`,
      version: name,
      ...(integrity ? { integrity } : {}),
    };
  }

  /**
   * The registry one page gets: per remote, the canary when the shopper's bucket is inside its
   * share (falling back to live), else live (falling back to the version live before it), else the
   * built-in version. A developer's override replaces its remote, falling back to the registry's.
   */
  async forShopper(cohort: string | null, overrides: RemoteOverride[] = []): Promise<Registry> {
    const snapshot = await this.snapshot();
    const registry: Registry = {};
    for (const row of snapshot.rows) {
      const entry = await this.entryOf(row, cohort, snapshot);
      const override = overrides.find((candidate) => candidate.remote === row.remote);
      if (override) {
        registry[row.remote] = {
          entry: override.entry,
          version: 'override',
          channel: 'override',
          ...(entry ? { fallback: { entry: entry.entry, version: entry.version } } : {}),
        };
      } else if (entry) registry[row.remote] = entry;
    }
    return registry;
  }

  private async entryOf(
    row: RegistryRow,
    cohort: string | null,
    snapshot: RegistrySnapshot,
  ): Promise<RegistryEntry | null> {
    const live = await this.location(row.remote, row.liveVersion ?? BUILT_IN, snapshot);
    if (inCanary(row, cohort) && row.canaryVersion) {
      const canary = await this.location(row.remote, row.canaryVersion, snapshot);
      if (canary) return { ...canary, channel: 'canary', ...(live ? { fallback: live } : {}) };
    }
    if (!live) return null;
    if (row.liveVersion === null) return { ...live, channel: 'built-in' };
    // The version live before: the built-in one, or a published one the checks accepted (its SRI
    // is recorded); a version whose check is unknown is not offered as a way out.
    const previous = row.rollbackStack.at(-1);
    const accepted = previous === BUILT_IN || snapshot.integrity.has(`${row.remote}/${previous}`);
    const fallback =
      previous === undefined || !accepted ? null : await this.location(row.remote, previous, snapshot);
    return { ...live, channel: 'live', ...(fallback ? { fallback } : {}) };
  }

  builtInVersion(remote: RemoteName): Promise<string | null> {
    return this.sources.builtInVersion(remote);
  }

  /** Every origin a page of this shop may load remotes from (the service worker's policy). */
  origins(): string[] {
    return [...new Set(REMOTE_NAMES.map((remote) => this.sources.originOf(remote)).filter(Boolean))];
  }

  /** What `status` shows: per remote, live and canary, the rollback target, the last hour's loads. */
  async status(): Promise<RemoteStatus[]> {
    const [rows, stats] = await Promise.all([readRows(this.db), lastHourStats(this.db)]);
    return Promise.all(rows.map((row) => this.statusOf(row, stats)));
  }

  async statusOf(row: RegistryRow, stats?: VersionStatsRow[]): Promise<RemoteStatus> {
    const lastHour = stats ?? (await lastHourStats(this.db, row.remote));
    const builtIn = await this.sources.builtInVersion(row.remote);
    const previous = row.rollbackStack.at(-1);
    return {
      remote: row.remote,
      live:
        row.liveVersion && row.liveSince
          ? { version: row.liveVersion, since: row.liveSince.toISOString() }
          : null,
      builtIn,
      canary:
        row.canaryVersion && row.canaryPercent !== null && row.canarySince
          ? { version: row.canaryVersion, percent: row.canaryPercent, since: row.canarySince.toISOString() }
          : null,
      rollbackTo: previous === undefined ? null : previous === BUILT_IN ? builtIn : previous,
      revision: row.revision,
      lastHour: lastHour
        .filter((stat) => stat.remote === row.remote)
        .map(({ version, loads, failures }) => ({ version, loads, failures })),
    };
  }
}

interface VersionStatsRow {
  remote: string;
  version: string;
  loads: number;
  failures: number;
}

/** Loads and failures per remote and version over the last hour (of one remote when named). */
async function lastHourStats(db: Database, remote?: RemoteName): Promise<VersionStatsRow[]> {
  const recent = gte(remoteVersionStats.minute, sql`now() - interval '1 hour'`);
  return db
    .select({
      remote: remoteVersionStats.remote,
      version: remoteVersionStats.version,
      loads: sql<number>`sum(${remoteVersionStats.loads})::int`,
      failures: sql<number>`sum(${remoteVersionStats.failures})::int`,
    })
    .from(remoteVersionStats)
    .where(remote ? and(eq(remoteVersionStats.remote, remote), recent) : recent)
    .groupBy(remoteVersionStats.remote, remoteVersionStats.version)
    .orderBy(remoteVersionStats.remote, remoteVersionStats.version);
}

/** A remote's history, newest first. */
export async function historyOf(db: Database, remote: RemoteName, limit = 200) {
  const rows = await db
    .select()
    .from(remoteRegistryHistory)
    .where(eq(remoteRegistryHistory.remote, remote))
    .orderBy(desc(remoteRegistryHistory.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, remote, at: row.at.toISOString() }));
}
