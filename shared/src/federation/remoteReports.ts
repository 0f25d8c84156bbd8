import type { RemoteFailureKind } from '@shop/contract';
import { UNKNOWN_REMOTE_VERSION } from '@shop/contract/schemas/remoteValues';
import { API_BASE_URL } from '../api/client';

/**
 * What this page tells the server about remote versions (issue 18): each failure, and each
 * version's first successful mount, feed the canary's failure rate and the operators' status.
 * Sent at most once per remote, version (and kind) per page, so a page full of fragments of one
 * broken remote counts as one failure, not ten.
 */

export const REMOTE_ERRORS_URL = `${API_BASE_URL}/remote-errors`;
export const REMOTE_LOADS_URL = `${API_BASE_URL}/remote-loads`;

const sent = new Set<string>();

/**
 * sendBeacon survives the page being left (a shopper who gives up on a dead remote); where it is
 * missing or refuses the body, a keepalive fetch does the same.
 */
function send(url: string, body: Record<string, string>): void {
  const json = JSON.stringify(body);
  if (navigator.sendBeacon?.(url, new Blob([json], { type: 'application/json' }))) return;
  if (typeof fetch !== 'function') return;
  fetch(url, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: json,
  }).catch((error: unknown) => {
    // A lost report costs a statistic, not the shopper's page: the console keeps the trace.
    console.warn('[shop] remote report not sent', error);
  });
}

function once(key: string, send: () => void): void {
  if (sent.has(key)) return;
  sent.add(key);
  send();
}

/** `POST remote-errors`: a version failed here (not-found, script-error, timeout, mount, refused). */
export function reportRemoteFailure(
  remote: string,
  version: string | undefined,
  kind: RemoteFailureKind,
): void {
  const named = version ?? UNKNOWN_REMOTE_VERSION;
  once(`error ${remote} ${named} ${kind}`, () =>
    send(REMOTE_ERRORS_URL, { remote, version: named, kind, route: window.location.pathname }),
  );
}

/** `POST remote-loads`: a version mounted here for the first time. */
export function reportRemoteLoad(remote: string, version: string | undefined): void {
  const named = version ?? UNKNOWN_REMOTE_VERSION;
  once(`load ${remote} ${named}`, () => send(REMOTE_LOADS_URL, { remote, version: named }));
}
