import { FAILED_LOAD_COOLDOWN_MS, type Query, RETRY_DELAYS_MS } from '@shop/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { fail, installFakeApi, ok } from '../test/fakeApi';
import { clearQueryCache, defineQuery, KEEP_UNUSED_DATA_MS } from './queries';

const useThing = defineQuery<string, { name: string }>((id) => ({ path: `things/${id}` }));
const useThings = defineQuery<Query, { count: number }>((query) => ({ path: 'things', query }));

const things = {
  'GET things/a': ok({ name: 'A' }),
  'GET things/b': ok({ name: 'B' }),
};

afterEach(() => {
  clearQueryCache();
  jest.useRealTimers();
});

describe('defineQuery', () => {
  it('sends one request for every component asking the same thing at once', async () => {
    const backend = installFakeApi({ 'GET things': ok({ count: 3 }) });
    const { result } = renderHook(() => [
      useThings({ sort: 'newest', 'per-page': 8 }),
      // Same query, keys in another order: the same entry.
      useThings({ 'per-page': 8, sort: 'newest' }),
    ]);
    expect(result.current[0]?.isLoading).toBe(true);
    await waitFor(() => expect(result.current[1]?.data).toEqual({ count: 3 }));
    expect(result.current[0]?.data).toEqual({ count: 3 });
    expect(backend.callsTo('GET things')).toHaveLength(1);

    // A component mounted later reads the cache.
    const later = renderHook(() => useThings({ sort: 'newest', 'per-page': 8 }));
    expect(later.result.current.data).toEqual({ count: 3 });
    expect(later.result.current.isFetching).toBe(false);
    expect(backend.callsTo('GET things')).toHaveLength(1);
  });

  it('asks nothing and returns no data while skipped, then loads when no longer skipped', async () => {
    const backend = installFakeApi(things);
    const { result, rerender } = renderHook(({ skip }) => useThing('a', { skip }), {
      initialProps: { skip: true },
    });
    expect(result.current).toMatchObject({ data: undefined, isLoading: false, isFetching: false });
    expect(backend.calls).toHaveLength(0);

    rerender({ skip: false });
    await waitFor(() => expect(result.current.currentData).toEqual({ name: 'A' }));
    expect(backend.calls).toHaveLength(1);
  });

  it('gives a failure as an error value at once and retries behind it at most twice', async () => {
    jest.useFakeTimers();
    const backend = installFakeApi({ 'GET things/a': fail(500) });
    const first = renderHook(() => useThing('a'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(first.result.current).toMatchObject({
      error: { httpStatus: 500 },
      isError: true,
      data: undefined,
      isLoading: false,
      isFetching: true, // a retry is still to come
    });
    // Re-rendering the same subscriber does not ask again.
    first.rerender();
    await act(() => jest.advanceTimersByTimeAsync(FAILED_LOAD_COOLDOWN_MS - 1));
    expect(backend.calls).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(first.result.current).toMatchObject({ isError: true, isFetching: false });
  });

  it('does not ask again when components subscribe after a failure, until the cooldown has passed', async () => {
    jest.useFakeTimers();
    let answer = fail(503);
    const backend = installFakeApi({ 'GET things/a': () => answer });
    const first = renderHook(() => useThing('a'));
    await act(() => jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0)));
    const failedCalls = backend.calls.length;
    first.unmount();

    // The loop that flooded the server: a section that mounts on failure and unmounts while loading.
    for (let remount = 0; remount < 20; remount += 1) {
      const again = renderHook(() => useThing('a'));
      expect(again.result.current).toMatchObject({ isError: true, isLoading: false });
      again.unmount();
    }
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(backend.calls).toHaveLength(failedCalls);

    answer = ok({ name: 'A' });
    await act(() => jest.advanceTimersByTimeAsync(FAILED_LOAD_COOLDOWN_MS));
    const later = renderHook(() => useThing('a'));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(later.result.current).toMatchObject({ data: { name: 'A' }, isError: false, error: undefined });
    expect(backend.calls).toHaveLength(failedCalls + 1);
  });

  it('asks again at once on refetch (the Retry button), loading meanwhile with the error kept', async () => {
    jest.useFakeTimers();
    let answer = fail(0);
    const backend = installFakeApi({ 'GET things/a': () => answer });
    const { result } = renderHook(() => useThing('a'));
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    const failedCalls = backend.calls.length;

    answer = ok({ name: 'A' });
    act(() => result.current.refetch());
    expect(result.current).toMatchObject({ isError: false, isLoading: true, error: { httpStatus: 0 } });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current).toMatchObject({ data: { name: 'A' }, isError: false, error: undefined });
    expect(backend.calls).toHaveLength(failedCalls + 1);
  });

  it('does not retry a 404', async () => {
    jest.useFakeTimers();
    const backend = installFakeApi({});
    const { result } = renderHook(() => useThing('a'));
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(result.current).toMatchObject({ error: { httpStatus: 404 }, isFetching: false });
    expect(backend.calls).toHaveLength(1);
  });

  it(`keeps an answer ${KEEP_UNUSED_DATA_MS / 1000} s after its last subscriber leaves, then drops it`, async () => {
    jest.useFakeTimers();
    const backend = installFakeApi(things);
    const first = renderHook(() => useThing('a'));
    await waitFor(() => expect(first.result.current.data).toEqual({ name: 'A' }));
    first.unmount();

    act(() => jest.advanceTimersByTime(KEEP_UNUSED_DATA_MS - 1));
    const back = renderHook(() => useThing('a'));
    expect(back.result.current).toMatchObject({ data: { name: 'A' }, isFetching: false });
    back.unmount();
    expect(backend.calls).toHaveLength(1);

    // The clock starts again from the last unsubscribe.
    act(() => jest.advanceTimersByTime(KEEP_UNUSED_DATA_MS));
    const late = renderHook(() => useThing('a'));
    expect(late.result.current).toMatchObject({ data: undefined, isLoading: true });
    await waitFor(() => expect(late.result.current.data).toEqual({ name: 'A' }));
    expect(backend.calls).toHaveLength(2);
  });

  it("keeps the last answer as `data` while a new argument loads; `currentData` is the new argument's only", async () => {
    const backend = installFakeApi(things);
    const { result, rerender } = renderHook(({ id }) => useThing(id), { initialProps: { id: 'a' } });
    await waitFor(() => expect(result.current.data).toEqual({ name: 'A' }));

    rerender({ id: 'b' });
    // As RTK Query: no flash of an empty page between two arguments.
    expect(result.current).toMatchObject({
      data: { name: 'A' },
      currentData: undefined,
      isLoading: false,
      isFetching: true,
    });
    await waitFor(() => expect(result.current.currentData).toEqual({ name: 'B' }));
    expect(result.current.data).toEqual({ name: 'B' });

    // Back to a cached argument: its answer at once, no request.
    rerender({ id: 'a' });
    expect(result.current).toMatchObject({
      data: { name: 'A' },
      currentData: { name: 'A' },
      isFetching: false,
    });
    expect(backend.calls.map((call) => call.url.pathname)).toEqual([
      '/backend/api/things/a',
      '/backend/api/things/b',
    ]);
  });
});
