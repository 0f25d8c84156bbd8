import { type ApiResult, useRetryingLoad } from '@shop/shared';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'failed' }
  | { state: 'loaded'; data: T };

/**
 * Loads a page's data when `key` changes (a route id, a query string) and again on `reload()` (the
 * error panel's Retry), under the shared retry policy: bounded automatic retries of a transient
 * failure, and no new request when the page opens again within the cooldown of a failure. A 404 is
 * 'notFound' (another buyer's order, or none); any other failure is 'failed', which the page
 * shows as the spec's error panel (§8). An answer to a superseded key is dropped.
 */
export function useApiData<T>(
  key: string,
  load: () => Promise<ApiResult<T>>,
): { loaded: Loaded<T>; reload: () => void; replace: (data: T) => void } {
  const { loaded, retry, replace } = useRetryingLoad(`member:${key}`, load);
  const shown: Loaded<T> =
    loaded.state === 'failed'
      ? { state: loaded.httpStatus === 404 ? 'notFound' : 'failed' }
      : loaded.state === 'idle'
        ? { state: 'loading' }
        : loaded;
  return { loaded: shown, reload: retry, replace };
}
