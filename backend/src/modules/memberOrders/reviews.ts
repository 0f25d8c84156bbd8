/**
 * Review and feedback of an ordered product (spec 001 §2.7, §4, §5): once each per ordered
 * product, by the order's buyer, for any order status but Cancel. A review is a product_reviews
 * row like the seeded ones, so it shows on the product page, and the product's rating and review
 * count are recomputed in the same transaction. Feedback is for the shop only.
 */
import type { Review } from '@shop/contract';
import { MESSAGES, reviewSchema } from '@shop/contract/validation';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  buyerActivities,
  buyers,
  orderItems,
  productFeedbacks,
  productReviews,
  products,
} from '../../db/schema';
import { AppError } from '../../errors';
import { checked } from '../../services/buyers';
import { lockOrderedProduct, saveCheckedImage, THANK_YOU_FEEDBACK } from '../../services/memberOrders';
import type { UploadStore } from '../../services/uploads';

export const REVIEW_COMMENTS_MAX = 1000;

/**
 * A product's review count and average rating from its reviews an admin has not hidden (the
 * cards, the first screen's stars, the JSON-LD and the home's top rated read them). The caller
 * holds the product row's lock, so two recomputes of one product run one after the other.
 */
export async function recomputeRating(db: Database, productId: number): Promise<void> {
  await db.execute(sql`UPDATE products SET
      review_count = r.n, rating = coalesce(r.average, 0)
    FROM (SELECT count(*)::int AS n, round(avg(rating), 1) AS average FROM product_reviews
      WHERE product_id = ${productId} AND NOT hidden) r
    WHERE products.id = ${productId}`);
}

export interface OrderedProductRef {
  orderId: number;
  itemId: number;
  productId: number;
}

/** 'Maya H.': the product page names reviewers by first name and initial. */
async function reviewerName(tx: Database, buyerId: number): Promise<string> {
  const [row] = await tx
    .select({ firstName: buyers.firstName, lastName: buyers.lastName })
    .from(buyers)
    .where(eq(buyers.id, buyerId));
  const initial = row?.lastName.trim().charAt(0);
  return [row?.firstName.trim() || 'Customer', initial ? `${initial.toUpperCase()}.` : '']
    .filter(Boolean)
    .join(' ');
}

export async function createReview(
  db: Database,
  buyerId: number,
  ref: OrderedProductRef,
  body: { rating?: unknown; comments?: unknown },
): Promise<{ review: Review; message: string }> {
  const form = await checked(reviewSchema, body);
  if (form.comments.length > REVIEW_COMMENTS_MAX) {
    throw AppError.invalidFields({
      comments: `Comments can't be longer than ${REVIEW_COMMENTS_MAX} characters`,
    });
  }
  const rating = Math.round(form.rating);
  const row = await db.transaction(async (tx) => {
    const { order, item } = await lockOrderedProduct(tx, buyerId, ref);
    if (item.reviewSubmitted) {
      throw AppError.conflict('REVIEW_EXISTS', 'You have already reviewed this product of the order.');
    }
    // The product row is locked so two reviews of it recompute the rating one after the other.
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, item.productId))
      .for('update');
    if (!product) throw AppError.notFound('This product is no longer sold: it takes no review.');
    const [review] = await tx
      .insert(productReviews)
      .values({
        productId: product.id,
        buyerName: await reviewerName(tx, buyerId),
        rating,
        comments: form.comments,
        buyerId,
        orderItemId: item.id,
      })
      .returning();
    if (!review) throw new Error('review not saved');
    await tx.update(orderItems).set({ reviewSubmitted: true }).where(eq(orderItems.id, item.id));
    await recomputeRating(tx, product.id);
    await tx.insert(buyerActivities).values({
      buyerId,
      actionType: `Reviewed "${item.title}" of order ${order.orderNumber}`,
      orderId: order.id,
    });
    return review;
  });
  return {
    review: {
      id: row.id,
      rating: row.rating,
      comments: row.comments,
      buyer: { name: row.buyerName },
      created_at: row.createdAt.toISOString(),
    },
    message: THANK_YOU_FEEDBACK,
  };
}

export async function createFeedback(
  db: Database,
  uploads: UploadStore,
  buyerId: number,
  ref: OrderedProductRef,
  input: { comments: string; file: Buffer | null },
): Promise<{ message: string }> {
  const comments = input.comments.trim();
  if (!comments) throw AppError.invalidFields({ comments: MESSAGES.commentsRequired });
  if (comments.length > REVIEW_COMMENTS_MAX) {
    throw AppError.invalidFields({
      comments: `Comments can't be longer than ${REVIEW_COMMENTS_MAX} characters`,
    });
  }
  // The ownership and once-only checks run before the file is kept, and again under the lock.
  await db.transaction(async (tx) => {
    const { item } = await lockOrderedProduct(tx, buyerId, ref);
    if (item.feedbackSubmitted) throw feedbackExists();
  });
  const image = input.file ? await saveCheckedImage(uploads, input.file, 'file') : null;
  try {
    await db.transaction(async (tx) => {
      const { order, item } = await lockOrderedProduct(tx, buyerId, ref);
      if (item.feedbackSubmitted) throw feedbackExists();
      await tx
        .insert(productFeedbacks)
        .values({ orderItemId: item.id, buyerId, productId: item.productId, comments, image });
      await tx.update(orderItems).set({ feedbackSubmitted: true }).where(eq(orderItems.id, item.id));
      await tx.insert(buyerActivities).values({
        buyerId,
        actionType: `Gave feedback on "${item.title}" of order ${order.orderNumber}`,
        orderId: order.id,
      });
    });
  } catch (error) {
    await uploads.remove(image);
    throw error;
  }
  return { message: THANK_YOU_FEEDBACK };
}

const feedbackExists = () =>
  AppError.conflict('FEEDBACK_EXISTS', 'You have already given feedback on this product of the order.');
