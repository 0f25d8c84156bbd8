import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { classifyFailure, failureKindOf, withFailureKind } from './failureKind';
import { CHUNK_TIMEOUT_MS, FETCH_TIMEOUT_MS, RETRIES, RETRY_DELAY_MS, SCRIPT_TIMEOUT_MS } from './loadLimits';

// Self-contained on purpose: runtime plugins run before shared modules are negotiated, so they
// must not import React, rxjs or @shop/shared. What they need from the page (the integrity of
// each entry) is on a window-scoped object that @shop/shared's remoteVersions writes.

type Hooks = Required<ModuleFederationRuntimePlugin>;
type LoadEntryErrorArgs = Parameters<Hooks['loadEntryError']>[0];
type RemoteEntryExports = Extract<Awaited<ReturnType<LoadEntryErrorArgs['getRemoteEntry']>>, object>;
type GetModuleFactoryArgs = Parameters<Hooks['getModuleFactory']>[0];
type CreateScriptArgs = Parameters<Hooks['createScript']>[0];

declare global {
  interface Window {
    /** Subresource integrity per absolute remoteEntry.js URL (written by @shop/shared remoteVersions). */
    __SHOP_REMOTE_INTEGRITY__?: Record<string, string>;
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The retry asks for `remoteEntry.js?retry=1`: with the same URL, Chromium attaches the new
 * script to the request the timed-out one left in flight (measured: one request on a silent
 * origin for both), so the retry would never reach the network. Servers and CDNs ignore the
 * query of a static file; its bytes, so its integrity, are the same.
 */
const RETRY_QUERY = 'retry=1';
function retryUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${RETRY_QUERY}`;
}
function integrityOf(url: string): string | undefined {
  const recorded = window.__SHOP_REMOTE_INTEGRITY__;
  return recorded?.[url] ?? recorded?.[url.replace(new RegExp(`[?&]${RETRY_QUERY}$`), '')];
}

/** Rejects with a timeout error when `promise` has not settled in time (it keeps running). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Runs `attempt` once more after a failure that may heal; a 404 (not-found) is final. The error
 * that ends it is classified (timeout, not-found, script-error) for the fallback and the report.
 */
async function oneRetry<T>(attempt: () => Promise<T>, url: string | undefined): Promise<T> {
  let tries = 0;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const classified = await classifyFailure(error, url);
      if (tries >= RETRIES || failureKindOf(classified) === 'not-found') throw classified;
    }
    tries += 1;
    await wait(RETRY_DELAY_MS);
  }
}

/**
 * The script element for a remoteEntry.js: a short timeout, and its integrity when recorded.
 * `failedByError` learns which URLs fired an error event: the runtime tells the retry hook that
 * a script failed but not how, and a timeout (no event) must not wait for a probe as well.
 */
function scriptFactory(failedByError: Set<string>) {
  return ({ url, attrs }: CreateScriptArgs): { script: HTMLScriptElement; timeout: number } => {
    const script = document.createElement('script');
    script.src = url;
    // Returning our own element means the runtime no longer copies its attributes (fetchpriority).
    for (const [name, value] of Object.entries(attrs ?? {})) script.setAttribute(name, String(value));
    const integrity = integrityOf(url);
    if (integrity) {
      script.integrity = integrity;
      // SRI on a script from another origin needs a CORS request, or it always fails.
      script.crossOrigin = 'anonymous';
    }
    failedByError.delete(url);
    script.addEventListener('error', () => failedByError.add(url));
    return { script, timeout: SCRIPT_TIMEOUT_MS };
  };
}

/** The remoteEntry.js failed (network, 404, timeout): one more try, unless it is gone. */
async function retryEntry(
  args: LoadEntryErrorArgs,
  failedByError: Set<string>,
): Promise<RemoteEntryExports | undefined> {
  const { getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey } = args;
  const url = remoteInfo.entry;
  // No error event: the runtime gave up waiting (a timeout); otherwise ask the URL why.
  const first = failedByError.has(url)
    ? await classifyFailure(new Error(`remoteEntry ${url} failed`), url)
    : withFailureKind(new Error(`remoteEntry ${url} timed out`), 'timeout');
  if (failureKindOf(first) === 'not-found') throw first;
  await wait(RETRY_DELAY_MS);
  // The failed load is still registered under its key; forget it so the next try really fetches.
  delete globalLoading[uniqueKey];
  try {
    return (
      (await getRemoteEntry({ origin, remoteInfo, remoteEntryExports, getEntryUrl: retryUrl })) || undefined
    );
  } catch (error) {
    // After a timeout the origin is taken as down: no probe, which could wait on it once more.
    if (failureKindOf(first) === 'timeout') throw withFailureKind(error, 'timeout');
    throw await classifyFailure(error, url);
  }
}

/**
 * The exposed module's factory: its chunks get CHUNK_TIMEOUT_MS per try and one more try after a
 * failure. They load through the remote's own webpack runtime (its jsonp chunk loader), not this
 * plugin's createScript, so what the second try does depends on how the first one failed:
 * - an error event (connection refused, a 5xx): webpack forgets the chunk, and the second try
 *   appends a new script, a new request;
 * - silence: webpack keeps the chunk in flight for its own chunkLoadTimeout (120 s by default,
 *   not set in shared/build/webpack.mjs) and hands the second try the same pending promise. A
 *   silent chunk is one request, given up after about 10 s (two waits of 5 s), not two requests.
 * Setting chunkLoadTimeout to 5 s would not make that a second request in Chromium: webpack would
 * append a new script, but one for the same URL joins the request still in flight (measured for
 * remoteEntry.js, see RETRY_QUERY), and webpack builds chunk URLs itself, so there is no retry URL.
 */
function moduleFactory({ remoteEntryExports, expose }: GetModuleFactoryArgs) {
  // The runtime's type says `get` answers the factory; webpack's container answers a promise of it.
  const load = async () => await remoteEntryExports.get(expose);
  return oneRetry(() => within(load(), CHUNK_TIMEOUT_MS, `${expose} chunks`), undefined);
}

/** A fetch the runtime makes (manifests): a timeout per try, one retry unless it answered 4xx. */
async function fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
  return oneRetry(async () => {
    const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const response = await fetch(url, { ...init, signal });
    // Client errors (404: the version is not deployed) will not heal by retrying.
    if (response.ok || response.status < 500) return response;
    throw new Error(`${url} answered ${response.status}`);
  }, url);
}

/**
 * Bounded, single retries for everything the federation runtime loads: remoteEntry scripts
 * (5 s, SRI), the exposed module's chunks (5 s; a silent chunk's retry waits on the same request,
 * see moduleFactory) and fetches (5 s). A dead origin is given up after about 10 s instead of the
 * browser's 60 s, and a 404 at once.
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  const failedByError = new Set<string>();
  return {
    name: 'shop-retry-plugin',
    createScript: scriptFactory(failedByError),
    fetch: fetchWithTimeout,
    getModuleFactory: moduleFactory,
    loadEntryError(args) {
      // The hook's declared type wants a promise of a promise; an outer promise resolved with
      // the inner one satisfies it and flattens at runtime.
      return new Promise<Promise<RemoteEntryExports | undefined> | undefined>((resolve) =>
        resolve(retryEntry(args, failedByError)),
      );
    },
  };
}
