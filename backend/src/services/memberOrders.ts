/**
 * A buyer's own orders (spec 001 §2.7, §3, §7 Orders): the list with its filters, the status
 * counts, the detail with the ordered products, the log, and the proof of payment. Every function
 * takes the buyer's id and answers 404 for an order that is not theirs, exactly as for one that
 * does not exist, so ids of other buyers' orders reveal nothing. The admin side (adminOrders.ts)
 * reads the same detail without the owner check.
 */
import type {
  OrderDetail,
  OrderedProduct,
  OrderLogEntry,
  OrderPage,
  OrderStats,
  OrderStatus,
  ProofOfPayment,
} from '@shop/contract';
import { isTransferMethod } from '@shop/contract/orders';
import type { Duration, OrderStatusFilter, PaymentStatusFilter } from '@shop/contract/schemas/memberOrders';
import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { buyerActivities, orderItems, orderLogs, orders, paymentProofs } from '../db/schema';
import { AppError, isDatabaseUnavailable } from '../errors';
import { imageUrl } from './images';
import { toOrder } from './orders';
import type { UploadStore } from './uploads';

/** Orders a page of the member's list (the spec leaves the page size to the server). */
export const ORDERS_PER_PAGE = 10;

const DURATION_INTERVAL: Record<Duration, string> = {
  last_7_days: '7 days',
  last_30_days: '30 days',
  last_3_months: '3 months',
};

/**
 * To the shopper both are "not sent yet": a transfer order waits for its money as 'Payment
 * Pending', a cash order waits for dispatch as 'Pending'. The filter and the pending box count both.
 */
const PENDING_STATUSES: OrderStatus[] = ['Pending', 'Payment Pending'];

export const PROOF_IMAGE_REQUIRED = 'Upload an image.';
export const THANK_YOU_FEEDBACK = 'Thank you for your feedback';
export const PROOF_SUBMITTED = 'Your proof of payment is submitted.';
/** Order log and buyer activity entries written here. */
export const PROOF_UPLOADED_ACTION = 'Proof of payment uploaded';

export interface OrderFilters {
  duration?: Duration;
  order_status?: OrderStatusFilter;
  payment_status?: PaymentStatusFilter;
  page?: number;
}

/** The WHERE of a filtered list; buyerId null for the admin's list of every buyer. */
export function orderConditions(buyerId: number | null, filters: OrderFilters): SQL[] {
  const where: SQL[] = [];
  if (buyerId !== null) where.push(eq(orders.buyerId, buyerId));
  if (filters.duration) {
    where.push(gte(orders.createdAt, sql`now() - ${DURATION_INTERVAL[filters.duration]}::interval`));
  }
  if (filters.order_status === 'Pending') where.push(inArray(orders.orderStatus, PENDING_STATUSES));
  else if (filters.order_status) where.push(eq(orders.orderStatus, filters.order_status));
  if (filters.payment_status) where.push(eq(orders.paymentStatus, filters.payment_status));
  return where;
}

export const pageMeta = (totalCount: number, page: number, perPage: number) => ({
  totalCount,
  currentPage: page,
  pageCount: Math.ceil(totalCount / perPage),
  perPage,
});

export async function listBuyerOrders(
  db: Database,
  buyerId: number,
  filters: OrderFilters,
): Promise<OrderPage> {
  const page = filters.page ?? 1;
  const where = and(...orderConditions(buyerId, filters));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PER_PAGE)
      .offset((page - 1) * ORDERS_PER_PAGE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { items: rows.map(toOrder), _meta: pageMeta(total?.n ?? 0, page, ORDERS_PER_PAGE) };
}

export async function buyerOrderStats(db: Database, buyerId: number): Promise<OrderStats> {
  const rows = await db
    .select({ status: orders.orderStatus, n: count() })
    .from(orders)
    .where(eq(orders.buyerId, buyerId))
    .groupBy(orders.orderStatus);
  const of = (...statuses: OrderStatus[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
  return {
    totalOrders: rows.reduce((sum, row) => sum + row.n, 0),
    pendingOrders: of(...PENDING_STATUSES),
    dispatchedOrders: of('Dispatch'),
    deliveredOrders: of('Delivered'),
    canceledOrders: of('Cancel'),
  };
}

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type ProofRow = typeof paymentProofs.$inferSelect;

export const orderNotFound = () => AppError.notFound('Order not found.');

/** The order when it is this buyer's (buyerId null: every buyer's, for admins); else 404. */
export async function findOrder(
  db: Database,
  orderId: number,
  buyerId: number | null,
  forUpdate = false,
): Promise<OrderRow> {
  const where =
    buyerId === null ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.buyerId, buyerId));
  const query = db.select().from(orders).where(where);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw orderNotFound();
  return row;
}

