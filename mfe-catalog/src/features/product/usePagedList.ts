import type { ApiResult, ListMeta } from '@shop/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LOAD_MORE_DELAY_MS } from '../../constants';

type PageResult<T> = { items: T[]; _meta: ListMeta };

export interface PagedList<T, P extends PageResult<T>> {
  items: T[];
  /** The first page's answer (reviews read their summary from it). */
  first: P | null;
  status: 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * A list loaded page by page: the first page at once, each further page LOAD_MORE_DELAY_MS
 * after 'load more' (spec 000, section 4), offered until the last page.
 */
export function usePagedList<T, P extends PageResult<T>>(
  fetchPage: (page: number) => Promise<ApiResult<P>>,
): PagedList<T, P> {
  const [items, setItems] = useState<T[]>([]);
  const [first, setFirst] = useState<P | null>(null);
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState(1);
  const [status, setStatus] = useState<PagedList<T, P>['status']>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const alive = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    alive.current = true;
    setStatus('loading');
    setItems([]);
    setPage(1);
    void fetchPage(1).then((result) => {
      if (!alive.current) return;
      if (!result.status) {
        setStatus('failed');
        return;
      }
      setFirst(result.data);
      setItems(result.data.items);
      setPageCount(result.data._meta.pageCount);
      setStatus('ready');
    });
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    setLoadingMore(true);
    const next = page + 1;
    timer.current = setTimeout(() => {
      void fetchPage(next).then((result) => {
        if (!alive.current) return;
        setLoadingMore(false);
        if (!result.status) return;
        setItems((old) => [...old, ...result.data.items]);
        setPage(next);
        setPageCount(result.data._meta.pageCount);
      });
    }, LOAD_MORE_DELAY_MS);
  }, [fetchPage, loadingMore, page]);

  return { items, first, status, loadingMore, hasMore: page < pageCount, loadMore };
}
