/**
 * Bearer tokens: 32 random bytes (base64url) handed to the client once; only their sha256 is
 * stored, with an expiry. Sign-in endpoints come later and will call issueToken().
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authTokens, buyers } from '../db/schema';

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
