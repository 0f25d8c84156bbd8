/**
 * Idempotency-Key of order placement. The key's row is inserted inside the transaction that places
 * the order and gets the answer before that transaction commits, so:
 * - a repeat after the first committed finds the row and answers the stored answer;
 * - a repeat while the first is still running waits on the primary key (PostgreSQL makes a
 *   conflicting INSERT wait for the other transaction), then finds the committed row;
 * - a first placement that fails rolls back its row too, so a repeat simply tries again.
 * Keys are scoped to who asks ('buyer:<id>', or 'guest-cart:<sha256 of the guest session token>'
 * for a shopper not signed in), so one buyer's key never answers another's request. Rows older
 * than a day are pruned per scope when that scope claims a key, and count as absent.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';

export const IDEMPOTENCY_TTL_HOURS = 24;

export interface IdempotencyClaim {
  scope: string;
  key: string;
  endpoint: string;
}

/**
 * Claims the key for this transaction: null when this request is the first (it must then
 * `storeAnswer` before committing), or the stored answer of the placement that came first.
 * The same key used for another endpoint is 422.
 */
export async function claimKey(tx: Database, claim: IdempotencyClaim): Promise<{ answer: unknown } | null> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, claim.scope),
        lt(idempotencyKeys.createdAt, sql`now() - ${sql.raw(`interval '${IDEMPOTENCY_TTL_HOURS} hours'`)}`),
      ),
    );
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope: claim.scope, key: claim.key, endpoint: claim.endpoint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return null;
  const [first] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
  if (first && first.endpoint !== claim.endpoint) {
    throw AppError.unprocessable(
      'IDEMPOTENCY_KEY_REUSED',
      `This Idempotency-Key was used for ${first.endpoint}: use a new key for another request.`,
      { 'idempotency-key': 'was used for another request' },
    );
  }
  // Committed rows always hold their answer (it is written before the commit).
  if (!first || first.response === null) {
    throw AppError.conflict('IDEMPOTENCY_KEY_BUSY', 'This order is still being placed. Please try again.');
  }
  return { answer: first.response };
}

/** The first placement's answer, written in its own transaction before it commits. */
export async function storeAnswer(tx: Database, claim: IdempotencyClaim, answer: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response: answer })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
}
