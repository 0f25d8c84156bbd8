import { act, renderHook } from '@testing-library/react';
import type { ApiResult } from '../api/client';
import { dataCache, invalidate, KEEP_UNUSED_DATA_MS } from './dataCache';
import { FAILED_LOAD_COOLDOWN_MS, RETRY_DELAYS_MS } from './retryPolicy';
import { shownData, useLoaded } from './useLoaded';

const ok = <T,>(data: T): ApiResult<T> => ({ status: true, data });
const failure = (httpStatus: number): ApiResult<never> => ({ status: false, error: null, httpStatus });
const ALL_RETRIES_MS = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);

/** The server as a table of answers by key, counting what is asked. */
function server(answers: Record<string, ApiResult<string>>) {
  const asked: string[] = [];
  const loaderFor = (key: string) => async () => {
    asked.push(key);
    return answers[key] ?? failure(404);
  };
  return { answers, asked, loaderFor };
}

const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  dataCache.clear();
  jest.useRealTimers();
});

describe('useLoaded', () => {
  it('is loading, then ready with the answer; components reading the same key share one request', async () => {
    const api = server({ things: ok('A') });
    const { result } = renderHook(() => [
      useLoaded('things', api.loaderFor('things')),
      useLoaded('things', api.loaderFor('things')),
    ]);
    expect(result.current[0]).toMatchObject({ status: 'loading', previous: undefined });
    await settle();
    expect(result.current[0]).toMatchObject({ status: 'ready', data: 'A' });
    expect(result.current[1]).toMatchObject({ status: 'ready', data: 'A' });

    // A component mounted later reads the cache.
    const later = renderHook(() => useLoaded('things', api.loaderFor('things')));
    expect(later.result.current).toMatchObject({ status: 'ready', data: 'A' });
    expect(api.asked).toEqual(['things']);
  });

  it('reads nothing while its key is null, then loads', async () => {
    const api = server({ things: ok('A') });
    const { result, rerender } = renderHook(({ key }) => useLoaded(key, api.loaderFor('things')), {
      initialProps: { key: null as string | null },
    });
    expect(result.current.status).toBe('idle');
    expect(api.asked).toEqual([]);

    rerender({ key: 'things' });
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', data: 'A' });
  });

  it('gives a failure as a value at once and retries behind it at most twice', async () => {
    const api = server({ things: failure(500) });
    const { result, rerender } = renderHook(() => useLoaded('things', api.loaderFor('things')));
    await settle();
    expect(result.current).toMatchObject({ status: 'failed', httpStatus: 500, retrying: true });
    // Re-rendering the same component does not ask again.
    rerender();
    await act(() => jest.advanceTimersByTimeAsync(FAILED_LOAD_COOLDOWN_MS - 1));
    expect(api.asked).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(result.current).toMatchObject({ status: 'failed', retrying: false });
  });

  it('does not ask again when components mount within the cooldown of a failure', async () => {
    const api = server({ things: failure(503) });
    const first = renderHook(() => useLoaded('things', api.loaderFor('things')));
    await act(() => jest.advanceTimersByTimeAsync(ALL_RETRIES_MS));
    first.unmount();
    const failedCalls = api.asked.length;

    for (let remount = 0; remount < 20; remount += 1) {
      const again = renderHook(() => useLoaded('things', api.loaderFor('things')));
      expect(again.result.current).toMatchObject({ status: 'failed', retrying: false });
      again.unmount();
    }
    expect(api.asked).toHaveLength(failedCalls);

    api.answers.things = ok('A');
    await act(() => jest.advanceTimersByTimeAsync(FAILED_LOAD_COOLDOWN_MS));
    const later = renderHook(() => useLoaded('things', api.loaderFor('things')));
    await settle();
    expect(later.result.current).toMatchObject({ status: 'ready', data: 'A' });
    expect(api.asked).toHaveLength(failedCalls + 1);
  });

  it('asks again at once on retry (the Retry button), loading meanwhile', async () => {
    const api = server({ things: failure(0) });
    const { result } = renderHook(() => useLoaded('things', api.loaderFor('things')));
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    const failedCalls = api.asked.length;

    api.answers.things = ok('A');
    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', data: 'A' });
    expect(api.asked).toHaveLength(failedCalls + 1);
  });

  it("keeps the last answer as `previous` while a new key loads, never as the new key's data", async () => {
    const api = server({ 'things/a': ok('A'), 'things/b': ok('B') });
    const { result, rerender } = renderHook(({ key }) => useLoaded(key, api.loaderFor(key)), {
      initialProps: { key: 'things/a' },
    });
    await settle();
    rerender({ key: 'things/b' });
    // No flash of an empty listing between two pages.
    expect(result.current).toMatchObject({ status: 'loading', previous: 'A' });
    expect(shownData(result.current)).toBe('A');
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', data: 'B' });

    // Back to a cached key: its answer at once, no request.
    rerender({ key: 'things/a' });
    expect(result.current).toMatchObject({ status: 'ready', data: 'A' });
    expect(api.asked).toEqual(['things/a', 'things/b']);
  });

  it('after invalidate, shows the answer on screen until the new one comes', async () => {
    const api = server({ 'member:orders': ok('one order') });
    const { result } = renderHook(() => useLoaded('member:orders', api.loaderFor('member:orders')));
    await settle();

    api.answers['member:orders'] = ok('two orders');
    act(() => invalidate('member:'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'one order' });
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', data: 'two orders' });
  });

  it(`forgets an answer ${KEEP_UNUSED_DATA_MS / 1000} s after its last component left`, async () => {
    const api = server({ things: ok('A') });
    renderHook(() => useLoaded('things', api.loaderFor('things'))).unmount();
    await settle();
    await act(() => jest.advanceTimersByTimeAsync(KEEP_UNUSED_DATA_MS));
    const late = renderHook(() => useLoaded('things', api.loaderFor('things')));
    expect(late.result.current.status).toBe('loading');
    await settle();
    expect(api.asked).toEqual(['things', 'things']);
  });

  it('asks again on mount for a read that wants a young answer (maxAgeMs)', async () => {
    const api = server({ orders: ok('one order') });
    renderHook(() => useLoaded('orders', api.loaderFor('orders'), { maxAgeMs: 0 })).unmount();
    await settle();
    api.answers.orders = ok('two orders');
    const again = renderHook(() => useLoaded('orders', api.loaderFor('orders'), { maxAgeMs: 0 }));
    // An expired answer is not shown.
    expect(again.result.current.status).toBe('loading');
    await settle();
    expect(again.result.current).toMatchObject({ status: 'ready', data: 'two orders' });
    expect(api.asked).toEqual(['orders', 'orders']);
  });
});
