/**
 * What the spec leaves to an admin about orders (architecture: admin API and CLI): list and read
 * every buyer's orders, move an order through its statuses, mark the payment received, confirm or
 * reject a proof of payment. Every change runs in one transaction that locks the order row and
 * writes the order's log, the buyer's activity and a notification for the buyer; a Cancel puts
 * the stock back. Lock order: the order, then its products in id order (placing an order locks
 * products then the cart and never an order, so the two cannot deadlock).
 *
 * The back office (issue 21): the queue searches and filters, puts orders with a proof awaiting a
 * decision first and marks each order new until the calling admin opens it (marks are per admin:
 * two people working the queue each see what they have not looked at). A transfer order (Money
 * Exchange or Bank Transfer) goes to Dispatch only once its payment is Received, unless an owner
 * gives a written reason (kept in the order's log and the audit log). The buyer gets a mail and a
 * notification when the order is dispatched, delivered or canceled.
 */
import type { AdminOrderPage, OrderDetail, OrderStatus, ProofOfPayment } from '@shop/contract';
import { allowedMoves, canMove, isTransferMethod } from '@shop/contract/orders';
import type {
  AdminOrderQueue,
  AdminOrderQueueQuery,
  AdminShippingDetail,
  PendingProofPage,
} from '@shop/contract/schemas/backOffice';
import type { Duration } from '@shop/contract/schemas/memberOrders';
import { EMAIL_ADDRESS } from '@shop/contract/validation';
import { and, asc, count, desc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import {
  adminOrderViews,
  admins,
  buyerActivities,
  buyers,
  orderItems,
  orderLogs,
  orders,
  paymentProofs,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { AdminRole } from '../../services/admins';
import { queueMail } from '../../services/mailQueue';
import {
  findOrder,
  type LogoUrl,
  orderConditions,
  orderDetailOf,
  pageMeta,
} from '../../services/memberOrders';
import { notifyBuyer } from '../../services/notifications';
import { ORDER_NUMBER_PATTERN, toOrder } from '../../services/orders';
import { mailBackInStock } from '../../services/stock';
import type { UploadStore } from '../../services/uploads';
import { containing, withinDays } from './listFilters';
import { orderStatusMail } from './mails';

export const ADMIN_ORDERS_PER_PAGE = 20;

export const adminLogoUrl: LogoUrl = (orderId, itemId) =>
  `/backend/api/admin/orders/${orderId}/items/${itemId}/logo`;

export interface AdminOrderFilters {
  duration?: Duration;
  order_status?: OrderStatus;
  payment_status?: 'Pending' | 'Received' | 'Cancel';
  page?: number;
}

type OrderRow = typeof orders.$inferSelect;

/** The names the queue's search matches: each has a trigram index of this very expression (0026). */
export const BUYER_NAME = sql`${buyers.firstName} || ' ' || ${buyers.lastName}`;
export const SHIP_NAME = sql`coalesce(${orders.shipFirstName}, '') || ' ' || coalesce(${orders.shipLastName}, '')`;

/**
 * The queue's `q`: an order number is matched with `=`, an e-mail with `=` on lower(e-mail) (the
 * buyer's or the shipping one), anything else as a part of the order number, an e-mail or a name
 * (ILIKE, each on its trigram index). The orders' own columns and the buyer's are matched in two
 * branches of one UNION, so each branch reads its indexes (one OR across the join would read
 * every order).
 */
export function queueSearch(search: string): SQL {
  if (ORDER_NUMBER_PATTERN.test(search.toUpperCase())) return eq(orders.orderNumber, search.toUpperCase());
  const byEmail = EMAIL_ADDRESS.test(search);
  const email = search.toLowerCase();
  const like = containing(search);
  const own = byEmail
    ? sql`lower(${orders.shipEmail}) = ${email}`
    : sql`(${orders.orderNumber} ILIKE ${like} OR ${orders.shipEmail} ILIKE ${like} OR ${SHIP_NAME} ILIKE ${like})`;
  const buyer = byEmail
    ? sql`lower(${buyers.email}) = ${email}`
    : sql`(${buyers.email} ILIKE ${like} OR ${BUYER_NAME} ILIKE ${like})`;
  return sql`${orders.id} IN (
    SELECT ${orders.id} FROM ${orders} WHERE ${own}
    UNION
    SELECT ${orders.id} FROM ${orders} JOIN ${buyers} ON ${buyers.id} = ${orders.buyerId} WHERE ${buyer})`;
}

const buyerName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

export async function listAllOrders(db: Database, filters: AdminOrderFilters): Promise<AdminOrderPage> {
  const { items, _meta } = await orderQueue(db, null, filters);
  return { items: items.map(({ is_new: _new, proof_pending: _pending, ...order }) => order), _meta };
}

const pendingProof = (db: Database) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(paymentProofs)
      .where(and(eq(paymentProofs.orderId, orders.id), eq(paymentProofs.status, 'Pending'))),
  );

/**
 * The order queue of `adminId` (null: nobody's marks, the CLI): search, filters, orders with a
 * proof awaiting a decision first, then newest first, each marked new unless this admin opened it.
 */
export async function orderQueue(
  db: Database,
  adminId: number | null,
  filters: AdminOrderFilters & Omit<AdminOrderQueueQuery, keyof AdminOrderFilters>,
): Promise<AdminOrderQueue> {
  const page = filters.page ?? 1;
  // The admin filters by the exact status ('Pending' alone); the member's 'Pending' is wider.
  const { order_status, payment_status, duration } = filters;
  // Seen: opened by this admin, or placed before the admin's account or last "all seen".
  const seen = or(
    sql`${orders.createdAt} <= (SELECT ${admins.ordersSeenUntil} FROM ${admins} WHERE ${admins.id} = ${adminId ?? 0})`,
    exists(
      db
        .select({ one: sql`1` })
        .from(adminOrderViews)
        .where(and(eq(adminOrderViews.orderId, orders.id), eq(adminOrderViews.adminId, adminId ?? 0))),
    ),
  ) as SQL;
  const search = filters.q?.trim();
  const conditions: SQL[] = [
    ...orderConditions(null, duration ? { duration } : {}),
    ...(order_status ? [eq(orders.orderStatus, order_status)] : []),
    ...(payment_status ? [eq(orders.paymentStatus, payment_status)] : []),
    ...(filters.payment_method ? [eq(orders.paymentMethod, filters.payment_method)] : []),
    ...withinDays(orders.createdAt, filters),
    ...(filters.new === true ? [sql`NOT ${seen}`] : []),
  ];
  if (search) conditions.push(queueSearch(search));
  const where = and(...conditions);
  const proofFirst = pendingProof(db);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        buyer: { id: buyers.id, email: buyers.email, firstName: buyers.firstName, lastName: buyers.lastName },
        seen: sql<boolean>`${seen}`,
        proofPending: sql<boolean>`${proofFirst}`,
      })
      .from(orders)
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .where(where)
      .orderBy(desc(proofFirst), desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_ORDERS_PER_PAGE)
      .offset((page - 1) * ADMIN_ORDERS_PER_PAGE),
    db.select({ n: count() }).from(orders).innerJoin(buyers, eq(buyers.id, orders.buyerId)).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...toOrder(row.order),
      buyer: { id: row.buyer.id, email: row.buyer.email, name: buyerName(row.buyer) },
      is_new: adminId !== null && !row.seen,
      proof_pending: Boolean(row.proofPending),
    })),
    _meta: pageMeta(total?.n ?? 0, page, ADMIN_ORDERS_PER_PAGE),
  };
}

