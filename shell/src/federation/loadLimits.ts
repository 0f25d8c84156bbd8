/**
 * How long the browser waits for a remote, and how often it tries again (issue 18). A dead
 * origin must end in the fallback version or the fallback panel within about 12 s:
 * SCRIPT_TIMEOUT_MS + RETRY_DELAY_MS + SCRIPT_TIMEOUT_MS = 10.3 s, before the fallback version.
 * Self-contained: read by the runtime plugins, which run before sharing is negotiated.
 */

/** A remoteEntry.js that has not loaded by then counts as timed out (the runtime's default is 20 s). */
export const SCRIPT_TIMEOUT_MS = 5_000;
/** A chunk of an exposed module (webpack's own chunk timeout in the remote is 120 s). */
export const CHUNK_TIMEOUT_MS = 5_000;
/** A manifest or other fetch the runtime makes. */
export const FETCH_TIMEOUT_MS = 5_000;
/** The HEAD request that tells a 404 (not retried) from a network error after a script failed. */
export const PROBE_TIMEOUT_MS = 2_000;
/** One retry after a failure that may heal (timeout, network error, 5xx); never after a 404. */
export const RETRIES = 1;
export const RETRY_DELAY_MS = 300;
