/**
 * Messages between members and the shop (spec 001 §3, §7 Messages). A thread is a root message
 * (reply_to NULL) and the replies pointing at it; a root with order_id NULL is a general thread,
 * otherwise an order's. Members reach only their own threads (a general id through the general
 * calls, an order's through that order's calls): anything else is 404, never a hint that it
 * exists. `is_read` means read by the other side: a member reading a thread marks the admin's
 * messages read, an admin reading it marks the member's.
 */
import type { Message, MessageThread, MessageThreadPage, MessageThreadView } from '@shop/contract';
import { messageSchema } from '@shop/contract/validation';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { buyerMessages, buyers, orders } from '../db/schema';
import { AppError } from '../errors';
import { checked } from './buyers';
import { notifyBuyer } from './notifications';

/** Threads per page of a list, and messages per page of a thread (set by the server, spec 001 §7). */
export const THREADS_PER_PAGE = 10;
export const MESSAGES_PER_PAGE = 10;
export const NEW_ADMIN_MESSAGE_NOTE = 'You have a new message from us. See Messages in your account.';

type Row = typeof buyerMessages.$inferSelect;
type Sender = Row['senderType'];

/** Which threads a call may reach: the member's general ones, one order's, or (admin) all. */
export type ThreadScope =
  | { kind: 'general'; buyerId: number }
  | { kind: 'order'; buyerId: number; orderId: number }
  | { kind: 'admin' };

export const toMessage = (row: Row): Message => ({
  id: row.id,
  buyer_id: row.buyerId,
  order_id: row.orderId,
  subject: row.subject,
  message: row.message,
  sender_type: row.senderType,
  is_read: row.isRead,
  reply_to: row.replyTo,
  created_time: row.createdTime.toISOString(),
});

const meta = (totalCount: number, page: number, perPage: number) => ({
  totalCount,
  currentPage: page,
  pageCount: Math.ceil(totalCount / perPage),
  perPage,
});

function scopeFilter(scope: ThreadScope) {
  if (scope.kind === 'admin') return undefined;
  return and(
    eq(buyerMessages.buyerId, scope.buyerId),
    scope.kind === 'general' ? isNull(buyerMessages.orderId) : eq(buyerMessages.orderId, scope.orderId),
  );
}

/** 404 unless the order is the buyer's. */
export async function assertOwnOrder(db: Database, buyerId: number, orderId: number): Promise<void> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)));
  if (!row) throw AppError.notFound('Order not found.');
}

const threadGone = () => AppError.notFound('Message not found.');

/** The root of the thread holding message `id`, within the scope (404 otherwise). */
async function rootOf(db: Database, scope: ThreadScope, id: number): Promise<Row> {
  const [message] = await db
    .select()
    .from(buyerMessages)
    .where(and(eq(buyerMessages.id, id), scopeFilter(scope)));
  if (!message) throw threadGone();
  if (message.replyTo === null) return message;
  const [root] = await db.select().from(buyerMessages).where(eq(buyerMessages.id, message.replyTo));
  if (!root) throw threadGone();
  return root;
}

const threadKey = sql<number>`coalesce(${buyerMessages.replyTo}, ${buyerMessages.id})`;

/**
 * Threads of a scope, newest activity first: each root with its latest message and how many of
 * the other side's messages the reader has not read. `unreadBy` picks the reader.
 */
export async function listThreads(
  db: Database,
  scope: ThreadScope,
  page: number,
  options: { onlyUnread?: boolean } = {},
): Promise<MessageThreadPage> {
  const reader: Sender = scope.kind === 'admin' ? 'Admin' : 'Buyer';
  const writer: Sender = reader === 'Admin' ? 'Buyer' : 'Admin';
  // The outer table is named, the inner one aliased: each subquery sees the root it belongs to.
  const lastActivity = sql`(SELECT max(m.created_time) FROM buyer_messages m WHERE m.id = ${buyerMessages.id} OR m.reply_to = ${buyerMessages.id})`;
  const hasUnread = sql`EXISTS (SELECT 1 FROM buyer_messages m WHERE (m.id = ${buyerMessages.id} OR m.reply_to = ${buyerMessages.id}) AND m.sender_type = ${writer} AND NOT m.is_read)`;
  const where = and(
    isNull(buyerMessages.replyTo),
    scopeFilter(scope),
    options.onlyUnread ? hasUnread : undefined,
  );
  const [total] = await db.select({ n: count() }).from(buyerMessages).where(where);
  const roots = await db
    .select()
    .from(buyerMessages)
    .where(where)
    .orderBy(desc(lastActivity), desc(buyerMessages.id))
    .limit(THREADS_PER_PAGE)
    .offset((page - 1) * THREADS_PER_PAGE);
  const ids = roots.map((root) => root.id);
  const inThreads = or(inArray(buyerMessages.id, ids), inArray(buyerMessages.replyTo, ids));
  const latest = ids.length
    ? await db
        .selectDistinctOn([threadKey])
        .from(buyerMessages)
        .where(inThreads)
        .orderBy(threadKey, desc(buyerMessages.createdTime), desc(buyerMessages.id))
    : [];
  const unread = ids.length
    ? await db
        .select({ thread: threadKey, n: count() })
        .from(buyerMessages)
        .where(and(inThreads, eq(buyerMessages.senderType, writer), eq(buyerMessages.isRead, false)))
        .groupBy(threadKey)
    : [];
  const latestOf = new Map(latest.map((row) => [row.replyTo ?? row.id, row]));
  const unreadOf = new Map(unread.map((row) => [Number(row.thread), row.n]));
  const items: MessageThread[] = roots.map((root) => ({
    ...toMessage(root),
    last_message: toMessage(latestOf.get(root.id) ?? root),
    unread_count: unreadOf.get(root.id) ?? 0,
  }));
  return { items, _meta: meta(total?.n ?? 0, page, THREADS_PER_PAGE) };
}

