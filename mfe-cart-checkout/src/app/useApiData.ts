import type { ApiResult } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';

/** A fetch of a dialog's or page's data: 'idle' until there is something to fetch. */
export type Loaded<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; data: T };

/**
 * Loads `load()` whenever `key` changes (null: nothing to load yet). Until the answer for the current
 * key arrives the state is 'loading', never the previous key's data; an answer that arrives after the
 * key changed or the component left is dropped.
 */
export function useApiData<T>(key: string | null, load: () => Promise<ApiResult<T>>): Loaded<T> {
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const [answered, setAnswered] = useState<{ key: string; loaded: Loaded<T> } | null>(null);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    latestLoad.current().then((result) => {
      if (!current) return;
      setAnswered({
        key,
        loaded: result.status ? { state: 'loaded', data: result.data } : { state: 'failed' },
      });
    });
    return () => {
      current = false;
    };
  }, [key]);

  if (key === null) return { state: 'idle' };
  return answered?.key === key ? answered.loaded : { state: 'loading' };
}
