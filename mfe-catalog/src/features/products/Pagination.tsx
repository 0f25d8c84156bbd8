import type { ListMeta } from '@shop/shared';
import { Link, useLocation } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { pageWindow } from './pagination';
import styles from './products.module.css';

export function Pagination({ meta }: { meta: ListMeta }): ReactNode {
  const location = useLocation();
  if (meta.pageCount <= 1) return null;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(page));
    return `${location.pathname}?${params.toString()}`;
  };
  const current = meta.currentPage;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} rel="prev">
          Previous
        </Link>
      ) : null}
      {pageWindow(current, meta.pageCount).map((page) =>
        page === current ? (
          <span key={page} aria-current="page" className={styles.currentPage}>
            {page}
          </span>
        ) : (
          <Link key={page} to={hrefFor(page)}>
            {page}
          </Link>
        ),
      )}
      {current < meta.pageCount ? (
        <Link to={hrefFor(current + 1)} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
