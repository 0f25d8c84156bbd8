/**
 * The back office's mails (issue 21), each queued in the transaction of what it tells about
 * (services/mailQueue.ts) and sent once that commits: the shop's mail about every new order (to
 * the `order_email` setting, SHOP_EMAIL unless an owner set another), the buyer's mail when their order is dispatched, delivered or
 * canceled, an admin's answer to a contact inquiry, and to a product question (to its asker).
 */
import type { Order } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminSettings, buyers, orders } from '../../db/schema';
import { escapeHtml } from '../../services/buyers';
import { type MailMessage, queueMail } from '../../services/mailQueue';

export const ORDER_EMAIL_SETTING = 'order_email';

/** A plain mail: the lines as text, and as escaped paragraphs. */
export function textMail(to: string, subject: string, lines: string[]): MailMessage {
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: lines.map((line) => (line === '' ? '<br>' : `<p>${escapeHtml(line)}</p>`)).join('\n'),
  };
}

/** The `order_email` an owner set, else `fallback` (SHOP_EMAIL, the shop's address). */
export async function orderEmailOf(db: Database, fallback: string): Promise<string> {
  const [row] = await db
    .select({ value: adminSettings.value })
    .from(adminSettings)
    .where(eq(adminSettings.key, ORDER_EMAIL_SETTING));
  return row?.value ?? fallback;
}

/**
 * The shop's mail about a new order, queued in the placing transaction `tx` (checkout calls it
 * beside the buyer's confirmation), to the `order_email` setting (default: SHOP_EMAIL).
 */
export async function queueShopOrderMail(tx: Database, order: Order, shopEmail: string): Promise<void> {
  const to = await orderEmailOf(tx, shopEmail);
  const [buyer] = await tx
    .select({ email: buyers.email, firstName: buyers.firstName, lastName: buyers.lastName })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(eq(orders.id, order.id));
  await queueMail(
    tx,
    textMail(to, `New order ${order.order_id}`, [
      `A new order was placed: ${order.order_id}`,
      '',
      `Buyer: ${`${buyer?.firstName ?? ''} ${buyer?.lastName ?? ''}`.trim()} <${buyer?.email ?? ''}>`,
      `Payment: ${order.payment_method} (${order.payment_status})`,
      `Total: ${order.total_amount} ${order.currency.code}`,
      '',
      'Open it in the back office: /admin',
    ]),
  );
}

const STATUS_MAIL: Record<string, { subject: string; line: string }> = {
  Dispatch: { subject: 'is on its way', line: 'Your order is on its way to you.' },
  Delivered: { subject: 'is delivered', line: 'Your order has been delivered. We hope you enjoy it.' },
  Cancel: { subject: 'is canceled', line: 'Your order has been canceled.' },
};

/** The buyer's mail when their order is dispatched, delivered or canceled. */
export function orderStatusMail(
  buyer: { email: string; firstName: string },
  orderNumber: string,
  status: string,
): MailMessage | null {
  const text = STATUS_MAIL[status];
  if (!text) return null;
  return textMail(buyer.email, `Your order ${orderNumber} ${text.subject}`, [
    `Hello ${buyer.firstName || 'there'},`,
    '',
    text.line,
    '',
    `Order number: ${orderNumber}`,
    '',
    'Thank you for shopping with Gifts That Speak.',
  ]);
}

/** An admin's answer to a contact inquiry, quoting it. */
export function inquiryAnswerMail(
  inquiry: { email: string; fullName: string; message: string },
  answer: string,
): MailMessage {
  return textMail(inquiry.email, 'Your message to Gifts That Speak', [
    `Hello ${inquiry.fullName || 'there'},`,
    '',
    ...answer.split(/\r?\n/),
    '',
    'You wrote:',
    ...inquiry.message.split(/\r?\n/).map((line) => `> ${line}`),
  ]);
}

/** An admin's answer to a product question, to the asker, quoting the question. */
export function questionAnswerMail(
  question: { questionerEmail: string; questionerName: string; question: string },
  product: { title: string; slug: string },
  answer: string,
): MailMessage {
  return textMail(question.questionerEmail, `Your question about ${product.title} is answered`, [
    `Hello ${question.questionerName || 'there'},`,
    '',
    'You asked:',
    ...question.question.split(/\r?\n/).map((line) => `> ${line}`),
    '',
    ...answer.split(/\r?\n/),
    '',
    `The answer is shown on the product's page: /product/${product.slug}`,
  ]);
}
