import { ErrorPanel, type Loaded } from '@shop/shared';
import type { ReactNode } from 'react';
import styles from './list.module.css';
import { Refusal } from './Refusal';

/** A list read that did not come. */
type FailedRead = Extract<Loaded<unknown>, { status: 'failed' }>;

/**
 * What a filtered list shows when its read fails: a search the API refuses (400: a day that does
 * not exist, `to` before `from`) says why, field by field; any other failure is the error panel
 * with its Retry.
 */
export function FailedListRead({ failed }: { failed: FailedRead }): ReactNode {
  if (failed.httpStatus === 400 && failed.error) {
    const fields = Object.values(failed.error.fields ?? {});
    return <Refusal refusal={fields.length > 0 ? fields.join(' ') : failed.error.message} />;
  }
  return <ErrorPanel onRetry={failed.retry} />;
}

/** "12 orders, page 1 of 2" above a paged list (`noun` names one and many), read out when it changes. */
export function ListCount({
  meta,
  noun,
}: {
  meta: { totalCount: number; currentPage: number; pageCount: number };
  noun: { one: string; many: string };
}): ReactNode {
  return (
    <p role="status" className={styles.count}>
      {meta.totalCount === 1 ? `1 ${noun.one}` : `${meta.totalCount} ${noun.many}`}
      {meta.pageCount > 1 ? `, page ${meta.currentPage} of ${meta.pageCount}` : ''}
    </p>
  );
}
