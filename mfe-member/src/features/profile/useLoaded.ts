import { type ApiResult, useRetryingLoad } from '@shop/shared';

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; data: T };

/**
 * Loads a page's data once, under the shared retry policy (`name` names the read there); `retry`
 * is the error panel's Retry.
 */
export function useLoaded<T>(
  name: string,
  load: () => Promise<ApiResult<T>>,
): { loaded: Loaded<T>; retry: () => void } {
  const { loaded, retry } = useRetryingLoad(`member:${name}`, load);
  const shown: Loaded<T> =
    loaded.state === 'failed'
      ? { state: 'failed' }
      : loaded.state === 'loaded'
        ? loaded
        : { state: 'loading' };
  return { loaded: shown, retry };
}

/** Several calls as one: loaded when all are, failed when any is. */
export async function all<T extends Record<string, Promise<ApiResult<unknown>>>>(
  calls: T,
): Promise<ApiResult<{ [K in keyof T]: Extract<Awaited<T[K]>, { status: true }>['data'] }>> {
  const entries = await Promise.all(
    Object.entries(calls).map(async ([key, call]) => [key, await call] as const),
  );
  const failed = entries.find(([, answer]) => !answer.status);
  if (failed) return failed[1] as Extract<ApiResult<unknown>, { status: false }>;
  return {
    status: true,
    data: Object.fromEntries(
      entries.map(([key, answer]) => [key, (answer as { status: true; data: unknown }).data]),
    ) as never,
  };
}