/** Proofs of payment awaiting a decision, oldest first, with their order and buyer. */
export async function pendingProofs(db: Database, page: number): Promise<PendingProofPage> {
  const where = eq(paymentProofs.status, 'Pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({ proof: paymentProofs, order: orders, buyer: buyers })
      .from(paymentProofs)
      .innerJoin(orders, eq(orders.id, paymentProofs.orderId))
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .where(where)
      .orderBy(asc(paymentProofs.createdAt), asc(paymentProofs.id))
      .limit(ADMIN_ORDERS_PER_PAGE)
      .offset((page - 1) * ADMIN_ORDERS_PER_PAGE),
    db.select({ n: count() }).from(paymentProofs).where(where),
  ]);
  return {
    items: rows.map(({ proof, order, buyer }) => ({
      id: proof.id,
      comments: proof.comments,
      created_at: proof.createdAt.toISOString(),
      order: {
        id: order.id,
        order_number: order.orderNumber,
        payment_method: order.paymentMethod,
        total_amount: order.totalAmount,
        currency_code: order.currencyCode,
      },
      buyer: { id: buyer.id, email: buyer.email, name: buyerName(buyer) },
    })),
    _meta: pageMeta(total?.n ?? 0, page, ADMIN_ORDERS_PER_PAGE),
  };
}

