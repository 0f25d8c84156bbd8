import type { ApiResult } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';

/** A fetch of a dialog's or page's data: 'idle' until there is something to fetch. */
export type Loaded<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; data: T };

/**
 * Loads `load()` whenever `key` changes (null: nothing to load yet). An answer that arrives after the
 * key changed or the component left is dropped, so a slow first answer never overwrites a newer one.
 */
export function useApiData<T>(key: string | null, load: () => Promise<ApiResult<T>>): Loaded<T> {
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: key === null ? 'idle' : 'loading' });

  useEffect(() => {
    if (key === null) {
      setLoaded({ state: 'idle' });
      return;
    }
    let current = true;
    setLoaded({ state: 'loading' });
    latestLoad.current().then((result) => {
      if (current) setLoaded(result.status ? { state: 'loaded', data: result.data } : { state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [key]);

  return loaded;
}
