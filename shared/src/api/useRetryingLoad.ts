import { useCallback, useEffect, useRef, useState } from 'react';
import { failedLoads, loadWithRetry } from '../data/retryPolicy';
import type { ApiResult } from './client';

/** A page's or a section's read: 'idle' until there is something to read. */
export type RetryingLoaded<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  /** `retrying`: an automatic attempt is still to come (the panel shows meanwhile). */
  | { state: 'failed'; httpStatus: number; retrying: boolean }
  | { state: 'loaded'; data: T };

export interface RetryingLoad<T> {
  loaded: RetryingLoaded<T>;
  /** The shopper's Retry (or a reload after a change): asks again at once, whatever the cooldown. */
  retry: () => void;
  /** Puts an answer in place without asking (a save that answered with the new data). */
  replace: (data: T) => void;
}

/**
 * Reads `load()` whenever `key` changes (null: nothing to read yet), under the shared retry policy
 * (retryPolicy.ts). `key` also names the read in the shared memory of failures, so it must be
 * unique across remotes (prefix it with the remote's name). Until the current key's answer
 * arrives the state is 'loading', never the previous key's data; an answer that arrives after the
 * key changed or the component left is dropped.
 */
export function useRetryingLoad<T>(key: string | null, load: () => Promise<ApiResult<T>>): RetryingLoad<T> {
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const [answered, setAnswered] = useState<{ key: string; loaded: RetryingLoaded<T> } | null>(null);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the Retry button's ask
  useEffect(() => {
    if (key === null) return;
    const standing = failedLoads.standing(key);
    if (standing !== undefined) {
      setAnswered({ key, loaded: { state: 'failed', httpStatus: standing, retrying: false } });
      return;
    }
    // A reload of data on screen keeps it until the new answer; anything else shows as loading.
    setAnswered((previous) =>
      previous?.key === key && previous.loaded.state === 'loaded' ? previous : null,
    );
    const stop = new AbortController();
    void loadWithRetry(() => latestLoad.current(), {
      signal: stop.signal,
      onFailedAttempt: (answer, retrying) => {
        if (stop.signal.aborted) return;
        if (!retrying) failedLoads.remember(key, answer.httpStatus);
        setAnswered({ key, loaded: { state: 'failed', httpStatus: answer.httpStatus, retrying } });
      },
    }).then((answer) => {
      if (stop.signal.aborted || !answer.status) return;
      setAnswered({ key, loaded: { state: 'loaded', data: answer.data } });
    });
    return () => stop.abort();
  }, [key, round]);

  const retry = useCallback(() => {
    if (key !== null) failedLoads.forget(key);
    setRound((value) => value + 1);
  }, [key]);
  const replace = useCallback(
    (data: T) => {
      if (key !== null) setAnswered({ key, loaded: { state: 'loaded', data } });
    },
    [key],
  );

  if (key === null) return { loaded: { state: 'idle' }, retry, replace };
  return { loaded: answered?.key === key ? answered.loaded : { state: 'loading' }, retry, replace };
}
