import type { Activity, ActivityPage } from '@shop/shared';
import { formStyles } from '@shop/shared/form';
import { type ReactNode, useState } from 'react';
import { DateTime } from '../../app/DateTime';
import styles from './dashboard.module.css';
import { dashboardApi } from './dashboardApi';

export const MORE_ACTIVITIES = 'Show more activities';
export const MORE_ACTIVITIES_FAILED = 'The next activities could not be loaded. Please try again.';

type More = { state: 'idle' | 'loading' | 'failed'; items: Activity[]; page: ActivityPage['_meta'] };

/**
 * The activity log, newest first: the first page as the dashboard loaded it, then page after page
 * on 'Show more activities' until the last one, so the whole log can be read. An activity logged
 * while the shopper reads shifts the pages by one: a row seen already is not listed twice.
 */
export function ActivityList({ firstPage }: { firstPage: ActivityPage }): ReactNode {
  const [more, setMore] = useState<More>({ state: 'idle', items: [], page: firstPage._meta });
  const shown: Activity[] = [];
  const listed = new Set<number>();
  for (const activity of [...firstPage.items, ...more.items]) {
    if (listed.has(activity.id)) continue;
    listed.add(activity.id);
    shown.push(activity);
  }

  const loadNext = async () => {
    setMore((current) => ({ ...current, state: 'loading' }));
    const answer = await dashboardApi.activities(more.page.currentPage + 1);
    setMore((current) =>
      answer.status
        ? { state: 'idle', items: [...current.items, ...answer.data.items], page: answer.data._meta }
        : { ...current, state: 'failed' },
    );
  };

  const hasMore = more.page.currentPage < more.page.pageCount;
  return (
    <>
      <ul className={styles.activities}>
        {shown.map((activity) => (
          <li key={activity.id}>
            {activity.action_type} <DateTime at={activity.action_datetime} />
          </li>
        ))}
      </ul>
      {more.state === 'failed' ? <p role="alert">{MORE_ACTIVITIES_FAILED}</p> : null}
      {hasMore ? (
        <button
          type="button"
          className={formStyles.secondary}
          aria-busy={more.state === 'loading'}
          disabled={more.state === 'loading'}
          onClick={() => void loadNext()}
        >
          {more.state === 'loading' ? 'Loading…' : MORE_ACTIVITIES}
        </button>
      ) : null}
    </>
  );
}
