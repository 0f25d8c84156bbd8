/**
 * The catalog's reads: a small cache over the shared API client, in place of RTK Query (whose
 * `createApi`, shared through `@shop/shared/redux`, put ~12 KB gzip on the first load of every
 * page for this remote alone). It keeps the RTK Query behaviour the pages were built on:
 * - one cache entry per query and argument, and one request per entry however many components
 *   ask at once (the home page reads each of its queries twice, and the server preloads these
 *   answers: a second request would not use the preload);
 * - an entry outlives its last subscriber by KEEP_UNUSED_DATA_MS, so going back costs nothing;
 * - a failed request is an `error` value, asked again under the shared retry policy
 *   (`@shop/shared` retryPolicy.ts): automatically a bounded number of times, then not at all
 *   until the cooldown has passed or the shopper presses Retry (`refetch`). Asking again whenever a
 *   component subscribed made a page that hides a section while it loads ask ~130 times a second;
 * - while the automatic retries run the entry stays failed (the section shows its panel, not a
 *   skeleton that would unmount it); `refetch` shows it loading again;
 * - a hook's `data` keeps its last answer while a new argument loads (the listing does not flash
 *   empty between pages); `currentData` is only the current argument's answer.
 */
import { api, FAILED_LOAD_COOLDOWN_MS, loadWithRetry, type Query } from '@shop/shared';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/** RTK Query's `keepUnusedDataFor` default (60 s). */
export const KEEP_UNUSED_DATA_MS = 60_000;

/** `httpStatus` 0: no usable answer (see the API client). */
export interface QueryError {
  httpStatus: number;
}

export interface QueryRequest {
  path: string;
  query?: Query;
}

export interface QueryResult<Data> {
  /** The current argument's answer, else the last answer this hook had. */
  data: Data | undefined;
  /** The current argument's answer only. */
  currentData: Data | undefined;
  error: QueryError | undefined;
  isError: boolean;
  /** A request is on its way (or about to be) and this hook has no data to show meanwhile. */
  isLoading: boolean;
  isFetching: boolean;
  /** The shopper's Retry: asks again at once, whatever the cooldown. */
  refetch: () => void;
}

export type QueryHook<Arg, Data> = (arg: Arg, options?: { skip?: boolean }) => QueryResult<Data>;

type Status = 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';

/** Replaced, never mutated: its identity is the snapshot `useSyncExternalStore` compares. */
interface EntryState<Data> {
  status: Status;
  data?: Data;
  /** Kept through a retry until an answer comes (as RTK Query does). */
  error?: QueryError;
  /** A failed entry with an automatic retry still to come. */
  retrying?: boolean;
  /** When the last automatic attempt failed: the cooldown runs from here. */
  failedAt?: number;
}

interface Entry<Data> {
  state: EntryState<Data>;
  listeners: Set<() => void>;
  dropTimer?: ReturnType<typeof setTimeout>;
  /** Ends the current round of attempts (a refetch, a drop, a cleared cache). */
  stop?: AbortController;
}

const UNINITIALIZED: EntryState<never> = { status: 'uninitialized' };
const noSubscription = () => {};
const clearers: (() => void)[] = [];

