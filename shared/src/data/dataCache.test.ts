import type { ApiResult } from '../api/client';
import { createDataCache, dataKey, KEEP_UNUSED_DATA_MS, type Loader } from './dataCache';
import { FAILED_LOAD_COOLDOWN_MS, RETRY_DELAYS_MS } from './retryPolicy';

const ok = <T>(data: T): ApiResult<T> => ({ status: true, data });
const failure = (httpStatus: number): ApiResult<never> => ({ status: false, error: null, httpStatus });
const ALL_RETRIES_MS = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);

/** A loader answering from a script (the last answer repeats), counting its calls. */
function scripted<T>(...answers: ApiResult<T>[]) {
  let calls = 0;
  return jest.fn<Promise<ApiResult<T>>, [AbortSignal]>(async () => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (!answer) throw new Error('scripted() needs an answer');
    return answer;
  });
}

/** Lets the loaders' promises settle. */
const settle = () => jest.advanceTimersByTimeAsync(0);

let cache = createDataCache();
beforeEach(() => {
  jest.useFakeTimers();
  cache = createDataCache();
});
afterEach(() => {
  cache.clear();
  jest.useRealTimers();
});

describe('dataKey', () => {
  it('is the path and its query as the client sends it, names sorted', () => {
    expect(dataKey('products', { sort: 'newest', 'per-page': 8 })).toBe('products?per-page=8&sort=newest');
    expect(dataKey('products', { 'per-page': 8, sort: 'newest' })).toBe('products?per-page=8&sort=newest');
    expect(dataKey('hero-slides')).toBe('hero-slides');
    // Values the client leaves out make no difference either.
    expect(dataKey('products', { q: '', page: undefined })).toBe('products');
  });
});

