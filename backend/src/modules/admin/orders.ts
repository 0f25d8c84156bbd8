/**
 * What the spec leaves to an admin about orders (architecture: admin API and CLI): list and read
 * every buyer's orders, move an order through its statuses, mark the payment received, confirm or
 * reject a proof of payment. Every change runs in one transaction that locks the order row and
 * writes the order's log, the buyer's activity and a notification for the buyer; a Cancel puts
 * the stock back. Lock order: the order, then its products in id order (placing an order locks
 * products then the cart and never an order, so the two cannot deadlock).
 */
import type { AdminOrderPage, OrderDetail, OrderStatus, ProofOfPayment } from '@shop/contract';
import type { Duration } from '@shop/contract/schemas/memberOrders';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buyerActivities, buyers, orderItems, orderLogs, orders, paymentProofs } from '../../db/schema';
import { AppError } from '../../errors';
import {
  findOrder,
  type LogoUrl,
  orderConditions,
  orderDetailOf,
  pageMeta,
} from '../../services/memberOrders';
import { notifyBuyer } from '../../services/notifications';
import { toOrder } from '../../services/orders';
import type { UploadStore } from '../../services/uploads';

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

const buyerName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

export async function listAllOrders(db: Database, filters: AdminOrderFilters): Promise<AdminOrderPage> {
  const page = filters.page ?? 1;
  // The admin filters by the exact status ('Pending' alone); the member's 'Pending' is wider.
  const { order_status, payment_status, ...rest } = filters;
  const where = and(
    ...orderConditions(null, rest),
    ...(order_status ? [eq(orders.orderStatus, order_status)] : []),
    ...(payment_status ? [eq(orders.paymentStatus, payment_status)] : []),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        buyer: { id: buyers.id, email: buyers.email, firstName: buyers.firstName, lastName: buyers.lastName },
      })
      .from(orders)
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_ORDERS_PER_PAGE)
      .offset((page - 1) * ADMIN_ORDERS_PER_PAGE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...toOrder(row.order),
      buyer: { id: row.buyer.id, email: row.buyer.email, name: buyerName(row.buyer) },
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

/** The moves an admin may make (issue 11): forward one step, or Cancel before delivery. */
export function allowedMoves(from: OrderStatus): OrderStatus[] {
  switch (from) {
    case 'Pending':
    case 'Payment Pending':
      return ['Dispatch', 'Cancel'];
    case 'Dispatch':
      return ['Delivered', 'Cancel'];
    default:
      return [];
  }
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

/** Puts back the pieces of a canceled order, products locked in id order (deleted ones are skipped). */
async function restock(tx: Database, orderId: number): Promise<void> {
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
  await tx.execute(sql`
    UPDATE products SET stock_quantity = products.stock_quantity + back.quantity,
      sales_count = GREATEST(0, products.sales_count - back.quantity)
    FROM unnest(${idList}::int[], ${quantities}::int[]) AS back (id, quantity)
    WHERE products.id = back.id`);
}

/**
 * Moves an order to Dispatch, Delivered or Cancel (409 STATUS_MOVE_NOT_ALLOWED naming the allowed
 * moves otherwise). A Cancel puts the stock back and cancels a payment not yet received.
 */
export async function moveOrderStatus(db: Database, orderId: number, to: OrderStatus) {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, null, true);
    const allowed = allowedMoves(order.orderStatus);
    if (!allowed.includes(to)) {
      throw AppError.conflict(
        'STATUS_MOVE_NOT_ALLOWED',
        `An order in '${order.orderStatus}' cannot move to '${to}'${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}.`,
      );
    }
    const paymentStatus =
      to === 'Cancel' && order.paymentStatus === 'Pending' ? 'Cancel' : order.paymentStatus;
    const [row] = await tx
      .update(orders)
      .set({ orderStatus: to, paymentStatus, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId))
      .returning();
    if (!row) throw new Error('order not updated');
    if (to === 'Cancel') await restock(tx, orderId);
    await record(tx, row, `Order ${STATUS_NOTE[to] ?? `is ${to}`}`, to === 'Cancel' ? 'High' : 'Normal');
    return toOrder(row);
  });
}

/**
 * The money has arrived: payment 'Received'; a 'Payment Pending' order becomes 'Pending' (ready to
 * dispatch). 409 when already received or the order is canceled.
 */
export async function markPaymentReceived(db: Database, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, null, true);
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
