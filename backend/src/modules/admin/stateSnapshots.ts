/**
 * What the audit log keeps of an order, a proof of payment, a review or an admin before and after
 * an admin's change to it (audit.ts `audited(..., { before, after })`): the fields the change can
 * move, read in the change's own transaction. null when there is no such row (the change then
 * answers 404 itself).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins, orders, paymentProofs, productReviews } from '../../db/schema';

export async function orderState(db: Database, id: number) {
  const [row] = await db
    .select({ order_status: orders.orderStatus, payment_status: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, id));
  return row ?? null;
}

export async function proofState(db: Database, id: number) {
  const [row] = await db
    .select({ status: paymentProofs.status, admin_comments: paymentProofs.adminComments })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, id));
  return row ?? null;
}

export async function reviewState(db: Database, id: number) {
  const [row] = await db
    .select({ hidden: productReviews.hidden })
    .from(productReviews)
    .where(eq(productReviews.id, id));
  return row ?? null;
}

export async function adminState(db: Database, id: number) {
  const [row] = await db.select({ disabled_at: admins.disabledAt }).from(admins).where(eq(admins.id, id));
  return row ? { disabled: row.disabled_at !== null } : null;
}

/** Snapshots of one row, the same reading before and after the change. */
export const stateOf = <T>(read: (db: Database, id: number) => Promise<T>, id: number) => ({
  before: (db: Database) => read(db, id),
  after: (db: Database) => read(db, id),
});
