import { type ApiResult, type RetryingLoaded, useRetryingLoad } from '@shop/shared';

/** A fetch of a dialog's or page's data: 'idle' until there is something to fetch. */
export type Loaded<T> = RetryingLoaded<T>;

/**
 * Loads `load()` whenever `key` changes (null: nothing to load yet), under the shared retry policy
 * (bounded automatic retries, no new request on a remount within the cooldown of a failure). Until
 * the answer for the current key arrives the state is 'loading', never the previous key's data; an
 * answer that arrives after the key changed or the component left is dropped. `retry` is the error
 * panel's Retry.
 */
export function useApiData<T>(
  key: string | null,
  load: () => Promise<ApiResult<T>>,
): Loaded<T> & { retry: () => void } {
  const { loaded, retry } = useRetryingLoad(key === null ? null : `cart-checkout:${key}`, load);
  return { ...loaded, retry };
}
