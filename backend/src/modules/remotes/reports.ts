/**
 * What browsers report about the remote versions they load (`remote-loads`, `remote-errors`):
 * counted per version and minute, and watched for the canary. When a canary's failures pass the
 * threshold (more than `failureRate` of at least `minLoads` loads since the canary began), the
 * server ends it by itself and says so in the history.
 *
 * Only versions the registry can hand out (live, canary, the rollback target) are counted: a report
 * about anything else is answered but not kept, so made-up versions cannot fill the table.
 */
import type { RemoteErrorReport, RemoteName } from '@shop/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { remoteVersionStats } from '../../db/schema';
import { autoAbortCanary } from './operations';
import { BUILT_IN, type ReleaseRegistry } from './registry';

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

  /** Whether the registry can hand this version of the remote to a shopper right now. */
  private async isServed(remote: RemoteName, version: string): Promise<boolean> {
    const { rows } = await this.registry.snapshot();
    const row = rows.find((candidate) => candidate.remote === remote);
    if (!row) return false;
    const previous = row.rollbackStack.at(-1);
    const named = [row.liveVersion, row.canaryVersion, previous === BUILT_IN ? null : previous];
    if (named.includes(version)) return true;
    const builtInServed = row.liveVersion === null || previous === BUILT_IN;
    return builtInServed && (await this.registry.builtInVersion(remote)) === version;
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

  async loaded(remote: RemoteName, version: string): Promise<void> {
    if (await this.isServed(remote, version)) await this.count(remote, version, 'loads');
  }

  async failed(report: RemoteErrorReport): Promise<void> {
    if (!(await this.isServed(report.remote, report.version))) return;
    await this.count(report.remote, report.version, 'failures');
    await this.abortFailingCanary(report);
  }

  /** Ends the remote's canary when this report's version is it and its failure rate is past the rule. */
  private async abortFailingCanary(report: RemoteErrorReport): Promise<void> {
    const { rows } = await this.registry.snapshot();
    const row = rows.find((candidate) => candidate.remote === report.remote);
    if (!row || row.canaryVersion !== report.version || !row.canarySince) return;
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
