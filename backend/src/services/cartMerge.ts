/**
 * Signing in (or registering) with a guest cart merges it into the member's cart, in the caller's
 * transaction, with both carts' products, rows and lines locked (products first, as placing an
 * order locks them). Nothing in either cart is lost:
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
import type { CartAdjustment } from '@shop/contract';
import { asc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartItems, carts } from '../db/schema';
import { AppError } from '../errors';
import { hashToken } from './auth';
import { CartChanged, lockProducts, type StockRow } from './productLocks';

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

/** Attempts before a cart that keeps gaining products during the merge answers 409 CART_BUSY. */
const MERGE_ATTEMPTS = 3;

/**
 * Locks are taken in the order placing an order takes them (services/orders.ts): the products of
 * both carts first, in id order, then the carts, then their lines. A merge and a placement of the
 * member's cart therefore wait for each other instead of deadlocking. The lines are read once
 * unlocked to know the products; a product that came into either cart before the carts were
 * locked rolls the attempt back to its savepoint (releasing its locks) and the merge starts again.
 */
export async function mergeGuestCart(
  tx: Database,
  buyerId: number,
  guestToken: string | null | undefined,
): Promise<CartAdjustment[]> {
  if (!guestToken) return [];
  const guestHash = hashToken(guestToken);
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction((attemptTx) => mergeOnce(attemptTx, buyerId, guestHash));
    } catch (error) {
      if (!(error instanceof CartChanged)) throw error;
      if (attempt >= MERGE_ATTEMPTS) {
        throw AppError.conflict(
          'CART_BUSY',
          'Your cart kept changing while you signed in. Please try again.',
        );
      }
    }
  }
}

async function mergeOnce(tx: Database, buyerId: number, guestHash: string): Promise<CartAdjustment[]> {
  const bothCarts = or(eq(carts.buyerId, buyerId), eq(carts.guestTokenHash, guestHash));
  const seen = await tx
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(bothCarts);
  const stock = await lockProducts(
    tx,
    seen.map((line) => line.productId),
  );
  // Both carts locked in one statement, in id order, so two merges cannot deadlock each other.
  const locked = await tx.select().from(carts).where(bothCarts).orderBy(asc(carts.id)).for('update');
  const guest = locked.find((cart) => cart.guestTokenHash === guestHash);
  if (!guest) return []; // unknown or already merged token: nothing to do
  const member = locked.find((cart) => cart.buyerId === buyerId);
  const linesOf = (cartId: number) =>
    tx.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id)).for('update');
  const memberLines = member ? await linesOf(member.id) : [];
  const guestLines = await linesOf(guest.id);
  const lockedProducts = new Set(stock.map((product) => product.id));
  if ([...memberLines, ...guestLines].some((line) => !lockedProducts.has(line.productId))) {
    throw new CartChanged();
  }
  if (!member) {
    await tx
      .update(carts)
      .set({ buyerId, guestTokenHash: null, updatedAt: sql`now()` })
      .where(eq(carts.id, guest.id));
    return capToStock(tx, guestLines, stock);
  }
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
  return capToStock(tx, merged, stock);
}

/** Cuts each line to its product's stock (the product rows are locked: stock cannot move). */
async function capToStock(
  tx: Database,
  lines: readonly Line[],
  stock: readonly StockRow[],
): Promise<CartAdjustment[]> {
  if (lines.length === 0) return [];
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