const toProof = (row: typeof paymentProofs.$inferSelect): ProofOfPayment => ({
  id: row.id,
  status: row.status,
  comments: row.comments,
  admin_comments: row.adminComments,
  created_at: row.createdAt.toISOString(),
});

export type AdminOrderDetail = OrderDetail & {
  buyer: { id: number; email: string; name: string };
  proofs: ProofOfPayment[];
};

export async function adminOrderDetail(db: Database, orderId: number): Promise<AdminOrderDetail> {
  const order = await findOrder(db, orderId, null);
  const [detail, [buyer], proofs] = await Promise.all([
    orderDetailOf(db, order, adminLogoUrl),
    db.select().from(buyers).where(eq(buyers.id, order.buyerId)),
    db
      .select()
      .from(paymentProofs)
      .where(eq(paymentProofs.orderId, orderId))
      .orderBy(asc(paymentProofs.createdAt), asc(paymentProofs.id)),
  ]);
  return {
    ...detail,
    buyer: { id: order.buyerId, email: buyer?.email ?? '', name: buyer ? buyerName(buyer) : '' },
    proofs: proofs.map(toProof),
  };
}

/**
 * `until` as a time PostgreSQL takes: the schema's date-time also lets through a year it has no
 * timestamp for (0000); a time before 1970 marks nothing more anyway.
 */
function seenTime(until: string): string {
  const at = Date.parse(until);
  if (Number.isNaN(at))
    throw AppError.badRequest('Invalid body: until is not a time', { until: 'is not a time' });
  return new Date(Math.max(at, 0)).toISOString();
}

/**
 * The queue's "mark all as seen": marks the orders placed up to `until` seen for `adminId` (the
 * newest order the admin had on screen; without it, now). An order placed after the page was
 * loaded stays new; a later `until` than now counts as now, and the mark never moves back.
 */
export async function markAllOrdersSeen(db: Database, adminId: number, until?: string): Promise<void> {
  // created_at is shown in milliseconds (toISOString) and kept in microseconds: the time shown
  // stands for its whole millisecond, or the newest order shown would stay new.
  const upTo = until
    ? sql`LEAST(${seenTime(until)}::timestamptz + interval '999 microseconds', now())`
    : sql`now()`;
  await db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ ordersSeenUntil: sql`GREATEST(${admins.ordersSeenUntil}, ${upTo})` })
      .where(eq(admins.id, adminId));
    // The marks of single orders placed up to it say nothing more.
    await tx.execute(sql`DELETE FROM admin_order_views v USING orders o
      WHERE v.admin_id = ${adminId} AND o.id = v.order_id AND o.created_at <= ${upTo}`);
  });
}

/**
 * What the back office shows to ship an order: the detail above, the recipient in full (with the
 * e-mail and phone given at checkout), whether a proof awaits a decision. Opening it marks the
 * order seen for `adminId`.
 */
export async function shippingDetail(
  db: Database,
  orderId: number,
  adminId: number,
): Promise<AdminShippingDetail> {
  const detail = await adminOrderDetail(db, orderId);
  const order = await findOrder(db, orderId, null);
  await db.insert(adminOrderViews).values({ adminId, orderId }).onConflictDoNothing();
  return {
    ...detail,
    recipient: {
      first_name: order.shipFirstName,
      last_name: order.shipLastName,
      email: order.shipEmail,
      mobile: order.shipMobile,
      country: order.shipCountry,
      city: order.shipCity,
      address: order.shipAddress,
    },
    proof_pending: detail.proofs.some((proof) => proof.status === 'Pending'),
  };
}

const STATUS_NOTE: Record<string, string> = {
  Dispatch: 'is on its way',
  Delivered: 'is delivered',
  Cancel: 'is canceled',
};

/** The order's log, the buyer's activity and a notification: one sentence for all three. */
async function record(tx: Database, order: OrderRow, action: string, priority: 'High' | 'Normal' = 'Normal') {
  await tx.insert(orderLogs).values({ orderId: order.id, action });
  await tx.insert(buyerActivities).values({
    buyerId: order.buyerId,
    actionType: `Order ${order.orderNumber}: ${action}`,
    orderId: order.id,
  });
  await notifyBuyer(tx, order.buyerId, `Your order ${order.orderNumber}: ${action}`, priority, order.id);
}

/**
 * Puts back the pieces of a canceled order, products locked in id order (deleted ones are skipped),
 * with their stock log rows; a product this brings back in stock mails its notify-me requests.
 */
