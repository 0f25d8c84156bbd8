import type { ApiErrorBody } from '@shop/contract';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { dataCache, type EntryState, type Loader, type ReadOptions } from './dataCache';

/** A component's read, as it shows it. */
export type Loaded<T> =
  /** No key: nothing to read yet. */
  (
    | { status: 'idle' }
    /** `previous`: the last answer this component had (another key's), for pages that keep it on screen. */
    | { status: 'loading'; previous: T | undefined }
    | { status: 'ready'; data: T }
    /** `retrying`: an automatic attempt is still to come (the error panel shows meanwhile). */
    | { status: 'failed'; httpStatus: number; error: ApiErrorBody | null; retrying: boolean }
  ) & {
    /** The error panel's Retry: asks again at once, whatever the cooldown. */
    retry: () => void;
  };

/** The answer to show: the current one, or while the next key loads the last one the component had. */
export function shownData<T>(loaded: Loaded<T>): T | undefined {
  if (loaded.status === 'ready') return loaded.data;
  return loaded.status === 'loading' ? loaded.previous : undefined;
}

const noSubscription = () => () => {};

/**
 * Reads `key` through the page's data cache (dataCache.ts) with `loader`, and follows it: one
 * request however many components read the key, the retry policy, the cooldown of a failure. A
 * null key reads nothing ('idle'). An answer asked again (after `invalidate`) stays on screen
 * until the new one comes.
 */
export function useLoaded<T>(key: string | null, loader: Loader<T>, options: ReadOptions = {}): Loaded<T> {
  const latestLoader = useRef(loader);
  latestLoader.current = loader;
  const { maxAgeMs } = options;
  const subscribe = useCallback(
    (listener: () => void) =>
      key === null
        ? noSubscription()
        : dataCache.subscribe(key, (signal) => latestLoader.current(signal), listener, { maxAgeMs }),
    [key, maxAgeMs],
  );
  const snapshot = () => (key === null ? undefined : dataCache.stateOf<T>(key));
  const state: EntryState<T> | undefined = useSyncExternalStore(subscribe, snapshot, snapshot);
  const retry = useCallback(() => {
    if (key !== null) dataCache.refresh(key);
  }, [key]);

  const lastData = useRef<T | undefined>(undefined);
  const data = state?.status === 'failed' ? undefined : state?.data;
  useEffect(() => {
    if (data !== undefined) lastData.current = data;
  }, [data]);

  if (key === null) return { status: 'idle', retry };
  if (state?.status === 'failed') {
    const { httpStatus, error, retrying } = state;
    return { status: 'failed', httpStatus, error, retrying, retry };
  }
  // Before its first subscription an entry is about to load: it shows as loading already.
  if (state?.data === undefined) return { status: 'loading', previous: lastData.current, retry };
  return { status: 'ready', data: state.data, retry };
}
