/**
 * A product's stock outside an order (issue 22): an admin sets or moves it with a reason, every
 * change goes to the stock log (product_stock_log, migration 0031: an admin's, a CSV import's,
 * an order placed or canceled), and a product coming back in stock (0 → more) mails its notify-me
 * requests. Those mails are queued in the transaction of the change (services/mailQueue.ts), and
 * each request is deleted as its mail is queued: mailed once, whoever brings the stock back.
 */
import {
  STOCK_LOG_PER_PAGE,
  STOCK_MESSAGES,
  type StockChange,
  type StockChangeBody,
  type StockLogPage,
} from '@shop/contract/schemas/adminStock';
import { INT4_MAX } from '@shop/contract/schemas/common';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { notifyRequests, productStockLog, products, type STOCK_LOG_SOURCES } from '../db/schema';
import { AppError } from '../errors';
import { escapeHtml } from './buyers';
import { type MailMessage, queueMails } from './mailQueue';
import { pageMeta } from './memberOrders';

export type StockSource = (typeof STOCK_LOG_SOURCES)[number];

/** Who changed the stock: an admin (the e-mail is kept when the admin row goes). */
export interface StockActor {
  id: number | null;
  email: string;
}

/** The new stock a change asks for, or the refusal (400 for the input, 409 below zero). */
export function stockAfter(before: number, change: Pick<StockChangeBody, 'quantity' | 'delta'>): number {
  const { quantity, delta } = change;
  if ((quantity === undefined) === (delta === undefined)) {
    throw AppError.badRequest(STOCK_MESSAGES.oneOf, { quantity: STOCK_MESSAGES.oneOf });
  }
  const after = quantity ?? before + (delta ?? 0);
  if (after < 0)
    throw AppError.conflict('STOCK_BELOW_ZERO', STOCK_MESSAGES.negative, { delta: STOCK_MESSAGES.negative });
  if (after > INT4_MAX)
    throw AppError.badRequest(STOCK_MESSAGES.tooLarge, { delta: STOCK_MESSAGES.tooLarge });
  return after;
}

/** The reason, trimmed: a blank one is no reason (400). */
export function stockReason(reason: string): string {
  const kept = reason.trim();
  if (!kept) throw AppError.badRequest(STOCK_MESSAGES.reason, { reason: STOCK_MESSAGES.reason });
  return kept;
}

/**
 * Sets or moves one product's stock in `tx`, with its log row, and mails the notify-me requests
 * when it comes back in stock. The product row is locked first (alone: the lock order of
 * productLocks.ts holds), so two adjustments at once add up instead of one losing the other.
 */
export async function changeStock(
  tx: Database,
  productId: number,
  change: StockChangeBody,
  actor: StockActor,
): Promise<StockChange> {
  const reason = stockReason(change.reason);
  const [row] = await tx
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!row) throw AppError.notFound(STOCK_MESSAGES.notFound);
  const before = row.stock;
  const after = stockAfter(before, change);
  await tx.update(products).set({ stockQuantity: after }).where(eq(products.id, productId));
  await tx.insert(productStockLog).values({
    productId,
    source: 'admin',
    stockBefore: before,
    stockAfter: after,
    reason,
    adminId: actor.id,
    adminEmail: actor.email,
  });
  const notified = before <= 0 && after > 0 ? await mailBackInStock(tx, [productId]) : 0;
  return { product_id: productId, before, after, notified };
}

/** The mail of one notify-me request whose product is back. */
export function backInStockMail(to: string, product: { title: string; slug: string }): MailMessage {
  const lines = [
    'Hello,',
    '',
    `Good news: "${product.title}" is back in stock.`,
    '',
    `See it on the shop: /product/${product.slug}`,
    '',
    'You asked us to tell you once. We will not write about it again.',
  ];
  return {
    to,
    subject: `${product.title} is back in stock`,
    text: lines.join('\n'),
    html: lines.map((line) => (line === '' ? '<br>' : `<p>${escapeHtml(line)}</p>`)).join('\n'),
  };
}

/**
 * Queues the notify-me mails of those products that are in stock now, in `tx`, and deletes the
 * requests in the same statement: a request is mailed once. Concurrent callers wait on the
 * requests' row locks; the second finds them gone. Answers how many mails were queued.
 */
export async function mailBackInStock(tx: Database, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const rows = rowsOf<{ email: string; title: string; slug: string }>(
    await tx.execute(sql`
      DELETE FROM notify_requests AS n USING products AS p
      WHERE n.product_id = p.id AND p.id = ANY(${`{${productIds.join(',')}}`}::int[]) AND p.stock_quantity > 0
      RETURNING n.email, p.title, p.slug`),
  );
  await queueMails(
    tx,
    rows.map((row) => backInStockMail(row.email, row)),
  );
  return rows.length;
}

/** One product's stock and its log, the latest change first. */
export async function stockLogPage(db: Database, productId: number, page: number): Promise<StockLogPage> {
  const [product] = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      stock_quantity: products.stockQuantity,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw AppError.notFound(STOCK_MESSAGES.notFound);
  const where = eq(productStockLog.productId, productId);
  const [rows, [total], [waiting]] = await Promise.all([
    db
      .select()
      .from(productStockLog)
      .where(where)
      // By id, not time: a row's time is its transaction's start, and a change that waited for the
      // product's lock started before the one it waited for; ids are taken under the lock.
      .orderBy(desc(productStockLog.id))
      .limit(STOCK_LOG_PER_PAGE)
      .offset((page - 1) * STOCK_LOG_PER_PAGE),
    db.select({ n: count() }).from(productStockLog).where(where),
    db.select({ n: count() }).from(notifyRequests).where(eq(notifyRequests.productId, productId)),
  ]);
  return {
    product: { ...product, waiting: waiting?.n ?? 0 },
    items: rows.map((row) => ({
      id: row.id,
      source: row.source,
      before: row.stockBefore,
      after: row.stockAfter,
      reason: row.reason,
      admin_email: row.adminEmail,
      created_at: row.createdAt.toISOString(),
    })),
    _meta: pageMeta(total?.n ?? 0, page, STOCK_LOG_PER_PAGE),
  };
}
