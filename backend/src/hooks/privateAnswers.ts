/**
 * Personal answers are never kept by a browser's cache, a proxy or a shared computer's back
 * button: `Cache-Control: no-store` on every API answer that may hold one person's data (profile,
 * orders, messages, addresses, cart, wishlist, notifications, a sign-in's token, the admin's
 * views). One rule for every route, so a new route is covered without anyone remembering it:
 *
 * - a request that carries a bearer token (any Authorization header) or a guest session token
 *   (`guest_session_token` in the body or the query): its answer may depend on who asks;
 * - any request under a personal path, even without a token (a sign-in's or a new guest cart's
 *   answer, a 401, `GET notifications`' empty list).
 *
 * Anonymous writes outside those paths (a page view, the contact form) answer nothing personal and
 * are left alone: browsers do not store POST answers anyway, and a no-store keepalive POST (the
 * page-view beacon) was never settled by Chrome under the service worker, so pages never went idle. *
 * Public catalogue GETs without a token keep whatever caching their route gives them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** First path segments (after /backend/api/) of the answers that are always someone's own. */
export const PERSONAL_PATHS: ReadonlySet<string> = new Set([
  'admin',
  'buyers',
  'buyers-log',
  'buyers-shipping-address',
  'buyer-orders',
  'buyer-messages',
  'order-messages',
  'notifications',
  'cart',
  'wishlist',
]);

export const NO_STORE = 'no-store';
const API_PATH = /^\/backend\/api\/([^/?#]*)/;

function carriesGuestToken(source: unknown): boolean {
  if (!source || typeof source !== 'object') return false;
  const token = (source as { guest_session_token?: unknown }).guest_session_token;
  return typeof token === 'string' && token !== '';
}

/** Whether the answer to this API request may hold one person's data (the rule above). */
export function isPersonalRequest(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  if (carriesGuestToken(request.query) || carriesGuestToken(request.body)) return true;
  // The route's own pattern when one matched (a percent-encoded address reads as its route).
  const segment = API_PATH.exec(request.routeOptions.url ?? request.url)?.[1] ?? '';
  return PERSONAL_PATHS.has(segment);
}

/** onSend hook of the API: personal answers, errors included, go out `no-store`. */
export async function markPersonalAnswers<Payload>(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: Payload,
): Promise<Payload> {
  if (isPersonalRequest(request) && !String(reply.getHeader('cache-control') ?? '').includes(NO_STORE)) {
    reply.header('cache-control', NO_STORE);
  }
  return payload;
}
