import { getInstance } from '@module-federation/enhanced/runtime';

/** `/remotes.json`: which URL each remote is loaded from. Operators roll a remote by editing it. */
export type RemoteRegistry = Record<string, { entry: string }>;

export const REMOTE_NAMES = ['catalog', 'cart_checkout', 'member', 'auth'] as const;

declare global {
  interface Window {
    /** Inlined by the server into index.html, which saves a round trip at start-up. */
    __SHOP_REMOTES__?: unknown;
  }
}

export function parseRegistry(value: unknown): RemoteRegistry {
  if (typeof value !== 'object' || value === null) throw new Error('remotes.json is not an object');
  const registry: RemoteRegistry = {};
  for (const [name, spec] of Object.entries(value)) {
    const entry = (spec as { entry?: unknown } | null)?.entry;
    if (typeof entry !== 'string' || entry === '') throw new Error(`remotes.json: ${name} has no entry`);
    // The production federation runtime is built without manifest (snapshot) support, which
    // saves ~6 KB gzip and a request per remote: an mf-manifest.json entry loads the
    // remoteEntry.js published beside it.
    registry[name] = { entry: entry.replace(/\/mf-manifest\.json$/, '/remoteEntry.js') };
  }
  return registry;
}

export async function readRegistry(fetchImpl: typeof fetch = fetch): Promise<RemoteRegistry> {
  if (window.__SHOP_REMOTES__ !== undefined) return parseRegistry(window.__SHOP_REMOTES__);
  const response = await fetchImpl('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return parseRegistry(await response.json());
}

/** Registers every remote with the federation runtime of this page (never a second instance). */
export function registerRegistry(registry: RemoteRegistry): void {
  const federation = getInstance();
  if (!federation) throw new Error('Module Federation runtime is not initialised');
  federation.registerRemotes(
    Object.entries(registry).map(([name, { entry }]) => ({ name, entry })),
    { force: true },
  );
}