export async function orderLog(db: Database, orderId: number): Promise<OrderLogEntry[]> {
  const rows = await db
    .select()
    .from(orderLogs)
    .where(eq(orderLogs.orderId, orderId))
    .orderBy(asc(orderLogs.createdAt), asc(orderLogs.id));
  return rows.map((row) => ({ created_at: row.createdAt.toISOString(), action: row.action }));
}

export async function buyerOrderLog(
  db: Database,
  buyerId: number,
  orderId: number,
): Promise<OrderLogEntry[]> {
  await findOrder(db, orderId, buyerId);
  return orderLog(db, orderId);
}

const toProof = (row: ProofRow): ProofOfPayment => ({
  id: row.id,
  status: row.status,
  comments: row.comments,
  admin_comments: row.adminComments,
  created_at: row.createdAt.toISOString(),
});

async function latestProof(db: Database, orderId: number): Promise<ProofRow | null> {
  const [row] = await db
    .select()
    .from(paymentProofs)
    .where(eq(paymentProofs.orderId, orderId))
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .limit(1);
  return row ?? null;
}

/**
 * Why this order takes no proof now, or null when it does: a transfer order, not canceled, not
 * yet paid, with no proof or a rejected last one (spec 001 §2.7).
 */
function proofRefusal(order: OrderRow, last: ProofRow | null): AppError | null {
  // Orders paid by transfer take a proof of payment (spec 001 §2.7).
  if (!isTransferMethod(order.paymentMethod)) {
    return AppError.conflict(
      'PROOF_NOT_EXPECTED',
      'A proof of payment is only taken for Bank Transfer or Money Exchange Transfer orders.',
    );
  }
  if (order.orderStatus === 'Cancel') return AppError.conflict('ORDER_CANCELED', 'This order is canceled.');
  if (order.paymentStatus === 'Received') {
    return AppError.conflict('PAYMENT_RECEIVED', 'The payment of this order is already received.');
  }
  if (last?.status === 'Pending') {
    return AppError.conflict('PROOF_PENDING', 'Your proof of payment is submitted and waits for our check.');
  }
  if (last?.status === 'Confirmed') {
    return AppError.conflict('PROOF_CONFIRMED', 'Your proof of payment is already confirmed.');
  }
  return null;
}

/** Review and feedback: every order status but Cancel (see README: the spec's Pending-only is not kept). */
const mayRate = (order: OrderRow) => order.orderStatus !== 'Cancel';

/** Where the ordered logo is read: the buyer's or the admin's endpoint. */
export type LogoUrl = (orderId: number, itemId: number) => string;
export const buyerLogoUrl: LogoUrl = (orderId, itemId) =>
  `/backend/api/buyer-orders/${orderId}/items/${itemId}/logo`;

function toOrderedProduct(order: OrderRow, item: OrderItemRow, logoUrl: LogoUrl): OrderedProduct {
  const customized = item.customizationOptions !== null && item.customizationOptions.length > 0;
  return {
    id: item.id,
    price: item.unitPrice,
    quantity: item.quantity,
    total: item.lineTotal,
    product: {
      id: item.productId,
      title: item.title,
      slug: item.slug,
      image: imageUrl('products', item.productId),
      category: { name: item.categoryName },
      subCategory: { name: item.subCategoryName },
      type: { name: item.typeName },
    },
    customization: customized
      ? {
          id: item.id,
          image: item.customizationLogo ? logoUrl(order.id, item.id) : null,
          logoMessage: item.customizationOptions?.includes('logo') ? 'Logo uploaded' : null,
          toWhom: item.customizationToWhom,
          from: item.customizationFrom,
          note: item.customizationNote,
          brief: item.customizationBrief,
          price: item.customizationPrice,
        }
      : null,
    packaging:
      item.packagingId !== null
        ? {
            id: item.packagingId,
            title: item.packagingTitle ?? '',
            image: imageUrl('packaging', item.packagingId),
            price: item.packagingPrice,
          }
        : null,
    review_submitted: item.reviewSubmitted,
    feedback_submitted: item.feedbackSubmitted,
    can_review: mayRate(order) && !item.reviewSubmitted,
    can_give_feedback: mayRate(order) && !item.feedbackSubmitted,
  };
}

