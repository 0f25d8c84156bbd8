/**
 * The back office's conversations and moderation (issue 21): product questions held until an
 * admin answers or approves them, reviews hidden and shown, contact-us inquiries read and answered
 * by e-mail, a thread started with a member, a notification to every member, and the settings.
 */
import type { Message } from '@shop/contract';
import type {
  AdminQuestion,
  AdminQuestionPage,
  AdminReview,
  AdminReviewPage,
  AdminSettingsInput,
  AdminSettingsView,
  Inquiry,
  InquiryPage,
} from '@shop/contract/schemas/backOffice';
import { EMAIL_ADDRESS } from '@shop/contract/validation';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import {
  adminSettings,
  buyerMessages,
  buyers,
  contactMessages,
  orders,
  productQuestions,
  productReviews,
  products,
} from '../../db/schema';
import { AppError } from '../../errors';
import { queueMail } from '../../services/mailQueue';
import { pageMeta } from '../../services/memberOrders';
import { NEW_ADMIN_MESSAGE_NOTE, toMessage } from '../../services/messages';
import { notifyBuyer } from '../../services/notifications';
import { recomputeRating } from '../memberOrders/reviews';
import { inquiryAnswerMail, ORDER_EMAIL_SETTING, orderEmailOf, questionAnswerMail } from './mails';

export const ADMIN_LIST_PER_PAGE = 20;

/** The 409s of a second answer: the page shows them as worded here. */
export const QUESTION_ANSWERED = 'This question is already answered (the answer is shown on its page).';
export const INQUIRY_ANSWERED = 'This inquiry is already answered: its sender has the first answer.';

const product = { id: products.id, title: products.title, slug: products.slug };

// ---------------------------------------------------------------- product questions

type QuestionRow = typeof productQuestions.$inferSelect;
const toAdminQuestion = (
  row: QuestionRow,
  p: { id: number; title: string; slug: string },
): AdminQuestion => ({
  id: row.id,
  product: p,
  question: row.question,
  questioner_name: row.questionerName,
  questioner_email: row.questionerEmail,
  question_time: row.questionTime.toISOString(),
  answer: row.answer,
  answer_time: row.answerTime?.toISOString() ?? null,
  held: row.held,
});

/** Questions, newest first; `held`: only those waiting for an admin, oldest first. */
export async function listQuestions(db: Database, options: { held?: boolean; page?: number }) {
  const page = options.page ?? 1;
  const where = options.held ? eq(productQuestions.held, true) : undefined;
  const order = options.held
    ? [asc(productQuestions.questionTime), asc(productQuestions.id)]
    : [desc(productQuestions.questionTime), desc(productQuestions.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ question: productQuestions, product })
      .from(productQuestions)
      .innerJoin(products, eq(products.id, productQuestions.productId))
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_LIST_PER_PAGE)
      .offset((page - 1) * ADMIN_LIST_PER_PAGE),
    db.select({ n: count() }).from(productQuestions).where(where),
  ]);
  return {
    items: rows.map((row) => toAdminQuestion(row.question, row.product)),
    _meta: pageMeta(total?.n ?? 0, page, ADMIN_LIST_PER_PAGE),
  } satisfies AdminQuestionPage;
}

/**
 * Answers (or, with answer null, approves) a question: it is shown on the product page from now
 * on. An answer is mailed to the asker, queued in the same transaction. A question has one answer:
 * answering one already answered (another admin, another tab) is 409 QUESTION_ANSWERED and sends
 * no second mail; approving one again changes nothing.
 */
export async function releaseQuestion(
  db: Database,
  id: number,
  answer: string | null,
): Promise<AdminQuestion> {
  const text = answer?.trim() ?? null;
  if (answer !== null && !text) throw AppError.invalidFields({ answer: 'Please enter the answer' });
  return db.transaction(async (tx) => {
    // `answer IS NULL` is checked again once a concurrent answer's row lock is released
    // (PostgreSQL re-reads the row under READ COMMITTED), so of two answers one wins.
    const [row] = await tx
      .update(productQuestions)
      .set(text ? { held: false, answer: text, answerTime: sql`now()` } : { held: false })
      .where(
        text
          ? and(eq(productQuestions.id, id), isNull(productQuestions.answer))
          : eq(productQuestions.id, id),
      )
      .returning();
    if (!row) {
      const [found] = await tx
        .select({ id: productQuestions.id })
        .from(productQuestions)
        .where(eq(productQuestions.id, id));
      if (!found) throw AppError.notFound('Question not found.');
      throw AppError.conflict('QUESTION_ANSWERED', QUESTION_ANSWERED);
    }
    const [p] = await tx.select(product).from(products).where(eq(products.id, row.productId));
    const asked = p ?? { id: row.productId, title: '', slug: '' };
    if (text) await queueMail(tx, questionAnswerMail(row, asked, text));
    return toAdminQuestion(row, asked);
  });
}

