import type { ApiResult } from '@shop/shared';
import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'failed' }
  | { state: 'loaded'; data: T };

/**
 * Loads a page's data when `key` changes (a route id, a query string) and again on `reload()`.
 * A 404 is 'notFound' (another buyer's order, or none); any other failure is 'failed', which the
 * page shows as the spec's error panel (§8). An answer to a superseded key is dropped.
 */
export function useApiData<T>(
  key: string,
  load: () => Promise<ApiResult<T>>,
): { loaded: Loaded<T>; reload: () => void; replace: (data: T) => void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is rebuilt every render; `key` names what it loads
  useEffect(() => {
    let current = true;
    void load().then((answer) => {
      if (!current) return;
      if (answer.status) setLoaded({ state: 'loaded', data: answer.data });
      else setLoaded({ state: answer.httpStatus === 404 ? 'notFound' : 'failed' });
    });
    return () => {
      current = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const replace = useCallback((data: T) => setLoaded({ state: 'loaded', data }), []);
  return { loaded, reload, replace };
}
