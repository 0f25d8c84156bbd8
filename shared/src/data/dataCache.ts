/**
 * The one data cache every remote reads through (issue 17; @shop/shared is a singleton on the
 * page, so there is one cache per page). It grew out of the catalog's query layer, which replaced
 * RTK Query (~12 KB gzip on the first load), and keeps what the pages were built on:
 * - one entry per key (the API path and its sorted query, see `dataKey`) and one request per
 *   entry however many components ask at once. The server preloads the first answers a page
 *   needs (`<link rel="preload" as="fetch">` of the exact URL, backend pageHints.ts); the browser
 *   hands a preloaded answer to one fetch only, so a second request would not use it;
 * - an entry outlives its last reader by KEEP_UNUSED_DATA_MS (going back costs nothing), and a
 *   read may ask for an answer no older than `maxAgeMs`;
 * - answers are values (`ApiResult`), never exceptions; a failed read is asked again under the
 *   retry policy (retryPolicy.ts): automatically a bounded number of times, then not at all until
 *   the cooldown has passed or the shopper presses Retry (`refresh`). Asking again whenever a
 *   component subscribed made a page that hides a section while it loads ask ~130 times a second;
 * - after a change, `invalidate(prefix)` asks again what is on screen and forgets the rest, and
 *   `set` puts an answer the server gave with a change in place without asking.
 */
import type { ApiErrorBody } from '@shop/contract';
import { type ApiResult, type Query, withQuery } from '../api/client';
import { FAILED_LOAD_COOLDOWN_MS, loadWithRetry } from './retryPolicy';

/** How long an answer nobody reads is kept (RTK Query's `keepUnusedDataFor` default, 60 s). */
export const KEEP_UNUSED_DATA_MS = 60_000;

/** Reads one answer; `signal` ends it when the answer is no longer wanted. */
export type Loader<T> = (signal: AbortSignal) => Promise<ApiResult<T>>;

/** What is known of one key. Replaced, never mutated: its identity is a React snapshot. */
export type EntryState<T> =
  /** `data`: the last answer, kept on screen while it is asked again. */
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T; answeredAt: number }
  /** `retrying`: an automatic attempt is still to come; `failedAt`: when the last one failed. */
  | {
      status: 'failed';
      httpStatus: number;
      error: ApiErrorBody | null;
      retrying: boolean;
      failedAt?: number;
    };

export interface ReadOptions {
  /**
   * An answer older than this has expired: a new reader does not see it and asks again (default:
   * an answer stands while it is cached). 0: every new reader asks (a page that reloads on each
   * visit), joining a read under way.
   */
  maxAgeMs?: number;
}

export interface DataCache {
  /** What is known of `key` now; undefined when nothing is. */
  stateOf<T>(key: string): EntryState<T> | undefined;
  /**
   * A component's read of `key`: joins the read under way, uses a fresh answer, shows a failure
   * while its cooldown runs, else asks. `listener` hears every change of the entry.
   */
  subscribe<T>(key: string, loader: Loader<T>, listener: () => void, options?: ReadOptions): () => void;
  /** The answer to `key` outside React, under the same rules (a standing failure is answered as is). */
  read<T>(key: string, loader: Loader<T>, options?: ReadOptions): Promise<ApiResult<T>>;
  /** The shopper's Retry: asks `key` again at once, whatever the cooldown. */
  refresh(key: string): void;
  /** Puts an answer in place without asking (a change whose answer is the new data). */
  set<T>(key: string, data: T): void;
  /**
   * After a change: every key starting with `prefix` that is on screen is asked again (its data
   * shown until the new answer), every other one is forgotten.
   */
  invalidate(prefix: string): void;
  /** Forgets every answer (each test starts from an empty cache). */
  clear(): void;
}

/**
 * The key of an API read: its path and its query as the client sends it, names sorted, so
 * `{a, b}` and `{b, a}` share an entry. One key, one answer: a loader that reshapes or combines
 * answers needs a key of its own.
 */
export function dataKey(path: string, query?: Query): string {
  if (!query) return path;
  const byName = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return withQuery(path, Object.fromEntries(byName));
}

interface Entry {
  state: EntryState<unknown>;
  listeners: Set<() => void>;
  /** The latest reader's loader; none for an answer only ever `set`. */
  loader?: Loader<unknown>;
  /** The round of attempts under way: a new reader joins it. */
  round?: { stop: AbortController; answer: Promise<ApiResult<unknown>> };
  dropTimer?: ReturnType<typeof setTimeout>;
}

const NEW_ENTRY: EntryState<never> = { status: 'loading' };