// ---------------------------------------------------------------- reviews

type ReviewRow = typeof productReviews.$inferSelect;
const toAdminReview = (row: ReviewRow, p: { id: number; title: string; slug: string }): AdminReview => ({
  id: row.id,
  product: p,
  rating: row.rating,
  comments: row.comments,
  buyer: { name: row.buyerName },
  created_at: row.createdAt.toISOString(),
  hidden: row.hidden,
});

export async function listReviews(db: Database, options: { hidden?: boolean; page?: number }) {
  const page = options.page ?? 1;
  const where = options.hidden === undefined ? undefined : eq(productReviews.hidden, options.hidden);
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: productReviews, product })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(where)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(ADMIN_LIST_PER_PAGE)
      .offset((page - 1) * ADMIN_LIST_PER_PAGE),
    db.select({ n: count() }).from(productReviews).where(where),
  ]);
  return {
    items: rows.map((row) => toAdminReview(row.review, row.product)),
    _meta: pageMeta(total?.n ?? 0, page, ADMIN_LIST_PER_PAGE),
  } satisfies AdminReviewPage;
}

/**
 * Hides or shows a review, and recomputes its product's rating and review count from the reviews
 * left shown, in one transaction holding the product row's lock (as a new review does).
 */
export async function setReviewHidden(db: Database, id: number, hidden: boolean): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ productId: productReviews.productId })
      .from(productReviews)
      .where(eq(productReviews.id, id));
    if (!found) throw AppError.notFound('Review not found.');
    const [p] = await tx.select(product).from(products).where(eq(products.id, found.productId)).for('update');
    const [row] = await tx
      .update(productReviews)
      .set({ hidden })
      .where(eq(productReviews.id, id))
      .returning();
    if (!row) throw AppError.notFound('Review not found.');
    await recomputeRating(tx, row.productId);
    return toAdminReview(row, p ?? { id: row.productId, title: '', slug: '' });
  });
}

// ---------------------------------------------------------------- contact inquiries

type InquiryRow = typeof contactMessages.$inferSelect;
const toInquiry = (row: InquiryRow): Inquiry => ({
  id: row.id,
  full_name: row.fullName,
  email: row.email,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
  answer: row.answer,
  answered_at: row.answeredAt?.toISOString() ?? null,
});

export async function listInquiries(db: Database, options: { unanswered?: boolean; page?: number }) {
  const page = options.page ?? 1;
  const where = options.unanswered ? isNull(contactMessages.answeredAt) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(ADMIN_LIST_PER_PAGE)
      .offset((page - 1) * ADMIN_LIST_PER_PAGE),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return {
    items: rows.map(toInquiry),
    _meta: pageMeta(total?.n ?? 0, page, ADMIN_LIST_PER_PAGE),
  } satisfies InquiryPage;
}

/** One inquiry; reading it marks it read. */
export async function readInquiry(db: Database, id: number): Promise<Inquiry> {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw AppError.notFound('Inquiry not found.');
  return toInquiry(row);
}

/**
 * Answers an inquiry by e-mail: the mail is queued with the answer kept on the inquiry, in one
 * transaction. An inquiry is answered once: a second answer (another admin, another tab) is 409
 * INQUIRY_ANSWERED, keeps the first and sends no second mail.
 */
export async function answerInquiry(
  db: Database,
  id: number,
  adminId: number,
  message: string,
): Promise<Inquiry> {
  const answer = message.trim();
  if (!answer) throw AppError.invalidFields({ message: 'Please enter the answer' });
  return db.transaction(async (tx) => {
    // Like releaseQuestion: `answered_at IS NULL` is checked again after a concurrent answer commits.
    const [row] = await tx
      .update(contactMessages)
      .set({
        answer,
        answeredAt: sql`now()`,
        answeredBy: adminId,
        readAt: sql`coalesce(${contactMessages.readAt}, now())`,
      })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.answeredAt)))
      .returning();
    if (!row) {
      const [found] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      if (!found) throw AppError.notFound('Inquiry not found.');
      throw AppError.conflict('INQUIRY_ANSWERED', INQUIRY_ANSWERED);
    }
    await queueMail(tx, inquiryAnswerMail(row, answer));
    return toInquiry(row);
  });
}

// ---------------------------------------------------------------- threads and notifications

/**
 * The shop starts a thread with a member: general, or about one of the member's orders (404 for an
 * unknown buyer, a guest, or an order that is not theirs). The member gets a header notification.
 */
