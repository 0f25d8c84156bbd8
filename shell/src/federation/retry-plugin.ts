import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];
type RemoteEntryExports = Extract<Awaited<ReturnType<LoadEntryErrorArgs['getRemoteEntry']>>, object>;

// Self-contained on purpose: runtime plugins run before shared modules are negotiated, so they
// must not import React, rxjs or @shop/shared.

export const RETRY_ATTEMPTS = 2;
export const RETRY_DELAY_MS = 400;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function retryEntry({
  getRemoteEntry,
  origin,
  remoteInfo,
  remoteEntryExports,
  uniqueKey,
  globalLoading,
}: LoadEntryErrorArgs): Promise<RemoteEntryExports | undefined> {
  for (let attempt = 1; attempt <= RETRY_ATTEMPTS; attempt++) {
    await wait(RETRY_DELAY_MS * attempt);
    // The failed load is still registered under its key; forget it so the next try really fetches.
    delete globalLoading[uniqueKey];
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (entry) return entry;
    } catch {
      // next attempt
    }
  }
  return undefined;
}

/** Retries a remote's manifest fetch and its remoteEntry script a few times before giving up. */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-retry-plugin',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= RETRY_ATTEMPTS; attempt++) {
        if (attempt > 0) await wait(RETRY_DELAY_MS * attempt);
        try {
          const response = await fetch(url, init);
          // Client errors (404: the version is not deployed) will not heal by retrying.
          if (response.ok || response.status < 500) return response;
          lastError = new Error(`${url} answered ${response.status}`);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
    loadEntryError(args) {
      // The hook's declared type wants a promise of a promise; an outer promise resolved with
      // the inner one satisfies it and flattens at runtime.
      return new Promise<Promise<RemoteEntryExports | undefined> | undefined>((resolve) =>
        resolve(retryEntry(args)),
      );
    },
  };
}
