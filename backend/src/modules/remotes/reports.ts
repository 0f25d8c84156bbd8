/**
 * What browsers report about the remote versions they load (`remote-loads`, `remote-errors`):
 * counted per version and minute, and watched for the canary. When a canary's failures pass the
 * threshold (more than `failureRate` of at least `minLoads` loads since the canary began), the
 * server ends it by itself and says so in the history.
 *
 * Only versions the registry can hand out (live, canary, the rollback target) are counted, and a
 * canary only from shoppers in it: a report about anything else is answered but not kept, so
 * made-up versions cannot fill the table and shoppers outside a canary cannot end it.
 */
import type { RemoteErrorReport, RemoteName } from '@shop/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { remoteVersionStats } from '../../db/schema';
import { autoAbortCanary } from './operations';
import { BUILT_IN, inCanary, type RegistryRow, type ReleaseRegistry, readRows } from './registry';

export interface CanaryAbortRule {
  /** Fraction of loads that may fail (0.02: 2 %); more ends the canary. */
  failureRate: number;
  /** Loads (successes and failures) the canary needs before the rate counts. */
  minLoads: number;
}

export const DEFAULT_CANARY_ABORT: CanaryAbortRule = { failureRate: 0.02, minLoads: 50 };

export class RemoteReports {
  constructor(
    private readonly db: Database,
    private readonly registry: ReleaseRegistry,
    private readonly rule: CanaryAbortRule,
    private readonly log: { warn: (details: object, message: string) => void },
  ) {}

  /**
   * The remote's row when the registry can hand this version to this shopper right now, else null.
   * A canary version counts only from a shopper whose cohort cookie puts them in the canary: a
   * report from anyone else (no cookie, or a cohort on the live side) cannot move its failure rate.
   */
  private async servedRow(
    remote: RemoteName,
    version: string,
    cohort: string | null,
  ): Promise<RegistryRow | null> {
    const row = (await readRows(this.db)).find((candidate) => candidate.remote === remote);
    if (!row) return null;
    if (row.canaryVersion === version) return inCanary(row, cohort) ? row : null;
    const previous = row.rollbackStack.at(-1);
    if ([row.liveVersion, previous === BUILT_IN ? null : previous].includes(version)) return row;
    const builtInServed = row.liveVersion === null || previous === BUILT_IN;
    return builtInServed && (await this.registry.builtInVersion(remote)) === version ? row : null;
  }

  private async count(remote: RemoteName, version: string, field: 'loads' | 'failures'): Promise<void> {
    const column = field === 'loads' ? remoteVersionStats.loads : remoteVersionStats.failures;
    await this.db
      .insert(remoteVersionStats)
      .values({ remote, version, minute: sql`date_trunc('minute', now())`, [field]: 1 })
      .onConflictDoUpdate({
        target: [remoteVersionStats.remote, remoteVersionStats.version, remoteVersionStats.minute],
        set: { [field]: sql`${column} + 1` },
      });
  }

  /** A shopper (`cohort`: their cohort cookie) loaded and mounted this version. */
  async loaded(remote: RemoteName, version: string, cohort: string | null): Promise<void> {
    if (await this.servedRow(remote, version, cohort)) await this.count(remote, version, 'loads');
  }

  /** A shopper's browser could not load or mount this version. */
  async failed(report: RemoteErrorReport, cohort: string | null): Promise<void> {
    const row = await this.servedRow(report.remote, report.version, cohort);
    if (!row) return;
    await this.count(report.remote, report.version, 'failures');
    await this.abortFailingCanary(report, row);
  }

  /** Ends the remote's canary when this report's version is it and its failure rate is past the rule. */
  private async abortFailingCanary(report: RemoteErrorReport, row: RegistryRow): Promise<void> {
    if (row.canaryVersion !== report.version || !row.canarySince) return;
    const since = new Date(Math.floor(row.canarySince.getTime() / 60_000) * 60_000);
    const [totals] = await this.db
      .select({
        loads: sql<number>`coalesce(sum(${remoteVersionStats.loads}), 0)::int`,
        failures: sql<number>`coalesce(sum(${remoteVersionStats.failures}), 0)::int`,
      })
      .from(remoteVersionStats)
      .where(
        and(
          eq(remoteVersionStats.remote, report.remote),
          eq(remoteVersionStats.version, report.version),
          gte(remoteVersionStats.minute, since),
        ),
      );
    const attempts = (totals?.loads ?? 0) + (totals?.failures ?? 0);
    const failures = totals?.failures ?? 0;
    if (attempts < this.rule.minLoads || failures / attempts <= this.rule.failureRate) return;
    const percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)} %`;
    const aborted = await autoAbortCanary(
      this.db,
      {
        remote: report.remote,
        actor: 'system',
        reason: `failure rate ${percent(failures / attempts)} (${failures} of ${attempts} loads) passed ${percent(this.rule.failureRate)}; last failure: ${report.kind} on ${report.route}`,
      },
      report.version,
    );
    if (aborted)
      this.log.warn({ remote: report.remote, version: report.version }, 'canary aborted by itself');
  }
}