/**
 * One thread, oldest first, paged; `id` is its root's or any of its messages' id. Reading marks
 * the other side's messages of the whole thread read.
 */
export async function readThread(
  db: Database,
  scope: ThreadScope,
  id: number,
  page: number,
): Promise<MessageThreadView> {
  const root = await rootOf(db, scope, id);
  const writer: Sender = scope.kind === 'admin' ? 'Buyer' : 'Admin';
  const inThread = or(eq(buyerMessages.id, root.id), eq(buyerMessages.replyTo, root.id));
  await db
    .update(buyerMessages)
    .set({ isRead: true })
    .where(and(inThread, eq(buyerMessages.senderType, writer), eq(buyerMessages.isRead, false)));
  const [total] = await db.select({ n: count() }).from(buyerMessages).where(inThread);
  const rows = await db
    .select()
    .from(buyerMessages)
    .where(inThread)
    .orderBy(asc(buyerMessages.createdTime), asc(buyerMessages.id))
    .limit(MESSAGES_PER_PAGE)
    .offset((page - 1) * MESSAGES_PER_PAGE);
  const [fresh] = await db.select().from(buyerMessages).where(eq(buyerMessages.id, root.id));
  return {
    thread: toMessage(fresh ?? root),
    items: rows.map(toMessage),
    _meta: meta(total?.n ?? 0, page, MESSAGES_PER_PAGE),
  };
}

export interface MessageInput {
  subject?: string;
  message?: string;
}

/** A member's new thread: general, or about one of their orders (404 for anybody else's). */
export async function startThread(
  db: Database,
  buyerId: number,
  orderId: number | null,
  body: MessageInput,
): Promise<Message> {
  const { subject, message } = await checked(messageSchema, body);
  if (orderId !== null) await assertOwnOrder(db, buyerId, orderId);
  const [row] = await db
    .insert(buyerMessages)
    .values({ buyerId, orderId, subject, message, senderType: 'Buyer' })
    .returning();
  if (!row) throw new Error('message not saved');
  return toMessage(row);
}

/**
 * A reply in a thread of the scope. The subject is the thread's, whatever is sent (spec 001 §5:
 * "the reply subject is fixed and read-only"). An admin's reply also leaves the member a
 * notification, so they learn of it in the header.
 */
export async function reply(
  db: Database,
  scope: ThreadScope,
  id: number,
  body: MessageInput,
): Promise<Message> {
  const root = await rootOf(db, scope, id);
  const { message } = await checked(messageSchema, { subject: root.subject, message: body.message });
  const senderType: Sender = scope.kind === 'admin' ? 'Admin' : 'Buyer';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buyerMessages)
      .values({
        buyerId: root.buyerId,
        orderId: root.orderId,
        subject: root.subject,
        message,
        senderType,
        replyTo: root.id,
      })
      .returning();
    if (!row) throw new Error('reply not saved');
    if (senderType === 'Admin')
      await notifyBuyer(tx, root.buyerId, NEW_ADMIN_MESSAGE_NOTE, 'Normal', root.orderId);
    return toMessage(row);
  });
}

/** The admin's view of who wrote a thread (CLI and API show the member's name and e-mail). */
export async function threadAuthor(db: Database, buyerId: number) {
  const [row] = await db
    .select({ email: buyers.email, firstName: buyers.firstName, lastName: buyers.lastName })
    .from(buyers)
    .where(eq(buyers.id, buyerId));
  return row ?? null;
}