export function createDataCache(): DataCache {
  const entries = new Map<string, Entry>();

  const setState = (entry: Entry, state: EntryState<unknown>) => {
    entry.state = state;
    for (const listener of entry.listeners) listener();
  };

  const entryFor = (key: string): Entry => {
    let entry = entries.get(key);
    if (!entry) {
      entry = { state: NEW_ENTRY, listeners: new Set() };
      entries.set(key, entry);
    }
    clearTimeout(entry.dropTimer);
    return entry;
  };

  const drop = (key: string, entry: Entry) => {
    clearTimeout(entry.dropTimer);
    entry.round?.stop.abort();
    if (entries.get(key) === entry) entries.delete(key);
  };

  const dropWhenUnused = (key: string, entry: Entry) => {
    if (entry.listeners.size > 0) return;
    clearTimeout(entry.dropTimer);
    entry.dropTimer = setTimeout(() => {
      if (entry.listeners.size === 0) drop(key, entry);
    }, KEEP_UNUSED_DATA_MS);
  };

  /**
   * A new round of attempts for `entry`, ending the one under way. `keepData`: a reload after a
   * change or a Retry keeps the answer on screen until the new one; an expired answer is not shown.
   */
  const start = (key: string, entry: Entry, loader: Loader<unknown>, keepData: boolean) => {
    entry.round?.stop.abort();
    const stop = new AbortController();
    // Not dropped, cleared or superseded since it started.
    const current = () => !stop.signal.aborted && entries.get(key) === entry;
    const kept = !keepData || entry.state.status === 'failed' ? undefined : entry.state.data;
    setState(entry, kept === undefined ? NEW_ENTRY : { status: 'loading', data: kept });
    const answer = loadWithRetry(() => loader(stop.signal), {
      signal: stop.signal,
      onFailedAttempt: (failed, retrying) => {
        if (!current()) return;
        setState(entry, {
          status: 'failed',
          httpStatus: failed.httpStatus,
          error: failed.error,
          retrying,
          failedAt: retrying ? undefined : Date.now(),
        });
      },
    }).then((result) => {
      if (current()) {
        entry.round = undefined;
        if (result.status) setState(entry, { status: 'ready', data: result.data, answeredAt: Date.now() });
      }
      return result;
    });
    entry.round = { stop, answer };
    return answer;
  };

  /** Whether a new reader asks: a new entry, an answer too old, a failure past its cooldown. */
  const due = (entry: Entry, maxAgeMs: number): boolean => {
    if (entry.round) return false;
    const { state } = entry;
    if (state.status === 'loading') return true;
    if (state.status === 'ready') return Date.now() - state.answeredAt >= maxAgeMs;
    return state.failedAt !== undefined && Date.now() - state.failedAt >= FAILED_LOAD_COOLDOWN_MS;
  };

  return {
    // The key names the answer, so every reader of one key reads the same type.
    stateOf: <T>(key: string) => entries.get(key)?.state as EntryState<T> | undefined,

    subscribe: (key, loader, listener, options = {}) => {
      const entry = entryFor(key);
      entry.loader = loader as Loader<unknown>;
      entry.listeners.add(listener);
      if (due(entry, options.maxAgeMs ?? Number.POSITIVE_INFINITY))
        void start(key, entry, entry.loader, false);
      return () => {
        entry.listeners.delete(listener);
        dropWhenUnused(key, entry);
      };
    },

    read: <T>(key: string, loader: Loader<T>, options: ReadOptions = {}) => {
      const entry = entryFor(key);
      entry.loader = loader as Loader<unknown>;
      dropWhenUnused(key, entry);
      const { state } = entry;
      let answer: Promise<ApiResult<unknown>>;
      if (entry.round) answer = entry.round.answer;
      else if (due(entry, options.maxAgeMs ?? Number.POSITIVE_INFINITY) || state.status === 'loading')
        answer = start(key, entry, entry.loader, false);
      else if (state.status === 'ready') answer = Promise.resolve({ status: true, data: state.data });
      else answer = Promise.resolve({ status: false, error: state.error, httpStatus: state.httpStatus });
      return answer as Promise<ApiResult<T>>;
    },

    refresh: (key) => {
      const entry = entries.get(key);
      if (entry?.loader) void start(key, entry, entry.loader, true);
    },

    set: (key, data) => {
      const entry = entryFor(key);
      entry.round?.stop.abort();
      entry.round = undefined;
      setState(entry, { status: 'ready', data, answeredAt: Date.now() });
      dropWhenUnused(key, entry);
    },

    invalidate: (prefix) => {
      for (const [key, entry] of [...entries]) {
        if (!key.startsWith(prefix)) continue;
        if (entry.listeners.size > 0 && entry.loader) void start(key, entry, entry.loader, true);
        else drop(key, entry);
      }
    },

    clear: () => {
      for (const [key, entry] of [...entries]) drop(key, entry);
    },
  };
}

/** The page's cache: every remote reads through it. */
export const dataCache: DataCache = createDataCache();

/** After a change (a save, a delete): see DataCache.invalidate. */
export function invalidate(prefix: string): void {
  dataCache.invalidate(prefix);
}
