import type { RemoteName } from '@shop/contract';
import { ErrorPanel, shownData } from '@shop/shared';
import type { ReactNode } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { formatAdminTime } from '../../app/formatAdminTime';
import styles from './releases.module.css';

/** What each registry action did, in words. */
const ACTION_WORDS = {
  promote: 'Promoted',
  canary: 'Canary',
  rollback: 'Rolled back',
  abort: 'Canary aborted',
  'auto-abort': 'Canary aborted by itself',
  refused: 'Refused',
} as const;

/** A remote's registry history, newest first: who, when, what and why. */
export function RegistryHistory({ remote }: { remote: RemoteName }): ReactNode {
  const loaded = useAdminRead('admin/remotes/:remote/history', { params: { remote } });
  if (loaded.status === 'failed') return <ErrorPanel onRetry={loaded.retry} />;
  const answer = shownData(loaded);
  if (!answer) return <p role="status">Loading the history…</p>;
  if (answer.history.length === 0) return <p>No release of {remote} yet.</p>;
  return (
    <ol className={styles.history} aria-label={`History of ${remote}`}>
      {answer.history.map((entry) => (
        <li key={entry.id}>
          <p className={styles.historyHead}>
            <span className={styles.strong}>{ACTION_WORDS[entry.action]}</span>
            {entry.version ? ` ${entry.version}` : ''}
            {entry.percent !== null ? ` at ${entry.percent} %` : ''}
            {entry.fromVersion ? ` (was ${entry.fromVersion})` : ''}
          </p>
          <p className={styles.muted}>
            {formatAdminTime(entry.at)} by {entry.actor}
          </p>
          <p className={styles.reason}>Reason: {entry.reason}</p>
        </li>
      ))}
    </ol>
  );
}
