/**
 * Signing in (or registering) with a guest cart merges it into the member's cart, in the caller's
 * transaction, with both carts' rows locked. Nothing in either cart is lost:
 * - a guest line for the same goods as a member line (same product AND equal customization,
 *   packaging and whatever else a line carries) adds its quantity to that line;
 * - any other guest line moves over unchanged, as its own line;
 * - the emptied guest cart is deleted; the member's cart keeps its currency (a member without a
 *   cart simply takes over the guest cart, currency included).
 * A line the merge made (moved or summed) never exceeds the product's stock: it is cut to the
 * stock, or removed when the product is out of stock, and every cut is returned so the shopper
 * is told which product changed (the sign-in answer's cart_adjustments).
 */
import { isDeepStrictEqual } from 'node:util';
import type { CartAdjustment } from '@shop/shared/api-types';
import { asc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartItems, carts, products } from '../db/schema';
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
): Promise<CartAdjustment[]> {
  if (!guestToken) return [];
  const guestHash = hashToken(guestToken);
  // Both carts locked in one statement, in id order, so two merges cannot deadlock each other.
  const locked = await tx
    .select()
    .from(carts)
    .where(or(eq(carts.buyerId, buyerId), eq(carts.guestTokenHash, guestHash)))
    .orderBy(asc(carts.id))
    .for('update');
  const guest = locked.find((cart) => cart.guestTokenHash === guestHash);
  if (!guest) return []; // unknown or already merged token: nothing to do
  const member = locked.find((cart) => cart.buyerId === buyerId);
  const linesOf = (cartId: number) =>
    tx.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id)).for('update');
  if (!member) {
    await tx
      .update(carts)
      .set({ buyerId, guestTokenHash: null, updatedAt: sql`now()` })
      .where(eq(carts.id, guest.id));
    return capToStock(tx, await linesOf(guest.id));
  }
  const memberLines = await linesOf(member.id);
  const guestLines = await linesOf(guest.id);
  const merged: Line[] = [];
  for (const line of guestLines) {
    const match = memberLines.find((memberLine) => sameGoods(memberLine, line));
    if (match) {
      match.quantity += line.quantity;
      await tx.update(cartItems).set({ quantity: match.quantity }).where(eq(cartItems.id, match.id));
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      merged.push(match);
    } else {
      await tx.update(cartItems).set({ cartId: member.id }).where(eq(cartItems.id, line.id));
      const moved = { ...line, cartId: member.id };
      memberLines.push(moved);
      merged.push(moved);
    }
  }
  await tx.delete(carts).where(eq(carts.id, guest.id));
  await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, member.id));
  return capToStock(tx, merged);
}

/** Cuts each line to its product's stock (rows locked: stock cannot move underneath). */
async function capToStock(tx: Database, lines: readonly Line[]): Promise<CartAdjustment[]> {
  if (lines.length === 0) return [];
  const stock = await tx
    .select({ id: products.id, title: products.title, stockQuantity: products.stockQuantity })
    .from(products)
    .where(inArray(products.id, [...new Set(lines.map((line) => line.productId))]))
    .orderBy(asc(products.id))
    .for('update');
  const byId = new Map(stock.map((product) => [product.id, product]));
  const adjustments: CartAdjustment[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product || line.quantity <= product.stockQuantity) continue;
    const kept = Math.max(0, product.stockQuantity);
    if (kept === 0) await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    else await tx.update(cartItems).set({ quantity: kept }).where(eq(cartItems.id, line.id));
    adjustments.push({ product_id: product.id, title: product.title, requested: line.quantity, kept });
  }
  return adjustments;
}
