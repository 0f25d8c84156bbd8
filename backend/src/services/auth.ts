/**
 * Bearer tokens: 32 random bytes (base64url) handed to the client once; only their sha256 is
 * stored, with an expiry. Sign-in endpoints come later and will call issueToken().
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authTokens, buyers, wishlistUsers } from '../db/schema';

export const TOKEN_BYTES = 32;
export const TOKEN_TTL_DAYS = 30;

export interface Buyer {
  id: number;
  type: 'Member' | 'Guest';
  email: string;
  firstName: string;
  lastName: string;
}

export const newOpaqueToken = () => randomBytes(TOKEN_BYTES).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A wishlist user's token (buyers/register-wishlist) is `wl.` + an opaque token. Members' tokens
 * are bare base64url, which never holds a '.', so the kind of a bearer token is known before any
 * lookup: one query per call, and neither kind can ever pass for the other. Stored as the sha256
 * of the whole text, like members' tokens. It has no expiry: a wishlist user has no password to
 * sign in again with, so this token is their only credential.
 */
export const WISHLIST_TOKEN_PREFIX = 'wl.';
export const newWishlistToken = () => `${WISHLIST_TOKEN_PREFIX}${newOpaqueToken()}`;
export const isWishlistToken = (token: string) => token.startsWith(WISHLIST_TOKEN_PREFIX);

/** The wishlist user a wishlist token belongs to, or null when it is unknown. */
export async function resolveWishlistUser(
  db: Database,
  token: string,
): Promise<{ id: number; email: string } | null> {
  if (!isWishlistToken(token)) return null;
  const [row] = await db
    .select({ id: wishlistUsers.id, email: wishlistUsers.email })
    .from(wishlistUsers)
    .where(eq(wishlistUsers.tokenHash, hashToken(token)));
  return row ?? null;
}

export async function issueToken(
  db: Database,
  buyerId: number,
  ttlMs = TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000,
): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insert(authTokens)
    .values({ buyerId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** The buyer a bearer token belongs to, or null when it is unknown or expired. */
export async function resolveBuyer(db: Database, token: string): Promise<Buyer | null> {
  const [row] = await db
    .select({
      id: buyers.id,
      type: buyers.type,
      email: buyers.email,
      firstName: buyers.firstName,
      lastName: buyers.lastName,
    })
    .from(authTokens)
    .innerJoin(buyers, eq(buyers.id, authTokens.buyerId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), gt(authTokens.expiresAt, new Date())));
  return row ?? null;
}
