/**
 * The one lock order of every transaction that changes stock and a cart together (adding to a
 * cart, placing an order, merging a guest cart at sign-in): the products first, in id order, then
 * the cart. Two such transactions wait for each other; they never deadlock.
 */
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products } from '../db/schema';

/** A locked product: its stock, and whether it is archived (no longer sold: an order refuses it). */
export type StockRow = { id: number; title: string; stockQuantity: number; archived: boolean };

/**
 * A product came into a cart between reading its lines and locking it: its row is not locked,
 * and locking it now, after the cart, would break the lock order. The caller starts again
 * (modules/cart/checkout.ts placing, services/cartMerge.ts from a savepoint).
 */
export class CartChanged extends Error {
  constructor() {
    super('The cart gained a product while its order was being placed.');
    this.name = 'CartChanged';
  }
}

/** Locks the products in id order: every transaction that locks products and a cart starts here. */
export async function lockProducts(tx: Database, productIds: number[]): Promise<StockRow[]> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  return (
    tx
      .select({
        id: products.id,
        title: products.title,
        stockQuantity: products.stockQuantity,
        archived: sql<boolean>`${products.archivedAt} IS NOT NULL`,
      })
      .from(products)
      // One statement text whatever the number of ids (prepared once per connection).
      .where(sql`${products.id} = ANY(${`{${ids.join(',')}}`}::int[])`)
      .orderBy(asc(products.id))
      .for('update')
  );
}