async function restock(tx: Database, orderId: number, orderNumber: string): Promise<void> {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const back = new Map<number, number>();
  for (const line of lines) back.set(line.productId, (back.get(line.productId) ?? 0) + line.quantity);
  const ids = [...back.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const idList = `{${ids.join(',')}}`;
  await tx.execute(sql`SELECT id FROM products WHERE id = ANY(${idList}::int[]) ORDER BY id FOR UPDATE`);
  const quantities = `{${ids.map((id) => back.get(id) ?? 0).join(',')}}`;
  const moved = rowsOf<{ product_id: number; stock_before: number; stock_after: number }>(
    await tx.execute(sql`
      WITH moved AS (
        UPDATE products SET stock_quantity = products.stock_quantity + back.quantity,
          sales_count = GREATEST(0, products.sales_count - back.quantity)
        FROM unnest(${idList}::int[], ${quantities}::int[]) AS back (id, quantity)
        WHERE products.id = back.id
        RETURNING products.id, products.stock_quantity - back.quantity AS stock_before, products.stock_quantity AS stock_after)
      INSERT INTO product_stock_log (product_id, source, stock_before, stock_after, reason)
        SELECT id, 'cancel', stock_before, stock_after, ${`Order ${orderNumber} canceled`} FROM moved
        RETURNING product_id, stock_before, stock_after`),
  );
  await mailBackInStock(
    tx,
    moved.filter((row) => row.stock_before <= 0 && row.stock_after > 0).map((row) => row.product_id),
  );
}

export interface MoveOptions {
  /** Who moves it (the CLI: an owner at the shell). Required: no default role to fail open to. */
  role: AdminRole;
  /** An owner's written reason to dispatch an unpaid transfer order. */
  reason?: string;
}

/**
 * Moves an order to Dispatch, Delivered or Cancel (409 STATUS_MOVE_NOT_ALLOWED naming the allowed
 * moves otherwise; a dispatched order is not canceled: its goods are on their way). A Cancel puts
 * the stock back and cancels a payment not yet received. A transfer order whose payment is not
 * Received cannot go to Dispatch (409 PAYMENT_NOT_RECEIVED) unless an owner gives a reason (403
 * for staff with one; the reason goes to the audit log only). The buyer's mail is queued in the
 * transaction.
 */
export async function moveOrderStatus(db: Database, orderId: number, to: OrderStatus, options: MoveOptions) {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, null, true);
    if (!canMove(order.orderStatus, to)) {
      const allowed = allowedMoves(order.orderStatus);
      const why =
        order.orderStatus === 'Dispatch' && to === 'Cancel'
          ? ' (it is on its way: its goods are not put back on sale)'
          : '';
      throw AppError.conflict(
        'STATUS_MOVE_NOT_ALLOWED',
        `An order in '${order.orderStatus}' cannot move to '${to}'${why}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}.`,
      );
    }
    const reason = options.reason?.trim() || null;
    const unpaidTransfer =
      to === 'Dispatch' && isTransferMethod(order.paymentMethod) && order.paymentStatus !== 'Received';
    if (unpaidTransfer && reason && options.role !== 'owner') {
      throw AppError.forbidden('Only an owner can dispatch an order before its payment is received.');
    }
    if (unpaidTransfer && !reason) {
      throw AppError.conflict(
        'PAYMENT_NOT_RECEIVED',
        `A ${order.paymentMethod} order is dispatched only once its payment is Received (an owner may override with a reason).`,
      );
    }
    // The owner's reason is kept in the audit log (with the owner's e-mail), never in the order's
    // log: the buyer reads that log (GET buyer-orders/{id}).
    const paymentStatus =
      to === 'Cancel' && order.paymentStatus === 'Pending' ? 'Cancel' : order.paymentStatus;
    const [row] = await tx
      .update(orders)
      .set({ orderStatus: to, paymentStatus, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId))
      .returning();
    if (!row) throw new Error('order not updated');
    if (to === 'Cancel') await restock(tx, orderId, row.orderNumber);
    await record(tx, row, `Order ${STATUS_NOTE[to] ?? `is ${to}`}`, to === 'Cancel' ? 'High' : 'Normal');
    const [buyer] = await tx
      .select({ email: buyers.email, firstName: buyers.firstName })
      .from(buyers)
      .where(eq(buyers.id, row.buyerId));
    const mail = buyer?.email ? orderStatusMail(buyer, row.orderNumber, to) : null;
    if (mail) await queueMail(tx, mail);
    return toOrder(row);
  });
}