export async function startAdminThread(
  db: Database,
  input: { buyer_id: number; order_id?: number; subject: string; message: string },
): Promise<Message> {
  const subject = input.subject.trim();
  const message = input.message.trim();
  const fields: Record<string, string> = {};
  if (!subject) fields.subject = 'Please enter the subject';
  if (!message) fields.message = 'Please enter the message';
  if (Object.keys(fields).length > 0) throw AppError.invalidFields(fields);
  return db.transaction(async (tx) => {
    const [buyer] = await tx
      .select({ id: buyers.id, type: buyers.type })
      .from(buyers)
      .where(eq(buyers.id, input.buyer_id));
    if (!buyer) throw AppError.notFound('Buyer not found.');
    // A guest has no account to read a thread in (nor a header for its notification).
    if (buyer.type !== 'Member') {
      throw AppError.notFound('Threads are started with members only: this buyer checked out as a guest.');
    }
    const orderId = input.order_id ?? null;
    if (orderId !== null) {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyer.id)));
      if (!order) throw AppError.notFound('Order not found.');
    }
    const [row] = await tx
      .insert(buyerMessages)
      .values({ buyerId: buyer.id, orderId, subject, message, senderType: 'Admin' })
      .returning();
    if (!row) throw new Error('message not saved');
    await notifyBuyer(tx, buyer.id, NEW_ADMIN_MESSAGE_NOTE, 'Normal', orderId);
    return toMessage(row);
  });
}

/** A header notification to every member (guests have no header to show it in): how many got it. */
export async function notifyAllMembers(
  db: Database,
  input: { note: string; priority?: 'High' | 'Normal' },
): Promise<number> {
  const note = input.note.trim();
  if (!note) throw AppError.invalidFields({ note: 'Please enter the note' });
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO notifications (buyer_id, note, priority)
      SELECT id, ${note}, ${input.priority ?? 'Normal'} FROM buyers WHERE type = 'Member'
      RETURNING id`),
  );
  return rows.length;
}

/**
 * The inbox's threads with who wrote them: the member (name, e-mail) and, for an order's thread,
 * the order's number, read in two queries for the page.
 */
export async function withAuthors<T extends { buyer_id: number; order_id: number | null }>(
  db: Database,
  threads: T[],
): Promise<(T & { buyer: { id: number; email: string; name: string }; order_number: string | null })[]> {
  const buyerIds = [...new Set(threads.map((thread) => thread.buyer_id))];
  const orderIds = [
    ...new Set(threads.flatMap((thread) => (thread.order_id === null ? [] : [thread.order_id]))),
  ];
  const [people, numbers] = await Promise.all([
    buyerIds.length
      ? db
          .select({
            id: buyers.id,
            email: buyers.email,
            firstName: buyers.firstName,
            lastName: buyers.lastName,
          })
          .from(buyers)
          .where(inArray(buyers.id, buyerIds))
      : [],
    orderIds.length
      ? db
          .select({ id: orders.id, number: orders.orderNumber })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [],
  ]);
  const personOf = new Map(people.map((row) => [row.id, row]));
  const numberOf = new Map(numbers.map((row) => [row.id, row.number]));
  return threads.map((thread) => {
    const person = personOf.get(thread.buyer_id);
    return {
      ...thread,
      buyer: {
        id: thread.buyer_id,
        email: person?.email ?? '',
        name: person ? `${person.firstName} ${person.lastName}`.trim() : '',
      },
      order_number: thread.order_id === null ? null : (numberOf.get(thread.order_id) ?? null),
    };
  });
}

// ---------------------------------------------------------------- settings

/** The settings in effect (`shopEmail`: SHOP_EMAIL, the order e-mail when none is set). */
export async function readSettings(db: Database, shopEmail: string): Promise<AdminSettingsView> {
  return { order_email: await orderEmailOf(db, shopEmail) };
}

/**
 * Sets the shop's order e-mail, or with null goes back to SHOP_EMAIL; 400 for something that is
 * no address.
 */
export async function writeSettings(
  db: Database,
  input: AdminSettingsInput,
  shopEmail: string,
): Promise<AdminSettingsView> {
  const email = input.order_email?.trim() || null;
  if (email !== null && !EMAIL_ADDRESS.test(email)) {
    throw AppError.invalidFields({ order_email: 'Please enter a valid email address' });
  }
  if (email === null) {
    await db.delete(adminSettings).where(eq(adminSettings.key, ORDER_EMAIL_SETTING));
  } else {
    await db
      .insert(adminSettings)
      .values({ key: ORDER_EMAIL_SETTING, value: email })
      .onConflictDoUpdate({ target: adminSettings.key, set: { value: email, updatedAt: sql`now()` } });
  }
  return readSettings(db, shopEmail);
}
