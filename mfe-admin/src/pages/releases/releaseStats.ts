import type { RemoteStatus } from '@shop/contract';

/** One published version's last hour, as the releases page shows it. */
export interface VersionLine {
  version: string;
  /** What the registry makes of it now. */
  role: 'live' | 'canary' | 'built-in' | 'other';
  loads: number;
  failures: number;
  /** failures / (loads + failures), as the canary's automatic abort counts it; null with no attempt. */
  failureRate: number | null;
}

/**
 * The per-version lines of a remote: the live and canary versions always (with zeros when no
 * browser reported them this hour), then every other version browsers still report.
 */
export function versionLines(status: RemoteStatus): VersionLine[] {
  const liveVersion = status.live?.version ?? status.builtIn;
  const roleOf = (version: string): VersionLine['role'] => {
    if (version === status.canary?.version) return 'canary';
    if (version === liveVersion) return status.live ? 'live' : 'built-in';
    return 'other';
  };
  const versions = [
    ...(liveVersion ? [liveVersion] : []),
    ...(status.canary ? [status.canary.version] : []),
    ...status.lastHour.map((stats) => stats.version),
  ];
  return [...new Set(versions)].map((version) => {
    const stats = status.lastHour.find((line) => line.version === version);
    const loads = stats?.loads ?? 0;
    const failures = stats?.failures ?? 0;
    const attempts = loads + failures;
    return {
      version,
      role: roleOf(version),
      loads,
      failures,
      failureRate: attempts === 0 ? null : failures / attempts,
    };
  });
}

/** "2.5 %" under 10 %, "25 %" above; "—" when nothing was loaded. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  const percent = rate * 100;
  return `${percent < 10 ? percent.toFixed(1) : percent.toFixed(0)} %`;
}
