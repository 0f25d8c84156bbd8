import type { ApiResult } from '@shop/shared';
import { useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; data: T };

/** Loads a page's data once (`load` must be stable: a module-level function). */
export function useLoaded<T>(load: () => Promise<ApiResult<T>>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    load().then((answer) => {
      if (current) setLoaded(answer.status ? { state: 'loaded', data: answer.data } : { state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [load]);
  return loaded;
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
