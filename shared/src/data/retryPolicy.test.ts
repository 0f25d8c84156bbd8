import type { ApiResult } from '../api/client';
import {
  createFailedLoads,
  FAILED_LOAD_COOLDOWN_MS,
  failedLoads,
  isTransientFailure,
  loadRemembered,
  loadWithRetry,
  mayAsk,
  RETRY_DELAYS_MS,
} from './retryPolicy';

const failure = (httpStatus: number): ApiResult<string> => ({ status: false, error: null, httpStatus });
const success: ApiResult<string> = { status: true, data: 'ok' };

/** A load answering from a script, counting its calls. */
function scripted(...answers: ApiResult<string>[]) {
  let calls = 0;
  const load = jest.fn(async () => answers[Math.min(calls++, answers.length - 1)] ?? success);
  return load;
}

/** Lets pending promise callbacks run (the load resolves in a microtask). */
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('isTransientFailure', () => {
  it.each([0, 408, 429, 500, 502, 503, 504])('counts %i as a failure that may pass', (status) => {
    expect(isTransientFailure(status)).toBe(true);
  });
  it.each([400, 401, 403, 404, 409, 422])('counts %i as final', (status) => {
    expect(isTransientFailure(status)).toBe(false);
  });
});

describe('loadWithRetry', () => {
  it('asks again after ~1 s and ~4 s, then gives the last failure: 3 requests in all', async () => {
    const load = scripted(failure(503));
    const onFailedAttempt = jest.fn();
    const done = jest.fn();
    void loadWithRetry(load, { onFailedAttempt }).then(done);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(onFailedAttempt).toHaveBeenLastCalledWith(failure(503), true);

    await jest.advanceTimersByTimeAsync((RETRY_DELAYS_MS[0] ?? 0) - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);

    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1] ?? 0);
    expect(load).toHaveBeenCalledTimes(3);
    expect(onFailedAttempt).toHaveBeenLastCalledWith(failure(503), false);
    expect(done).toHaveBeenCalledWith(failure(503));

    await jest.advanceTimersByTimeAsync(FAILED_LOAD_COOLDOWN_MS * 2);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('stops at the first success', async () => {
    const load = scripted(failure(0), success);
    const done = jest.fn();
    void loadWithRetry(load).then(done);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(done).toHaveBeenCalledWith(success);
  });

  it('does not ask again after a final failure such as a 404', async () => {
    const load = scripted(failure(404));
    const onFailedAttempt = jest.fn();
    const done = jest.fn();
    void loadWithRetry(load, { onFailedAttempt }).then(done);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(onFailedAttempt).toHaveBeenCalledWith(failure(404), false);
    expect(done).toHaveBeenCalledWith(failure(404));
  });

  it('stops waiting when its signal aborts, with the answer so far', async () => {
    const load = scripted(failure(500));
    const stop = new AbortController();
    const done = jest.fn();
    void loadWithRetry(load, { signal: stop.signal }).then(done);
    await settle();
    stop.abort();
    await settle();
    expect(done).toHaveBeenCalledWith(failure(500));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('createFailedLoads', () => {
  it(`keeps a failure standing for ${FAILED_LOAD_COOLDOWN_MS / 1000} s, then lets it go`, () => {
    let now = 0;
    const failed = createFailedLoads(FAILED_LOAD_COOLDOWN_MS, () => now);
    failed.remember('cart', 503);
    now = FAILED_LOAD_COOLDOWN_MS - 1;
    expect(failed.standing('cart')).toBe(503);
    expect(failed.standing('wishlist')).toBeUndefined();
    now = FAILED_LOAD_COOLDOWN_MS;
    expect(failed.standing('cart')).toBeUndefined();
  });

  it('forgets a failure when the shopper retries', () => {
    const failed = createFailedLoads();
    failed.remember('cart', 0);
    failed.forget('cart');
    expect(failed.standing('cart')).toBeUndefined();
  });
});

describe('loadRemembered', () => {
  afterEach(() => failedLoads.clear());

  it('remembers a final failure under its key and forgets it on success', async () => {
    const done = loadRemembered('cart', scripted(failure(500)));
    await jest.advanceTimersByTimeAsync(10_000);
    await done;
    expect(failedLoads.standing('cart')).toBe(500);
    await loadRemembered('cart', scripted(success));
    expect(failedLoads.standing('cart')).toBeUndefined();
  });
});

describe('mayAsk', () => {
  afterEach(() => failedLoads.clear());

  it('lets one read of a key run at a time, declines it within the cooldown of a failure, always allows Retry', async () => {
    expect(mayAsk('cart', undefined)).toBe(true);
    const running = loadRemembered('cart', scripted(failure(503)));
    expect(mayAsk('cart', undefined)).toBe(false);
    expect(mayAsk('wishlist', undefined)).toBe(true);
    await jest.advanceTimersByTimeAsync(10_000);
    await running;
    expect(mayAsk('cart', undefined)).toBe(false);
    expect(mayAsk('cart', { retry: true })).toBe(true);
    await jest.advanceTimersByTimeAsync(FAILED_LOAD_COOLDOWN_MS);
    expect(mayAsk('cart', undefined)).toBe(true);
  });
});
