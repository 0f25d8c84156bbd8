/**
 * Optional bearer authentication: a valid `Authorization: Bearer <token>` makes the request a
 * member's (request.buyer); no token means a guest. A token that is present but unknown or
 * expired is refused with 401 rather than silently treated as a guest, so the client learns its
 * session is over instead of showing the wrong cart.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { type Buyer, resolveBuyer } from '../services/auth';

declare module 'fastify' {
  interface FastifyRequest {
    buyer: Buyer | null;
  }
}

/** Clients send these for "no token" (spec: the packaging calls send the literal text 'null'). */
const NO_TOKEN = new Set(['', 'null', 'undefined']);

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.*)$/i.exec(header.trim());
  const token = match?.[1]?.trim() ?? '';
  return NO_TOKEN.has(token) ? null : token;
}

export function optionalAuth(db: Database): onRequestAsyncHookHandler {
  return async (request) => {
    request.buyer = null;
    const token = bearerTokenOf(request);
    if (token === null) return;
    const buyer = await resolveBuyer(db, token);
    if (!buyer) throw AppError.unauthorized('Your session has expired. Please sign in again.');
    request.buyer = buyer;
  };
}

/** Bearer required: no token, or an unknown or expired one, is 401. */
export function requireAuth(db: Database): onRequestAsyncHookHandler {
  return async (request) => {
    request.buyer = null;
    const token = bearerTokenOf(request);
    if (token === null) throw AppError.unauthorized('Please sign in.');
    const buyer = await resolveBuyer(db, token);
    if (!buyer) throw AppError.unauthorized('Your session has expired. Please sign in again.');
    request.buyer = buyer;
  };
}
