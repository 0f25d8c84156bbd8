import type { ApiResult } from '../api/client';

type Answered<T> = Extract<T, { status: true }> extends { data: infer D } ? D : never;

/**
 * Several API calls as one answer (a page that needs them all): ready when all are, the first
 * failure otherwise. Its key in the cache names the combination.
 */
export async function allAnswers<T extends Record<string, Promise<ApiResult<unknown>>>>(
  calls: T,
): Promise<ApiResult<{ [K in keyof T]: Answered<Awaited<T[K]>> }>> {
  const entries = await Promise.all(
    Object.entries(calls).map(async ([key, call]) => [key, await call] as const),
  );
  const data: Record<string, unknown> = {};
  for (const [key, answer] of entries) {
    if (!answer.status) return answer;
    data[key] = answer.data;
  }
  // Every call answered: `data` holds each one's data under its own name.
  return { status: true, data: data as { [K in keyof T]: Answered<Awaited<T[K]>> } };
}
