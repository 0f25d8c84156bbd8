import { type ApiResult, type ListMeta, useLoaded } from '@shop/shared';
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
  /** The Retry of a failed first page. */
  retry: () => void;
}

/** The pages after the first, for the list they were loaded for. */
interface MorePages<T> {
  key: string;
  items: T[];
  page: number;
  pageCount: number;
}

/**
 * A list loaded page by page: the first page at once (through the shared data kit under `key`,
 * asked again on each visit), each further page LOAD_MORE_DELAY_MS after 'load more' (spec 000, section 4), offered
 * until the last page.
 */
export function usePagedList<T, P extends PageResult<T>>(
  key: string,
  fetchPage: (page: number) => Promise<ApiResult<P>>,
): PagedList<T, P> {
  const loaded = useLoaded(key, () => fetchPage(1), { maxAgeMs: 0 });
  const [more, setMore] = useState<MorePages<T> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const alive = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const first = loaded.status === 'ready' ? loaded.data : null;
  const extra = more?.key === key ? more : null;
  const page = extra?.page ?? 1;
  const pageCount = extra?.pageCount ?? first?._meta.pageCount ?? 1;

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    setLoadingMore(true);
    const next = page + 1;
    timer.current = setTimeout(() => {
      void fetchPage(next).then((result) => {
        if (!alive.current) return;
        setLoadingMore(false);
        if (!result.status) return;
        setMore((old) => ({
          key,
          items: [...(old?.key === key ? old.items : []), ...result.data.items],
          page: next,
          pageCount: result.data._meta.pageCount,
        }));
      });
    }, LOAD_MORE_DELAY_MS);
  }, [fetchPage, key, loadingMore, page]);

  const status = loaded.status === 'failed' ? 'failed' : first ? 'ready' : 'loading';
  return {
    items: first ? [...first.items, ...(extra?.items ?? [])] : [],
    first,
    status,
    loadingMore,
    hasMore: page < pageCount,
    loadMore,
    retry: loaded.retry,
  };
}
