/**
 * Header notifications (spec 000: `notifications`, `notifications/remove`): short notes to one
 * member, 'High' priority ones marked in the header. Dismissing stamps dismissed_at (the row
 * stays, so an admin can see what was sent). Written by the admin (API and CLI) and by order
 * changes through notifyBuyer.
 */
import type { Notification, NotificationPriority } from '@shop/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { buyers, notifications } from '../db/schema';
import { AppError } from '../errors';

/** The header shows at most this many, newest first. */
export const NOTIFICATIONS_SHOWN = 20;

/** Adds a notification for a buyer, inside the caller's transaction (or on the database). */
export async function notifyBuyer(
  tx: Database,
  buyerId: number,
  note: string,
  priority: NotificationPriority = 'Normal',
  orderId: number | null = null,
): Promise<Notification> {
  const [row] = await tx.insert(notifications).values({ buyerId, note, priority, orderId }).returning();
  if (!row) throw new Error('notification not saved');
  return toNotification(row);
}

const toNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  note: row.note,
  priority: row.priority,
  created_at: row.createdAt.toISOString(),
  order_id: row.orderId,
});

export async function listNotifications(db: Database, buyerId: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.buyerId, buyerId), isNull(notifications.dismissedAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
  return rows.map(toNotification);
}

/** Dismisses one of the buyer's own notifications; anybody else's (or an unknown id) is 404. */
export async function dismissNotification(
  db: Database,
  buyerId: number,
  notificationId: number,
): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ dismissedAt: new Date() })
    .where(
      and(
        eq(notifications.id, notificationId),
        eq(notifications.buyerId, buyerId),
        isNull(notifications.dismissedAt),
      ),
    )
    .returning({ id: notifications.id });
  if (!row) throw AppError.notFound('Notification not found.');
}

/** The admin's "send a notification": the buyer must exist (404 otherwise). */
export async function sendNotification(
  db: Database,
  input: { buyer_id: number; note: string; priority?: NotificationPriority },
): Promise<Notification> {
  const note = input.note.trim();
  if (!note) throw AppError.invalidFields({ note: 'Please enter the note' });
  const [buyer] = await db.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, input.buyer_id));
  if (!buyer) throw AppError.notFound('Buyer not found.');
  return notifyBuyer(db, buyer.id, note, input.priority ?? 'Normal');
}
