import type { ReactNode } from 'react';
import styles from './Pager.module.css';

/**
 * "Previous page" / "Next page" under a paged list of the admin API (its `_meta`), named by
 * `label` ("Thread pages") so two pagers on one page are told apart. Nothing when one page.
 */
export function Pager({
  meta,
  label,
  onPage,
}: {
  meta: { currentPage: number; pageCount: number };
  label: string;
  onPage: (page: number) => void;
}): ReactNode {
  if (meta.pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pager}>
      <button type="button" disabled={meta.currentPage <= 1} onClick={() => onPage(meta.currentPage - 1)}>
        Previous page
      </button>
      <span>
        Page {meta.currentPage} of {meta.pageCount}
      </span>
      <button
        type="button"
        disabled={meta.currentPage >= meta.pageCount}
        onClick={() => onPage(meta.currentPage + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