describe('the data cache', () => {
  it('sends one request for every reader asking the same key at once', async () => {
    const loader = scripted(ok({ count: 3 }));
    const listener = jest.fn();
    const unsubscribe = cache.subscribe('things', loader, listener);
    const joined = cache.read('things', loader);
    cache.subscribe('things', loader, listener);
    expect(cache.stateOf('things')).toEqual({ status: 'loading' });

    await settle();
    await expect(joined).resolves.toEqual(ok({ count: 3 }));
    expect(cache.stateOf('things')).toMatchObject({ status: 'ready', data: { count: 3 } });
    // A reader coming later reads the answer.
    await expect(cache.read('things', loader)).resolves.toEqual(ok({ count: 3 }));
    expect(loader).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("asks a page's preloaded URL once, so the browser's preloaded answer is the one used", async () => {
    // The server preloads GET /backend/api/hero-slides; the browser gives it to one fetch only.
    const fetched: string[] = [];
    const loader: Loader<string[]> = async () => {
      fetched.push('/backend/api/hero-slides');
      return ok(fetched.length === 1 ? ['preloaded'] : ['from the network']);
    };
    const carousel = cache.subscribe('hero-slides', loader, () => {});
    const page = cache.subscribe('hero-slides', loader, () => {});
    await settle();
    expect(cache.stateOf('hero-slides')).toMatchObject({ data: ['preloaded'] });
    expect(fetched).toEqual(['/backend/api/hero-slides']);

    // A change asks again: the network answers this time.
    cache.invalidate('hero-slides');
    await settle();
    expect(cache.stateOf('hero-slides')).toMatchObject({ data: ['from the network'] });
    carousel();
    page();
  });

  it(`keeps an answer ${KEEP_UNUSED_DATA_MS / 1000} s after its last reader leaves, then forgets it`, async () => {
    const loader = scripted(ok('A'));
    cache.subscribe('thing', loader, () => {})();
    await settle();
    await jest.advanceTimersByTimeAsync(KEEP_UNUSED_DATA_MS - 1);
    const back = cache.subscribe('thing', loader, () => {});
    expect(cache.stateOf('thing')).toMatchObject({ status: 'ready', data: 'A' });
    back();
    expect(loader).toHaveBeenCalledTimes(1);

    // The clock starts again from the last reader's leaving.
    await jest.advanceTimersByTimeAsync(KEEP_UNUSED_DATA_MS);
    expect(cache.stateOf('thing')).toBeUndefined();
    await cache.read('thing', loader);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('asks again for a reader wanting an answer younger than maxAgeMs, joined by the others', async () => {
    const loader = scripted(ok('first'), ok('second'));
    await Promise.all([cache.read('orders', loader, { maxAgeMs: 0 }), settle()]);
    const first = cache.read('orders', loader, { maxAgeMs: 0 });
    const second = cache.read('orders', loader, { maxAgeMs: 0 });
    await settle();
    await expect(first).resolves.toEqual(ok('second'));
    await expect(second).resolves.toEqual(ok('second'));
    expect(loader).toHaveBeenCalledTimes(2);
    // Without maxAgeMs the answer stands while cached.
    await expect(cache.read('orders', loader)).resolves.toEqual(ok('second'));
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shows a failure at once, retries behind it after ~1 s and ~4 s, then stops: 3 requests', async () => {
    const loader = scripted<string>(failure(503));
    cache.subscribe('thing', loader, () => {});
    await settle();
    expect(cache.stateOf('thing')).toMatchObject({ status: 'failed', httpStatus: 503, retrying: true });

    await jest.advanceTimersByTimeAsync((RETRY_DELAYS_MS[0] ?? 0) - 1);
    expect(loader).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(loader).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync((RETRY_DELAYS_MS[1] ?? 0) - 1);
    expect(loader).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(loader).toHaveBeenCalledTimes(1 + RETRY_DELAYS_MS.length);
    expect(cache.stateOf('thing')).toMatchObject({ status: 'failed', retrying: false });

    await jest.advanceTimersByTimeAsync(FAILED_LOAD_COOLDOWN_MS - 1);
    expect(loader).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 404 or another refusal', async () => {
    const loader = scripted<string>(failure(404));
    cache.subscribe('thing', loader, () => {});
    await jest.advanceTimersByTimeAsync(10_000);
    expect(cache.stateOf('thing')).toMatchObject({ status: 'failed', httpStatus: 404, retrying: false });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for readers coming during the cooldown of a failure, then asks again', async () => {
    const loader = scripted<string>(failure(503), failure(503), failure(503), ok('A'));
    cache.subscribe('thing', loader, () => {})();
    await jest.advanceTimersByTimeAsync(ALL_RETRIES_MS);
    const failedCalls = loader.mock.calls.length;

    // The loop that flooded the server: a section that mounts on failure and unmounts while loading.
    for (let remount = 0; remount < 20; remount += 1) cache.subscribe('thing', loader, () => {})();
    await expect(cache.read('thing', loader)).resolves.toEqual(failure(503));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(loader).toHaveBeenCalledTimes(failedCalls);

    await jest.advanceTimersByTimeAsync(FAILED_LOAD_COOLDOWN_MS);
    const later = cache.read('thing', loader);
    await settle();
    await expect(later).resolves.toEqual(ok('A'));
    expect(loader).toHaveBeenCalledTimes(failedCalls + 1);
  });

  it('asks again at once on refresh (the Retry button), whatever the cooldown', async () => {
    const loader = scripted<string>(failure(0), failure(0), failure(0), ok('A'));
    cache.subscribe('thing', loader, () => {});
    await jest.advanceTimersByTimeAsync(ALL_RETRIES_MS);
    expect(cache.stateOf('thing')).toMatchObject({ status: 'failed', retrying: false });

    cache.refresh('thing');
    expect(cache.stateOf('thing')).toEqual({ status: 'loading' });
    await settle();
    expect(cache.stateOf('thing')).toMatchObject({ status: 'ready', data: 'A' });
    expect(loader).toHaveBeenCalledTimes(4);
  });

  it('invalidate asks again what is read (showing the old answer meanwhile) and forgets the rest', async () => {
    const orders = scripted(ok(['#1']), ok(['#1', '#2']));
    const order = scripted(ok('#1'));
    const other = scripted(ok('profile'));
    cache.subscribe('orders', orders, () => {});
    await cache.read('orders/1', order);
    cache.subscribe('profile', other, () => {});
    await settle();

    cache.invalidate('orders');
    expect(cache.stateOf('orders')).toEqual({ status: 'loading', data: ['#1'] });
    expect(cache.stateOf('orders/1')).toBeUndefined();
    await settle();
    expect(cache.stateOf('orders')).toMatchObject({ status: 'ready', data: ['#1', '#2'] });
    expect(cache.stateOf('profile')).toMatchObject({ status: 'ready', data: 'profile' });
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('set puts the answer a change gave in place, ending the read under way', async () => {
    const loader = scripted(ok('old'));
    const listener = jest.fn();
    cache.subscribe('profile', loader, listener);
    const signal = loader.mock.calls[0]?.[0];
    cache.set('profile', 'saved');
    expect(signal?.aborted).toBe(true);
    await settle();
    expect(cache.stateOf('profile')).toMatchObject({ status: 'ready', data: 'saved' });
    expect(listener).toHaveBeenCalled();
  });

  it('ends the read of an answer nobody wants any more', async () => {
    const loader = jest.fn<Promise<ApiResult<string>>, [AbortSignal]>(() => new Promise(() => {}));
    cache.subscribe('thing', loader, () => {})();
    await jest.advanceTimersByTimeAsync(KEEP_UNUSED_DATA_MS);
    expect(loader.mock.calls[0]?.[0].aborted).toBe(true);
    expect(cache.stateOf('thing')).toBeUndefined();
  });
});