/** The detail of an order already known to be the caller's (or read by an admin). */
export async function orderDetailOf(db: Database, order: OrderRow, logoUrl: LogoUrl): Promise<OrderDetail> {
  const [items, proof, log] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    latestProof(db, order.id),
    orderLog(db, order.id),
  ]);
  return {
    ...toOrder(order),
    ordered_products: items.map((item) => toOrderedProduct(order, item, logoUrl)),
    proofOfPayment: proof ? toProof(proof) : null,
    can_upload_proof: proofRefusal(order, proof) === null,
    address: {
      first_name: order.shipFirstName,
      last_name: order.shipLastName,
      mobile: order.shipMobile,
      address: order.shipAddress,
      city: order.shipCity,
      country: order.shipCountry,
    },
    log,
  };
}

export async function buyerOrderDetail(db: Database, buyerId: number, orderId: number): Promise<OrderDetail> {
  return orderDetailOf(db, await findOrder(db, orderId, buyerId), buyerLogoUrl);
}

/** The customization logo of an ordered product; buyerId null for admins. */
export async function orderedLogo(
  db: Database,
  uploads: UploadStore,
  buyerId: number | null,
  orderId: number,
  itemId: number,
) {
  await findOrder(db, orderId, buyerId);
  const [item] = await db
    .select({ logo: orderItems.customizationLogo })
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  if (!item?.logo) throw AppError.notFound('Logo not found.');
  return uploads.read(item.logo);
}

/** The bytes of an upload checked like the cart's logo, the problem named under `field`. */
export async function saveCheckedImage(uploads: UploadStore, bytes: Buffer, field: string): Promise<string> {
  return uploads.saveImage(bytes, field);
}

export const PROOF_COMMENTS_MAX = 500;

/**
 * Takes a proof of payment for the buyer's transfer order (spec 001 §2.7): 404 when the order is
 * not theirs, 409 naming why it takes none now, 422 without an image, 415/413 for a file that is
 * not a JPEG/PNG or is over 1 MB, 422 for a picture over the pixel limits (uploads.ts). The order
 * row is locked so two uploads queue; the partial unique index on payment_proofs is the last word.
 */
export async function submitProofOfPayment(
  db: Database,
  uploads: UploadStore,
  buyerId: number,
  input: { orderId: number; comments: string; file: Buffer | null },
): Promise<{ message: string; proofOfPayment: ProofOfPayment }> {
  const comments = input.comments.trim();
  if (comments.length > PROOF_COMMENTS_MAX) {
    throw AppError.invalidFields({
      comments: `Comments can't be longer than ${PROOF_COMMENTS_MAX} characters`,
    });
  }
  // Refusals that need no file come first, so a shopper is not told to fix an image for nothing.
  const order = await findOrder(db, input.orderId, buyerId);
  const early = proofRefusal(order, await latestProof(db, order.id));
  if (early) throw early;
  if (!input.file) throw AppError.invalidFields({ file: PROOF_IMAGE_REQUIRED });
  const image = await saveCheckedImage(uploads, input.file, 'file');
  try {
    const row = await db.transaction(async (tx) => {
      const locked = await findOrder(tx, input.orderId, buyerId, true);
      const refusal = proofRefusal(locked, await latestProof(tx, locked.id));
      if (refusal) throw refusal;
      const [proof] = await tx
        .insert(paymentProofs)
        .values({ orderId: locked.id, image, comments })
        .returning();
      if (!proof) throw new Error('proof not saved');
      await tx.insert(orderLogs).values({ orderId: locked.id, action: PROOF_UPLOADED_ACTION });
      await tx.insert(buyerActivities).values({
        buyerId,
        actionType: `${PROOF_UPLOADED_ACTION} for order ${locked.orderNumber}`,
        orderId: locked.id,
      });
      return proof;
    });
    return { message: PROOF_SUBMITTED, proofOfPayment: toProof(row) };
  } catch (error) {
    // A refusal or a rollback: the file is nobody's. Not when the database went away, though: a
    // COMMIT whose answer was lost may have saved the proof, which must keep its file (one left
    // behind costs space only).
    if (!isDatabaseUnavailable(error)) await uploads.remove(image);
    throw error;
  }
}

/**
 * The ordered product a review or feedback is about, locked: it must be an item of the buyer's
 * own order and of that product (404 otherwise), and the order must not be canceled (409).
 */
export async function lockOrderedProduct(
  tx: Database,
  buyerId: number,
  ids: { orderId: number; itemId: number; productId: number },
): Promise<{ order: OrderRow; item: OrderItemRow }> {
  const order = await findOrder(tx, ids.orderId, buyerId);
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, ids.itemId), eq(orderItems.orderId, order.id)))
    .for('update');
  if (!item || item.productId !== ids.productId) throw AppError.notFound('Ordered product not found.');
  if (!mayRate(order)) {
    throw AppError.conflict('ORDER_CANCELED', 'A canceled order takes no review or feedback.');
  }
  return { order, item };
}
