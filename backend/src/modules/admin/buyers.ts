/**
 * The back office's buyer search (GET admin/buyers): whom a thread or a notification can go to.
 * Members only: a guest has no account to read a thread in (POST admin/messages refuses them), so
 * a guest is never offered. Each member comes with their newest orders, for an order thread.
 */
import type { AdminBuyerPage, AdminBuyerQuery } from '@shop/contract/schemas/backOffice';
import { ADMIN_BUYER_ORDERS } from '@shop/contract/schemas/backOffice';
import { EMAIL_ADDRESS } from '@shop/contract/validation';
import { and, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyers, orders } from '../../db/schema';
import { pageMeta } from '../../services/memberOrders';
import { ORDER_NUMBER_PATTERN } from '../../services/orders';
import { containing } from './listFilters';
import { BUYER_NAME } from './orders';

export const ADMIN_BUYERS_PER_PAGE = 20;

/**
 * `q` as the order queue reads it (orders.ts, queueSearch), on the members table: an order number
 * finds the member who placed it (`=` on its unique number), an e-mail is matched with `=` on
 * lower(e-mail) (buyers_email_lookup), anything else as a part of the e-mail or the name (ILIKE on
 * buyers_email_trgm and buyers_name_trgm, 0024 and 0026).
 */
export function buyerSearch(search: string): SQL {
  const number = search.toUpperCase();
  if (ORDER_NUMBER_PATTERN.test(number)) {
    return sql`${buyers.id} IN (SELECT ${orders.buyerId} FROM ${orders} WHERE ${orders.orderNumber} = ${number})`;
  }
  if (EMAIL_ADDRESS.test(search)) return sql`lower(${buyers.email}) = ${search.toLowerCase()}`;
  const like = containing(search);
  return sql`(${buyers.email} ILIKE ${like} OR ${BUYER_NAME} ILIKE ${like})`;
}

/** The members `q` finds (every member without one), newest first, with their newest orders. */
export async function findBuyers(db: Database, query: AdminBuyerQuery): Promise<AdminBuyerPage> {
  const page = query.page ?? 1;
  const search = query.q?.trim();
  const where = and(eq(buyers.type, 'Member'), ...(search ? [buyerSearch(search)] : []));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: buyers.id, email: buyers.email, firstName: buyers.firstName, lastName: buyers.lastName })
      .from(buyers)
      .where(where)
      .orderBy(desc(buyers.id))
      .limit(ADMIN_BUYERS_PER_PAGE)
      .offset((page - 1) * ADMIN_BUYERS_PER_PAGE),
    db.select({ n: count() }).from(buyers).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  // Each member's newest orders: one query for the page (orders_buyer_id), numbered per member.
  const numbered = db
    .select({
      id: orders.id,
      number: orders.orderNumber,
      buyerId: orders.buyerId,
      rank: sql<number>`row_number() OVER (PARTITION BY ${orders.buyerId} ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC)`.as(
        'rank',
      ),
    })
    .from(orders)
    .where(inArray(orders.buyerId, ids.length > 0 ? ids : [0]))
    .as('numbered');
  const newestOrders =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(numbered)
          .where(lte(numbered.rank, ADMIN_BUYER_ORDERS))
          .orderBy(numbered.buyerId, numbered.rank);
  const newest = new Map<number, { id: number; order_id: string }[]>();
  for (const order of newestOrders) {
    const list = newest.get(order.buyerId) ?? [];
    list.push({ id: order.id, order_id: order.number });
    newest.set(order.buyerId, list);
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      orders: newest.get(row.id) ?? [],
    })),
    _meta: pageMeta(total?.n ?? 0, page, ADMIN_BUYERS_PER_PAGE),
  };
}
