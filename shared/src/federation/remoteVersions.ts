import { getInstance } from '@module-federation/enhanced/runtime';
import type { RegistryEntry, RemoteFailureKind, RemoteLocation } from '@shop/contract';

/**
 * Which version of each remote this page loads, in one place: the shell seeds it from the
 * registry, RemoteSlot reads it, falls back once from a failing version, and re-reads the
 * registry on Retry. @shop/shared is a Module Federation singleton, so the shell and every remote
 * see the same state. Registering with the federation runtime happens only here.
 */

/** The registry as the shell parsed it: per remote name, the version to load and its fallback. */
export type RemoteRegistry = Record<string, RegistryEntry>;

interface RemoteState {
  /** The registry's entry for this remote (channel, fallback). */
  readonly registered: RegistryEntry;
  /** What the runtime loads now: the registry's version, or its fallback after a failure. */
  readonly current: RemoteLocation;
  readonly fellBack: boolean;
}

const remotes = new Map<string, RemoteState>();
const listeners = new Set<() => void>();
let rereadRegistry: (() => Promise<RemoteRegistry>) | undefined;

declare global {
  interface Window {
    /** Subresource integrity per absolute remoteEntry.js URL, read by the shell's retry plugin. */
    __SHOP_REMOTE_INTEGRITY__?: Record<string, string>;
  }
}

/**
 * Points the federation runtime at `location` for `name`. Forcing the registration drops the
 * runtime's caches of the previous entry (its container global, its module cache). The chunk
 * array a remote's webpack runtime shares through `self.webpackChunk<name>` (uniqueName = the
 * federation name, shared/build/webpack.mjs) is dropped too: another version's runtime would
 * otherwise adopt the chunks the failed version left there, same ids, other code.
 */
function register(name: string, location: RemoteLocation): void {
  const federation = getInstance();
  if (!federation) throw new Error('Module Federation runtime is not initialised');
  const url = new URL(location.entry, window.location.href).href;
  const integrity = window.__SHOP_REMOTE_INTEGRITY__ ?? {};
  window.__SHOP_REMOTE_INTEGRITY__ = integrity;
  if (location.integrity) integrity[url] = location.integrity;
  else delete integrity[url];
  Reflect.deleteProperty(window, `webpackChunk${name}`);
  federation.registerRemotes([{ name, entry: location.entry }], { force: true });
}

function notify(): void {
  for (const listener of listeners) listener();
}

function locationOf({ entry, version, integrity }: RemoteLocation): RemoteLocation {
  return integrity ? { entry, version, integrity } : { entry, version };
}

/** The shell, at start: every remote of the registry, and how to read the registry again. */
export function seedRemoteVersions(registry: RemoteRegistry, reread?: () => Promise<RemoteRegistry>): void {
  rereadRegistry = reread;
  for (const [name, registered] of Object.entries(registry)) {
    const current = locationOf(registered);
    remotes.set(name, { registered, current, fellBack: false });
    register(name, current);
  }
  notify();
}

/** Where `remote` is loaded from now (undefined: not in the registry). Stable until it changes. */
export function remoteLocation(remote: string): RemoteLocation | undefined {
  return remotes.get(remote)?.current;
}

/** For useSyncExternalStore: called whenever a remote's location changes. */
export function subscribeRemoteVersions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function sameOrigin(a: string, b: string): boolean {
  const base = window.location.href;
  return new URL(a, base).origin === new URL(b, base).origin;
}

/**
 * Whether loading `remote` again makes sense after the version at `failedEntry` failed: another
 * slot already moved it on, or its fallback is still unused. A timeout is not followed by a
 * fallback on the same origin: that origin just spent 10 s not answering, another 10 s would
 * keep the shopper waiting past the 12 s the issue allows.
 */
export function canFallBack(
  remote: string,
  failedEntry: string | undefined,
  kind: RemoteFailureKind,
): boolean {
  const state = remotes.get(remote);
  if (!state || failedEntry === undefined) return false;
  if (state.current.entry !== failedEntry) return true;
  const fallback = state.registered.fallback;
  if (state.fellBack || !fallback) return false;
  return !(kind === 'timeout' && sameOrigin(fallback.entry, failedEntry));
}

/**
 * Replaces the failed version by the registry's fallback, once per remote and page, without a
 * reload. Answers whether the caller should load again (see canFallBack).
 */
export function fallBack(remote: string, failedEntry: string | undefined, kind: RemoteFailureKind): boolean {
  if (!canFallBack(remote, failedEntry, kind)) return false;
  const state = remotes.get(remote);
  const fallback = state?.registered.fallback;
  if (!state || state.current.entry !== failedEntry || !fallback) return true;
  const current = locationOf(fallback);
  console.error(
    `[shop] remote ${remote} ${state.current.version} failed (${kind}); loading ${current.version}`,
  );
  remotes.set(remote, { ...state, current, fellBack: true });
  register(remote, current);
  notify();
  return true;
}

/**
 * Retry on a fallback panel: reads the registry again (a release or rollback may have happened
 * since the page loaded) and registers the remote afresh, so the next load really fetches. When
 * the registry cannot be read, the version already known is registered again.
 */
export async function refreshRemote(remote: string): Promise<void> {
  let registered = remotes.get(remote)?.registered;
  try {
    const fresh = rereadRegistry ? (await rereadRegistry())[remote] : undefined;
    if (fresh) registered = fresh;
  } catch (error) {
    console.error(`[shop] remote registry could not be read again for ${remote}`, error);
  }
  if (!registered) return;
  const current = locationOf(registered);
  remotes.set(remote, { registered, current, fellBack: false });
  register(remote, current);
  notify();
}
