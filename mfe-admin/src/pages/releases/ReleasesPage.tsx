import type { RemoteStatus } from '@shop/contract';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { DoneNote } from '../../app/DoneNote';
import { formatAdminTime } from '../../app/formatAdminTime';
import { RegistryHistory } from './RegistryHistory';
import { ReleaseAction, type ReleaseOperation } from './ReleaseAction';
import { formatRate, versionLines } from './releaseStats';
import styles from './releases.module.css';

export const RELEASE_TEXTS = {
  title: 'Remote releases',
  intro:
    'Each remote of the shop: the version shoppers load, the canary a share of them tries, and how both fared in the last hour.',
  live: 'Live',
  builtIn: 'built-in (nothing promoted yet)',
  canary: 'Canary',
  noCanary: 'None',
  lastHour: 'Last hour',
  version: 'Version',
  loads: 'Loads',
  failures: 'Failures',
  failureRate: 'Failure rate',
  nothingReported: 'No loads reported in the last hour.',
  showHistory: 'Show history',
  hideHistory: 'Hide history',
} as const;

const ROLE_NOTES = {
  live: ' (live)',
  canary: ' (canary)',
  'built-in': ' (built-in, live)',
  other: '',
} as const;

/**
 * /admin/releases (owners only): per remote the live and canary versions with their loads and
 * failure rates, the registry's operations (promote, canary, abort, rollback), each with a
 * reason, and the remote's history.
 */
export default function ReleasesPage(): ReactNode {
  useDocumentTitle(RELEASE_TEXTS.title);
  const loaded = useAdminRead('admin/remotes');
  const answer = shownData(loaded);
  return (
    <section aria-labelledby="releases-title" className={styles.page}>
      <h1 id="releases-title">{RELEASE_TEXTS.title}</h1>
      <p className={styles.muted}>{RELEASE_TEXTS.intro}</p>
      {loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !answer ? (
        <p role="status">Loading remotes…</p>
      ) : (
        <div className={styles.remotes} aria-busy={loaded.status === 'loading'}>
          {answer.remotes.map((remote) => (
            <RemoteCard key={remote.remote} status={remote} />
          ))}
        </div>
      )}
    </section>
  );
}

function RemoteCard({ status }: { status: RemoteStatus }): ReactNode {
  const id = useId();
  const [historyShown, setHistoryShown] = useState(false);
  // What the last operation did: announced and focused, since the button that opened it may be gone.
  const [done, setDone] = useState<string | null>(null);
  const operations: ReleaseOperation[] = ['promote', 'canary'];
  if (status.canary) operations.push('abort');
  if (status.rollbackTo) operations.push('rollback');
  const lines = versionLines(status);
  return (
    <section aria-labelledby={`${id}-name`} className={styles.remote} data-testid={`remote-${status.remote}`}>
      <h2 id={`${id}-name`}>{status.remote}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{RELEASE_TEXTS.live}</dt>
          <dd>
            {status.live
              ? `${status.live.version} since ${formatAdminTime(status.live.since)}`
              : `${status.builtIn ?? '—'} ${RELEASE_TEXTS.builtIn}`}
          </dd>
        </div>
        <div>
          <dt>{RELEASE_TEXTS.canary}</dt>
          <dd>
            {status.canary
              ? `${status.canary.version} for ${status.canary.percent} % of shoppers since ${formatAdminTime(status.canary.since)}`
              : RELEASE_TEXTS.noCanary}
          </dd>
        </div>
      </dl>
      <table className={styles.stats}>
        <caption>{RELEASE_TEXTS.lastHour}</caption>
        <thead>
          <tr>
            <th scope="col">{RELEASE_TEXTS.version}</th>
            <th scope="col">{RELEASE_TEXTS.loads}</th>
            <th scope="col">{RELEASE_TEXTS.failures}</th>
            <th scope="col">{RELEASE_TEXTS.failureRate}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.version}>
              <th scope="row">
                {line.version}
                {ROLE_NOTES[line.role]}
              </th>
              <td>{line.loads}</td>
              <td>{line.failures}</td>
              <td>{formatRate(line.failureRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.operations}>
        {operations.map((operation) => (
          <ReleaseAction key={operation} operation={operation} status={status} onDone={setDone} />
        ))}
        <button
          type="button"
          aria-expanded={historyShown}
          aria-controls={`${id}-history`}
          onClick={() => setHistoryShown((shown) => !shown)}
        >
          {historyShown ? RELEASE_TEXTS.hideHistory : RELEASE_TEXTS.showHistory}
        </button>
      </div>
      <DoneNote note={done} className={styles.done} />
      <div id={`${id}-history`}>{historyShown ? <RegistryHistory remote={status.remote} /> : null}</div>
    </section>
  );
}