/**
 * The money has arrived: payment 'Received'; a 'Payment Pending' order becomes 'Pending' (ready to
 * dispatch); 409 when already received or the order is canceled. A transfer order with no
 * Confirmed proof of payment is the transfer guard's way round, so only an owner may do it (403
 * for staff), and only with a written reason such as the bank's reference (409
 * PROOF_NOT_CONFIRMED without one; audited).
 */
export async function markPaymentReceived(
  db: Database,
  orderId: number,
  options: { role: AdminRole; reason?: string },
) {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, null, true);
    if (isTransferMethod(order.paymentMethod) && order.paymentStatus !== 'Received') {
      const [confirmed] = await tx
        .select({ id: paymentProofs.id })
        .from(paymentProofs)
        .where(and(eq(paymentProofs.orderId, order.id), eq(paymentProofs.status, 'Confirmed')))
        .limit(1);
      if (!confirmed && options.role !== 'owner') {
        throw AppError.forbidden(
          'Only an owner can mark a transfer payment received without a confirmed proof of payment.',
        );
      }
      if (!confirmed && !options.reason?.trim()) {
        throw AppError.conflict(
          'PROOF_NOT_CONFIRMED',
          `This ${order.paymentMethod} order has no confirmed proof of payment: give the reason (e.g. the bank's reference).`,
          { reason: 'Give the reason (e.g. the bank reference).' },
        );
      }
    }
    return receivePayment(tx, order);
  });
}

async function receivePayment(tx: Database, order: OrderRow) {
  if (order.orderStatus === 'Cancel') throw AppError.conflict('ORDER_CANCELED', 'This order is canceled.');
  if (order.paymentStatus === 'Received') {
    throw AppError.conflict('PAYMENT_RECEIVED', 'The payment of this order is already received.');
  }
  const [row] = await tx
    .update(orders)
    .set({
      paymentStatus: 'Received',
      orderStatus: order.orderStatus === 'Payment Pending' ? 'Pending' : order.orderStatus,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!row) throw new Error('order not updated');
  await record(tx, row, 'Payment received');
  return toOrder(row);
}

/**
 * Confirms or rejects a Pending proof (409 PROOF_NOT_PENDING otherwise). Confirming also receives
 * the payment; rejecting needs comments (shown to the buyer, who may upload again).
 */
export async function reviewProof(
  db: Database,
  proofId: number,
  decision: 'Confirmed' | 'Rejected',
  comments: string | null,
): Promise<ProofOfPayment> {
  const adminComments = comments?.trim() || null;
  if (decision === 'Rejected' && !adminComments) {
    throw AppError.invalidFields({ comments: 'Please tell the buyer why the proof is rejected' });
  }
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: paymentProofs.orderId })
      .from(paymentProofs)
      .where(eq(paymentProofs.id, proofId));
    if (!found) throw AppError.notFound('Proof of payment not found.');
    // The order first, then the proof: the order a buyer's upload locks too.
    const order = await findOrder(tx, found.orderId, null, true);
    const [proof] = await tx.select().from(paymentProofs).where(eq(paymentProofs.id, proofId)).for('update');
    if (!proof) throw AppError.notFound('Proof of payment not found.');
    if (proof.status !== 'Pending') {
      throw AppError.conflict('PROOF_NOT_PENDING', `This proof of payment is already ${proof.status}.`);
    }
    const [row] = await tx
      .update(paymentProofs)
      .set({ status: decision, adminComments, reviewedAt: sql`now()` })
      .where(eq(paymentProofs.id, proofId))
      .returning();
    if (!row) throw new Error('proof not updated');
    if (decision === 'Confirmed') {
      await record(tx, order, `Proof of payment confirmed${adminComments ? `: ${adminComments}` : ''}`);
      if (order.paymentStatus !== 'Received' && order.orderStatus !== 'Cancel')
        await receivePayment(tx, order);
    } else {
      await record(tx, order, `Proof of payment rejected: ${adminComments}. Please upload another.`, 'High');
    }
    return toProof(row);
  });
}

/** The file of a proof of payment (admins only). */
export async function proofFile(db: Database, uploads: UploadStore, proofId: number) {
  const [proof] = await db
    .select({ image: paymentProofs.image })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, proofId));
  if (!proof) throw AppError.notFound('Proof of payment not found.');
  return uploads.read(proof.image);
}
