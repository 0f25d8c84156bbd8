/**
 * Signing in (or registering) with a guest cart merges it into the member's cart, in the caller's
 * transaction, with both carts' rows locked. Nothing in either cart is lost:
 * - a guest line for the same goods as a member line (same product AND equal customization,
 *   packaging and whatever else a line carries) adds its quantity to that line;
 * - any other guest line moves over unchanged, as its own line;
 * - the emptied guest cart is deleted; the member's cart keeps its currency (a member without a
 *   cart simply takes over the guest cart, currency included).
 * Summed quantities are NOT capped at the stock: dropping pieces the shopper chose would lose
 * them silently; checkout re-checks the stock and says what is short.
 */
import { isDeepStrictEqual } from 'node:util';
import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartItems, carts } from '../db/schema';
import { hashToken } from './auth';

type Line = typeof cartItems.$inferSelect;

/** Columns that say nothing about what the line is (who, how many, when). */
const BOOKKEEPING = new Set<string>(['id', 'cartId', 'quantity', 'createdAt']);
/**
 * Every other column identifies the goods: today productId; customization and packaging columns
 * join this list by themselves when they are added to cart_items.
 */
const IDENTITY_COLUMNS = (Object.keys(getTableColumns(cartItems)) as (keyof Line)[]).filter(
  (key) => !BOOKKEEPING.has(key),
);

export const sameGoods = (a: Line, b: Line) =>
  IDENTITY_COLUMNS.every((key) => isDeepStrictEqual(a[key], b[key]));

export async function mergeGuestCart(
  tx: Database,
  buyerId: number,
  guestToken: string | null | undefined,
): Promise<void> {
  if (!guestToken) return;
  const guestHash = hashToken(guestToken);
  // Both carts locked in one statement, in id order, so two merges cannot deadlock each other.
  const locked = await tx
    .select()
    .from(carts)
    .where(or(eq(carts.buyerId, buyerId), eq(carts.guestTokenHash, guestHash)))
    .orderBy(asc(carts.id))
    .for('update');
  const guest = locked.find((cart) => cart.guestTokenHash === guestHash);
  if (!guest) return; // unknown or already merged token: nothing to do
  const member = locked.find((cart) => cart.buyerId === buyerId);
  if (!member) {
    await tx
      .update(carts)
      .set({ buyerId, guestTokenHash: null, updatedAt: sql`now()` })
      .where(eq(carts.id, guest.id));
    return;
  }
  const linesOf = (cartId: number) =>
    tx.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id)).for('update');
  const memberLines = await linesOf(member.id);
  const guestLines = await linesOf(guest.id);
  for (const line of guestLines) {
    const match = memberLines.find((memberLine) => sameGoods(memberLine, line));
    if (match) {
      match.quantity += line.quantity;
      await tx.update(cartItems).set({ quantity: match.quantity }).where(eq(cartItems.id, match.id));
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    } else {
      await tx.update(cartItems).set({ cartId: member.id }).where(eq(cartItems.id, line.id));
      memberLines.push({ ...line, cartId: member.id });
    }
  }
  await tx.delete(carts).where(eq(carts.id, guest.id));
  await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, member.id));
}
