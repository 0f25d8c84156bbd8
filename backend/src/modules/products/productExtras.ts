/** Product page extras: groups, gallery, bought together, reviews, questions, notify-me. */

import type {
  GalleryEntry,
  ProductCard,
  ProductGroup,
  Question,
  QuestionPage,
  ReviewPage,
} from '@shop/contract';
import { uploadedImageUrl } from '@shop/contract/media';
import { INT4_MAX } from '@shop/contract/schemas/common';
import { notifyMeSchema, questionSchema } from '@shop/contract/validation';
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { productGallery, productQuestions, productReviews, products } from '../../db/schema';
import { AppError } from '../../errors';
import { checked } from '../../services/buyers';
import { imageUrl } from '../../services/images';
import { loadProductCards, productImageUrl } from '../../services/productCards';

export const REVIEWS_PER_PAGE = 5;
export const QUESTIONS_PER_PAGE = 5;
const BOUGHT_TOGETHER_MAX = 8;

async function productOrNotFound(db: Database, id: number) {
  // Ids arrive as form values too ('123'): one past int4 is no product, not a database error.
  if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) throw AppError.notFound('Product not found.');
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, id));
  if (!row) throw AppError.notFound('Product not found.');
  return row;
}

const meta = (totalCount: number, page: number, perPage: number) => ({
  totalCount,
  currentPage: page,
  pageCount: Math.ceil(totalCount / perPage),
  perPage,
});

/**
 * The groups the product belongs to, each with its live members (archived ones are left out;
 * groups of one are left out).
 */
export async function groupedProducts(db: Database, productId: number): Promise<ProductGroup[]> {
  await productOrNotFound(db, productId);
  const rows = rowsOf<{
    group_id: number;
    group_name: string;
    id: number;
    title: string;
    slug: string;
    image_id: number | null;
  }>(
    await db.execute(sql`SELECT g.id AS group_id, g.name AS group_name, p.id, p.title, p.slug, p.image_id
      FROM product_group_members mine JOIN product_groups g ON g.id = mine.group_id
      JOIN product_group_members m ON m.group_id = g.id JOIN products p ON p.id = m.product_id
      WHERE mine.product_id = ${productId} AND p.archived_at IS NULL
      ORDER BY g.id, m.position, p.id`),
  );
  const groups = new Map<number, ProductGroup>();
  for (const row of rows) {
    const group = groups.get(row.group_id) ?? { groupName: row.group_name, products: [] };
    group.products.push({
      title: row.title,
      slug: row.slug,
      image: productImageUrl(Number(row.id), row.image_id === null ? null : Number(row.image_id)),
    });
    groups.set(row.group_id, group);
  }
  return [...groups.values()].filter((group) => group.products.length > 1);
}

export async function gallery(db: Database, productId: number): Promise<GalleryEntry[]> {
  await productOrNotFound(db, productId);
  const rows = await db
    .select()
    .from(productGallery)
    .where(eq(productGallery.productId, productId))
    .orderBy(asc(productGallery.position), asc(productGallery.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    // An uploaded picture (the back office), else the generated drawing: one per product, a
    // view number per entry.
    image:
      row.imageId === null
        ? `${imageUrl('products', productId)}?view=${row.position}`
        : uploadedImageUrl(row.imageId),
    video_link: row.videoLink,
    caption: row.caption,
  }));
}

/** No order lines yet: the best sellers of the same category stand in for "bought together". */
export async function boughtTogether(db: Database, productId: number): Promise<{ product: ProductCard }[]> {
  const product = await productOrNotFound(db, productId);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.categoryId, product.categoryId),
        ne(products.id, productId),
        isNull(products.archivedAt),
      ),
    )
    .orderBy(desc(products.salesCount), asc(products.id))
    .limit(BOUGHT_TOGETHER_MAX);
  const cards = await loadProductCards(
    db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const card = cards.get(row.id);
    return card ? [{ product: card }] : [];
  });
}

export async function reviewPage(
  db: Database,
  productId: number,
  options: { page?: number; oldestFirst?: boolean },
): Promise<ReviewPage> {
  await productOrNotFound(db, productId);
  const page = options.page ?? 1;
  const order = options.oldestFirst
    ? [asc(productReviews.createdAt), asc(productReviews.id)]
    : [desc(productReviews.createdAt), desc(productReviews.id)];
  const [rows, [summary]] = await Promise.all([
    db
      .select()
      .from(productReviews)
      .where(shownReviews(productId))
      .orderBy(...order)
      .limit(REVIEWS_PER_PAGE)
      .offset((page - 1) * REVIEWS_PER_PAGE),
    db
      .select({ n: count(), average: sql<string | null>`round(avg(${productReviews.rating}), 1)` })
      .from(productReviews)
      .where(shownReviews(productId)),
  ]);
  const total = summary?.n ?? 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      comments: row.comments,
      buyer: { name: row.buyerName },
      created_at: row.createdAt.toISOString(),
    })),
    summary: { rating: Number(summary?.average ?? 0), count: total },
    _meta: meta(total, page, REVIEWS_PER_PAGE),
  };
}

/** A product's reviews the page shows: all but those an admin hid (issue 21). */
const shownReviews = (productId: number) =>
  and(eq(productReviews.productId, productId), eq(productReviews.hidden, false));

/** A product's questions the page shows: answered or approved, never one still held (issue 21). */
const shownQuestions = (productId: number) =>
  and(eq(productQuestions.productId, productId), eq(productQuestions.held, false));

const toQuestion = (row: typeof productQuestions.$inferSelect): Question => ({
  id: row.id,
  question: row.question,
  questioner_name: row.questionerName,
  question_time: row.questionTime.toISOString(),
  answer: row.answer,
  answer_time: row.answerTime?.toISOString() ?? null,
});

export async function questionPage(
  db: Database,
  productId: number,
  options: { page?: number; oldestFirst?: boolean },
): Promise<QuestionPage> {
  await productOrNotFound(db, productId);
  const page = options.page ?? 1;
  const order = options.oldestFirst
    ? [asc(productQuestions.questionTime), asc(productQuestions.id)]
    : [desc(productQuestions.questionTime), desc(productQuestions.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productQuestions)
      .where(shownQuestions(productId))
      .orderBy(...order)
      .limit(QUESTIONS_PER_PAGE)
      .offset((page - 1) * QUESTIONS_PER_PAGE),
    db.select({ n: count() }).from(productQuestions).where(shownQuestions(productId)),
  ]);
  return { items: rows.map(toQuestion), _meta: meta(total?.n ?? 0, page, QUESTIONS_PER_PAGE) };
}

export async function askQuestion(
  db: Database,
  body: { product_id: number } & Record<string, unknown>,
): Promise<Question> {
  const form = await checked(questionSchema, body);
  await productOrNotFound(db, body.product_id);
  const [row] = await db
    .insert(productQuestions)
    .values({
      productId: body.product_id,
      questionerName: form.questioner_name,
      questionerEmail: form.questioner_email,
      question: form.question,
      // Held until an admin answers or approves it (issue 21, back office: admin/questions).
      held: true,
    })
    .returning();
  if (!row) throw new Error('question not stored');
  return toQuestion(row);
}

/** One subscription per product and e-mail (case-insensitive); asking again changes nothing. */
export async function notifyMe(db: Database, body: Record<string, unknown>): Promise<void> {
  const form = await checked(notifyMeSchema, body);
  await productOrNotFound(db, form.product_id);
  await db.execute(sql`INSERT INTO notify_requests (product_id, email) VALUES (${form.product_id}, ${form.email})
    ON CONFLICT (product_id, lower(email)) DO NOTHING`);
}
