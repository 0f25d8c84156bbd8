/**
 * Admin endpoints: an admin's bearer token only. No token, or an unknown or expired admin token:
 * 401. A buyer's (or wishlist user's) token: 403, decided by its form before any lookup, so a
 * buyer token is never even looked up among admin tokens. With `role` 'owner', a staff admin's
 * token is 403 (issue 21: staff cannot manage admins or remote releases).
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { type Admin, type AdminRole, isAdminToken, resolveAdmin } from '../services/admins';
import { bearerTokenOf } from './optionalAuth';

declare module 'fastify' {
  interface FastifyRequest {
    admin: Admin | null;
  }
}

export function requireAdmin(db: Database, role?: AdminRole): onRequestAsyncHookHandler {
  return async (request) => {
    request.admin = null;
    const token = bearerTokenOf(request);
    if (token === null) throw AppError.unauthorized('Admins only: please sign in as an admin.');
    if (!isAdminToken(token)) throw AppError.forbidden('Admins only.');
    const admin = await resolveAdmin(db, token);
    if (!admin) throw AppError.unauthorized('Your admin session has expired. Please sign in again.');
    // Known before the role is checked: a refused staff admin is named in the audit log.
    request.admin = admin;
    if (role === 'owner' && admin.role !== 'owner') throw AppError.forbidden('Owners only.');
  };
}
