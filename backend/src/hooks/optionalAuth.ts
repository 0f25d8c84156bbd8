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

/** The buyer of the request's bearer token: no token, or an unknown or expired one, is 401. */
async function signedInBuyer(db: Database, request: FastifyRequest): Promise<Buyer> {
  request.buyer = null;
  const token = bearerTokenOf(request);
  if (token === null) throw AppError.unauthorized('Please sign in.');
  const buyer = await resolveBuyer(db, token);
  if (!buyer) throw AppError.unauthorized('Your session has expired. Please sign in again.');
  return buyer;
}

/**
 * Bearer required (401 without a live token); a member's or an express guest's token passes. Only
 * the calls a guest checkout makes (its own shipping addresses, sign-out) use this: the member
 * area uses requireMember.
 */
export function requireAuth(db: Database): onRequestAsyncHookHandler {
  return async (request) => {
    request.buyer = await signedInBuyer(db, request);
  };
}

export const MEMBERS_ONLY_CODE = 'MEMBERS_ONLY';
export const MEMBERS_ONLY_MESSAGE =
  'This is for members only: a guest checkout has no member area. Sign in, or sign up, to use it.';

/** 403 for a signed-in buyer who is not a Member (spec 001 §6: a Guest "Cannot use /member"). */
export function assertMember(buyer: Buyer): void {
  if (buyer.type !== 'Member') throw new AppError(403, MEMBERS_ONLY_CODE, MEMBERS_ONLY_MESSAGE);
}

/**
 * The member area's calls: 401 without a live token, as requireAuth, then 403 MEMBERS_ONLY for an
 * express or chat-checkout guest's token.
 */
export function requireMember(db: Database): onRequestAsyncHookHandler {
  return async (request) => {
    const buyer = await signedInBuyer(db, request);
    assertMember(buyer);
    request.buyer = buyer;
  };
}
