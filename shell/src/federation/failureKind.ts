import type { RemoteFailureKind } from '@shop/contract';
import { PROBE_TIMEOUT_MS } from './loadLimits';

/**
 * How a remote failed to load, in the words of the server's `remote-errors` report. The runtime
 * plugins classify a failure once and carry the answer on the error, so the fallback plugin and
 * RemoteSlot report the same kind. Self-contained (runs before sharing is negotiated).
 */
export type LoadFailureKind = Extract<RemoteFailureKind, 'not-found' | 'script-error' | 'timeout'>;

const KIND_PROPERTY = 'remoteFailureKind';

/** Marks an error with its kind (the first classification wins: it saw the real cause). */
export function withFailureKind(error: unknown, kind: LoadFailureKind): Error {
  const marked = error instanceof Error ? error : new Error(String(error));
  if (!(KIND_PROPERTY in marked)) Object.assign(marked, { [KIND_PROPERTY]: kind });
  return marked;
}

/**
 * A timeout: of the runtime's script loader ("timed out"), of webpack's chunk loader (its
 * ChunkLoadError's type) or of an AbortSignal.timeout (a DOMException named TimeoutError).
 */
function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.message.includes('timed out') ||
    error.name === 'TimeoutError' ||
    ('type' in error && error.type === 'timeout')
  );
}

/** The kind carried by a classified error; an unclassified one is a timeout or a script error. */
export function failureKindOf(error: unknown): LoadFailureKind {
  if (error instanceof Error && KIND_PROPERTY in error) {
    const kind = error[KIND_PROPERTY];
    if (kind === 'not-found' || kind === 'timeout' || kind === 'script-error') return kind;
  }
  return isTimeout(error) ? 'timeout' : 'script-error';
}

/**
 * The status a URL answers now, or undefined when it cannot be read (network error, CORS, slow).
 * A script's error event does not say why it failed; this one request, made only after a
 * failure, tells a 404 (the version is gone: retrying is pointless) from an origin that is down.
 */
export async function probeStatus(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.status;
  } catch {
    // Unreadable: the caller treats it as a script error that may heal.
    return undefined;
  }
}

/** The URL webpack's ChunkLoadError names, when it names one. */
function chunkUrl(error: unknown): string | undefined {
  if (error instanceof Error && 'request' in error && typeof error.request === 'string') return error.request;
  return undefined;
}

/** Classifies a failed load of `url` (or of the chunk the error names) and marks the error. */
export async function classifyFailure(error: unknown, url?: string): Promise<Error> {
  const known = error instanceof Error && KIND_PROPERTY in error;
  if (known || isTimeout(error)) return withFailureKind(error, failureKindOf(error));
  const target = chunkUrl(error) ?? url;
  const status = target === undefined ? undefined : await probeStatus(target);
  return withFailureKind(error, status === 404 || status === 410 ? 'not-found' : 'script-error');
}
