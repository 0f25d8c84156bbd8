/**
 * How the front ends ask again when a read fails (issue 16). A failed section used to be asked
 * again each time a component subscribed, and a page that hides a section while it loads then
 * asked ~130 times a second. The rule now, for every remote:
 * - a transient failure (no answer, 408, 429, 5xx) is asked again automatically, twice, after
 *   RETRY_DELAYS_MS; any other failure (a 404, a refusal) is final at once;
 * - once the last attempt has failed, the failure stands for FAILED_LOAD_COOLDOWN_MS: a component
 *   that mounts or subscribes again meanwhile shows the failure and asks nothing;
 * - only the shopper's Retry asks again at once.
 */
import type { ApiResult } from '../api/client';

/** The waits before the automatic attempts after the first: initial + 2 retries at ~1 s and ~4 s. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

/** How long a failed read stands before a new subscriber may ask again on its own. */
export const FAILED_LOAD_COOLDOWN_MS = 30_000;

export type FailedAnswer = Extract<ApiResult<unknown>, { status: false }>;

/** A failure that may pass by itself: no answer at all, a timeout, a rate limit, a server fault. */
export function isTransientFailure(httpStatus: number): boolean {
  return httpStatus === 0 || httpStatus === 408 || httpStatus === 429 || httpStatus >= 500;
}

export interface RetryOptions {
  /** Ends the waiting between attempts: the answer so far is returned at once. */
  signal?: AbortSignal;
  /** Told of every failed attempt, so a page can show its panel while the retries go on. */
  onFailedAttempt?: (answer: FailedAnswer, willRetry: boolean) => void;
  delaysMs?: readonly number[];
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

/**
 * Runs `load` until it succeeds, fails for good, or the retries are used up; resolves with the
 * last answer (never rejects, like the API client).
 */
export async function loadWithRetry<T>(
  load: () => Promise<ApiResult<T>>,
  options: RetryOptions = {},
): Promise<ApiResult<T>> {
  const delays = options.delaysMs ?? RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt += 1) {
    const answer = await load();
    if (answer.status) return answer;
    const delay = delays[attempt];
    const willRetry =
      delay !== undefined && isTransientFailure(answer.httpStatus) && !options.signal?.aborted;
    options.onFailedAttempt?.(answer, willRetry);
    if (!willRetry) return answer;
    await wait(delay, options.signal);
    if (options.signal?.aborted) return answer;
  }
}

/** Reads that failed for good lately, by key, so a remount within the cooldown asks nothing. */
export interface FailedLoads {
  remember(key: string, httpStatus: number): void;
  /** The failure's httpStatus while it stands, else undefined. */
  standing(key: string): number | undefined;
  forget(key: string): void;
  clear(): void;
}

export function createFailedLoads(
  cooldownMs: number = FAILED_LOAD_COOLDOWN_MS,
  now: () => number = () => Date.now(),
): FailedLoads {
  const failures = new Map<string, { at: number; httpStatus: number }>();
  return {
    remember: (key, httpStatus) => failures.set(key, { at: now(), httpStatus }),
    standing: (key) => {
      const failure = failures.get(key);
      if (!failure) return undefined;
      if (now() - failure.at < cooldownMs) return failure.httpStatus;
      failures.delete(key);
      return undefined;
    },
    forget: (key) => failures.delete(key),
    clear: () => failures.clear(),
  };
}

/** The one memory every remote's page loads share (@shop/shared is a singleton on the page). */
export const failedLoads: FailedLoads = createFailedLoads();

/** Store reads under way, by key (one token per run): a second ask while one runs joins it. */
const loadsInFlight = new Map<string, Set<symbol>>();

/**
 * loadWithRetry for a read kept in a store (a Redux slice) rather than a hook: its final failure is
 * remembered under `key` in failedLoads (a success forgets it), and it counts as under way until
 * its last attempt, so the thunk's `condition` can decline a new ask with `mayAsk`.
 */
export async function loadRemembered<T>(
  key: string,
  load: () => Promise<ApiResult<T>>,
  options: RetryOptions = {},
): Promise<ApiResult<T>> {
  const run = Symbol(key);
  const runs = loadsInFlight.get(key) ?? new Set<symbol>();
  runs.add(run);
  loadsInFlight.set(key, runs);
  try {
    const answer = await loadWithRetry(load, options);
    if (answer.status) failedLoads.forget(key);
    else failedLoads.remember(key, answer.httpStatus);
    return answer;
  } finally {
    const left = loadsInFlight.get(key);
    left?.delete(run);
    if (left?.size === 0) loadsInFlight.delete(key);
  }
}

/**
 * Whether a store read may be asked now: always on the shopper's Retry (or a reload after a
 * change); otherwise only when the same read is not under way and has not failed within the
 * cooldown (two components asking at mount send one read, a page opened again after a failure
 * sends none).
 */
export function mayAsk(key: string, options: { retry?: boolean } | undefined): boolean {
  return options?.retry === true || (!loadsInFlight.has(key) && failedLoads.standing(key) === undefined);
}

/** Forgets every failure and every read under way (each test starts from none). */
export function resetLoadMemory(): void {
  failedLoads.clear();
  loadsInFlight.clear();
}