/** Same argument, same key: object keys sorted, so `{a, b}` and `{b, a}` share an entry. */
function serialize(arg: unknown): string {
  return (
    JSON.stringify(arg, (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    ) ?? ''
  );
}

/** One query's cache entries, as its hook reads them. */
interface QueryCache<Arg, Data> {
  stateOf(key: string): EntryState<Data> | undefined;
  subscribe(key: string, arg: Arg, listener: () => void): () => void;
  refetch(key: string, arg: Arg): void;
}

/** Declares one read of the API; the returned hook is used like RTK Query's `useXQuery`. */
export function defineQuery<Arg, Data>(toRequest: (arg: Arg) => QueryRequest): QueryHook<Arg, Data> {
  const entries = new Map<string, Entry<Data>>();
  clearers.push(() => {
    for (const entry of entries.values()) {
      clearTimeout(entry.dropTimer);
      entry.stop?.abort();
    }
    entries.clear();
  });

  const setState = (entry: Entry<Data>, state: EntryState<Data>) => {
    entry.state = state;
    for (const listener of entry.listeners) listener();
  };

  const load = (key: string, entry: Entry<Data>, arg: Arg) => {
    entry.stop?.abort();
    const stop = new AbortController();
    entry.stop = stop;
    const current = () => !stop.signal.aborted && entries.get(key) === entry; // not dropped, cleared or superseded
    setState(entry, { data: entry.state.data, error: entry.state.error, status: 'pending' });
    const { path, query } = toRequest(arg);
    // The client resolves with errors as values; it never rejects.
    void loadWithRetry(() => api.get<Data>(path, query), {
      signal: stop.signal,
      onFailedAttempt: (result, retrying) => {
        if (!current()) return;
        setState(entry, {
          data: entry.state.data,
          status: 'rejected',
          error: { httpStatus: result.httpStatus },
          retrying,
          failedAt: retrying ? undefined : Date.now(),
        });
      },
    }).then((result) => {
      if (current() && result.status) setState(entry, { status: 'fulfilled', data: result.data });
    });
  };

  /** Asked on its own when new, or failed for good longer ago than the cooldown. */
  const due = (state: EntryState<Data>) =>
    state.status === 'uninitialized' ||
    (state.status === 'rejected' &&
      state.failedAt !== undefined &&
      Date.now() - state.failedAt >= FAILED_LOAD_COOLDOWN_MS);

  const cache: QueryCache<Arg, Data> = {
    stateOf: (key) => entries.get(key)?.state,
    subscribe: (key, arg, listener) => {
      let entry = entries.get(key);
      if (!entry) {
        entry = { state: UNINITIALIZED, listeners: new Set() };
        entries.set(key, entry);
      }
      const subscribed = entry;
      clearTimeout(subscribed.dropTimer);
      subscribed.listeners.add(listener);
      // A pending or retrying entry is joined, a fulfilled one read as is, a failed one shown
      // as failed until its cooldown has passed (re-subscribing never floods the server).
      if (due(subscribed.state)) load(key, subscribed, arg);
      return () => {
        subscribed.listeners.delete(listener);
        if (subscribed.listeners.size > 0) return;
        subscribed.dropTimer = setTimeout(() => {
          if (entries.get(key) !== subscribed || subscribed.listeners.size > 0) return;
          subscribed.stop?.abort();
          entries.delete(key);
        }, KEEP_UNUSED_DATA_MS);
      };
    },
    refetch: (key, arg) => {
      const entry = entries.get(key);
      if (entry) load(key, entry, arg);
    },
  };
  return (arg, options) => useQuery(cache, arg, options);
}

function useQuery<Arg, Data>(
  cache: QueryCache<Arg, Data>,
  arg: Arg,
  options: { skip?: boolean } = {},
): QueryResult<Data> {
  const skip = options.skip ?? false;
  const key = skip ? null : serialize(arg);
  // Keyed by the serialized argument: a new object with the same content is the same query.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `arg`
  const subscribe = useCallback(
    (listener: () => void) => (key === null ? noSubscription : cache.subscribe(key, arg, listener)),
    [cache, key],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `arg`
  const refetch = useCallback(() => {
    if (key !== null) cache.refetch(key, arg);
  }, [cache, key]);
  const snapshot = () => (key === null ? UNINITIALIZED : (cache.stateOf(key) ?? UNINITIALIZED));
  const state: EntryState<Data> = useSyncExternalStore(subscribe, snapshot, snapshot);

  const lastData = useRef<Data | undefined>(undefined);
  const data = skip ? undefined : (state.data ?? lastData.current);
  useEffect(() => {
    if (data !== undefined) lastData.current = data;
  }, [data]);

  // Before its first subscription an entry is about to load: report it as loading already.
  const isFetching =
    state.status === 'pending' || (state.status === 'uninitialized' && !skip) || state.retrying === true;
  return {
    data,
    currentData: state.data,
    error: state.error,
    isError: state.status === 'rejected',
    isLoading: state.status !== 'rejected' && isFetching && data === undefined,
    isFetching,
    refetch,
  };
}

/** Forgets every answer (tests start from an empty cache). */
export function clearQueryCache(): void {
  for (const clear of clearers) clear();
}
