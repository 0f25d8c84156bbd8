import { act, renderHook } from '@testing-library/react';
import { failedLoads, RETRY_DELAYS_MS } from '../data/retryPolicy';
import type { ApiResult } from './client';
import { useRetryingLoad } from './useRetryingLoad';

const failure: ApiResult<string> = { status: false, error: null, httpStatus: 500 };
const allRetries = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  failedLoads.clear();
});

describe('useRetryingLoad', () => {
  it('shows the failure at the first failed attempt, then retries behind it, boundedly', async () => {
    const load = jest.fn(async () => failure);
    const { result } = renderHook(() => useRetryingLoad('test:list', load));
    expect(result.current.loaded).toEqual({ state: 'loading' });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.loaded).toEqual({ state: 'failed', httpStatus: 500, retrying: true });
    await act(() => jest.advanceTimersByTimeAsync(allRetries));
    expect(result.current.loaded).toEqual({ state: 'failed', httpStatus: 500, retrying: false });
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(load).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);
  });

  it('asks nothing when it mounts again within the cooldown of a failure', async () => {
    const load = jest.fn(async () => failure);
    const first = renderHook(() => useRetryingLoad('test:list', load));
    await act(() => jest.advanceTimersByTimeAsync(allRetries));
    first.unmount();
    const calls = load.mock.calls.length;

    for (let remount = 0; remount < 5; remount += 1) {
      const again = renderHook(() => useRetryingLoad('test:list', load));
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(again.result.current.loaded).toMatchObject({ state: 'failed', retrying: false });
      again.unmount();
    }
    expect(load).toHaveBeenCalledTimes(calls);
  });

  it('asks again at once on Retry, and shows the answer', async () => {
    let answer: ApiResult<string> = failure;
    const load = jest.fn(async () => answer);
    const { result } = renderHook(() => useRetryingLoad('test:list', load));
    await act(() => jest.advanceTimersByTimeAsync(allRetries));
    answer = { status: true, data: 'items' };
    act(() => result.current.retry());
    expect(result.current.loaded).toEqual({ state: 'loading' });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.loaded).toEqual({ state: 'loaded', data: 'items' });
  });

  it('stops retrying when the component leaves', async () => {
    const load = jest.fn(async () => failure);
    const { unmount } = renderHook(() => useRetryingLoad('test:list', load));
    await act(() => jest.advanceTimersByTimeAsync(0));
    unmount();
    await act(() => jest.advanceTimersByTimeAsync(allRetries * 2));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('useRetryingLoad reloading data on screen', () => {
  it('keeps the data until the new answer comes', async () => {
    let answer: ApiResult<string> = { status: true, data: 'first' };
    const { result } = renderHook(() => useRetryingLoad('test:order', async () => answer));
    await act(() => jest.advanceTimersByTimeAsync(0));
    answer = { status: true, data: 'second' };
    act(() => result.current.retry());
    expect(result.current.loaded).toEqual({ state: 'loaded', data: 'first' });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.loaded).toEqual({ state: 'loaded', data: 'second' });
  });
});
