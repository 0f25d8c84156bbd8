import type { RegistryEntry, RemoteLocation } from '@shop/contract';
import { UNKNOWN_REMOTE_VERSION } from '@shop/contract/schemas/remoteValues';
import type { RemoteRegistry } from '@shop/shared';

/**
 * The remote registry a page gets (`window.__SHOP_REMOTES__`, or `/remotes.json`): per remote the
 * version to load, its channel, integrity and fallback (contract/src/schemas/remotes.ts).
 * Checked by hand, not by the contract's TypeBox schema: the validator would cost the shell's
 * first load more than these lines. One malformed entry is skipped with a console error; the
 * other remotes still load.
 */

declare global {
  interface Window {
    /** Inlined by the server into index.html, which saves a round trip at start-up. */
    __SHOP_REMOTES__?: unknown;
  }
}

/** Same rules as the contract's RemoteVersionName and Integrity. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;
const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/=]+$/;
const CHANNELS: readonly RegistryEntry['channel'][] = ['live', 'canary', 'built-in', 'override'];
export const DEFAULT_CHANNEL: RegistryEntry['channel'] = 'live';
/** How long start-up or a Retry waits for `/remotes.json`. */
export const REGISTRY_TIMEOUT_MS = 5_000;

type Fields = Record<string, unknown>;
const isChannel = (value: unknown): value is RegistryEntry['channel'] =>
  CHANNELS.some((known) => known === value);
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/**
 * The production federation runtime is built without manifest (snapshot) support, which saves
 * ~6 KB gzip and a request per remote: an mf-manifest.json entry loads the remoteEntry.js
 * published beside it.
 */
function entryUrl(entry: string): string {
  return entry.replace(/\/mf-manifest\.json$/, '/remoteEntry.js');
}

/** One location (the entry itself or its fallback), or the reason it is unusable. */
function parseLocation(spec: Fields): RemoteLocation | string {
  const { entry, version = UNKNOWN_REMOTE_VERSION, integrity } = spec;
  if (typeof entry !== 'string' || entry === '') return 'has no entry';
  if (typeof version !== 'string' || !VERSION.test(version))
    return `has an invalid version ${String(version)}`;
  if (integrity === undefined) return { entry: entryUrl(entry), version };
  if (typeof integrity !== 'string' || !INTEGRITY.test(integrity)) return 'has an invalid integrity';
  return { entry: entryUrl(entry), version, integrity };
}

function parseEntry(spec: unknown): RegistryEntry | string {
  if (!isObject(spec)) return 'is not an object';
  const location = parseLocation(spec);
  if (typeof location === 'string') return location;
  const channel = spec.channel ?? DEFAULT_CHANNEL;
  if (!isChannel(channel)) return `has an unknown channel ${String(channel)}`;
  const entry: RegistryEntry = { ...location, channel };
  if (spec.fallback === undefined) return entry;
  const fallback = isObject(spec.fallback) ? parseLocation(spec.fallback) : 'is not an object';
  if (typeof fallback === 'string') return `fallback ${fallback}`;
  return { ...entry, fallback };
}

/** Every well-formed remote of `value`; a malformed one is left out with a console error. */
export function parseRegistry(value: unknown): RemoteRegistry {
  if (!isObject(value)) throw new Error('remotes.json is not an object');
  const registry: RemoteRegistry = {};
  for (const [name, spec] of Object.entries(value)) {
    const entry = parseEntry(spec);
    if (typeof entry === 'string') console.error(`[shop] remotes.json: ${name} ${entry}; skipped`);
    else registry[name] = entry;
  }
  return registry;
}

/**
 * The registry inlined into the page, or `/remotes.json` when nothing is inlined or `fresh` asks
 * for the server's current one (Retry: a release may have happened since the page loaded).
 */
export async function readRegistry(
  fetchImpl: typeof fetch = fetch,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<RemoteRegistry> {
  if (!fresh && window.__SHOP_REMOTES__ !== undefined) return parseRegistry(window.__SHOP_REMOTES__);
  const response = await fetchImpl('/remotes.json', {
    cache: 'no-cache',
    signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return parseRegistry(await response.json());
}

/** Remotes whose entry is a developer's override (the shell shows a notice for each). */
export function overrides(registry: RemoteRegistry): { remote: string; entry: string }[] {
  return Object.entries(registry)
    .filter(([, entry]) => entry.channel === 'override')
    .map(([remote, { entry }]) => ({ remote, entry }));
}
