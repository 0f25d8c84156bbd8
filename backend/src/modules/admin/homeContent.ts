/**
 * The home page's content as the back office edits it (issue 22): hero slides (at most five, in
 * order), banners, the deal of the day, the category blocks by position. The storefront reads the
 * same tables on every request (modules/home/home.ts), so a change shows on the next page load, on
 * every instance: nothing caches these answers.
 *
 * Slides and banners are numbered here (their ids are plain integers, as the seed wrote them):
 * the next id under a lock of the table, which also serialises two admins adding a sixth slide.
 * Positions stay 1..n without gaps: an item added goes last, a removal closes the gap, a move swaps
 * two neighbours.
 */

import { uploadedImageUrl } from '@shop/contract/media';
import {
  type AdminBanner,
  type AdminCategoryBlock,
  type AdminDeal,
  type AdminHeroSlide,
  type AdminHomeContent,
  type BannerInput,
  type CategoryBlockInput,
  type DealInput,
  HERO_SLIDES_MAX,
  type HeroSlideInput,
  HOME_CONTENT_MESSAGES,
  homeLinkProblem,
  type MoveDirection,
} from '@shop/contract/schemas/homeContent';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import {
  banners,
  categories,
  categoryBlockItems,
  categoryBlocks,
  dealItems,
  deals,
  heroSlides,
  products,
  productTypes,
  uploadedImages,
} from '../../db/schema';
import { AppError } from '../../errors';

// ---------------------------------------------------------------- reading

const imageOf = (row: { imageId: number | null; imageWidth: number | null; imageHeight: number | null }) =>
  row.imageId !== null && row.imageWidth !== null && row.imageHeight !== null
    ? { id: row.imageId, url: uploadedImageUrl(row.imageId), width: row.imageWidth, height: row.imageHeight }
    : null;

export async function adminSlides(db: Database): Promise<AdminHeroSlide[]> {
  const rows = await db
    .select({
      slide: heroSlides,
      imageWidth: uploadedImages.width,
      imageHeight: uploadedImages.height,
    })
    .from(heroSlides)
    .leftJoin(uploadedImages, eq(uploadedImages.id, heroSlides.imageId))
    .orderBy(asc(heroSlides.position), asc(heroSlides.id));
  return rows.map(({ slide, imageWidth, imageHeight }) => ({
    id: slide.id,
    position: slide.position,
    title: slide.title,
    sub_title: slide.subTitle,
    button_text: slide.buttonText,
    button_link: slide.buttonLink,
    offer_tag: slide.offerTag,
    image: imageOf({ imageId: slide.imageId, imageWidth, imageHeight }),
  }));
}

export async function adminBanners(db: Database): Promise<AdminBanner[]> {
  const rows = await db
    .select({ banner: banners, imageWidth: uploadedImages.width, imageHeight: uploadedImages.height })
    .from(banners)
    .leftJoin(uploadedImages, eq(uploadedImages.id, banners.imageId))
    .orderBy(asc(banners.position), asc(banners.id));
  return rows.map(({ banner, imageWidth, imageHeight }) => ({
    id: banner.id,
    position: banner.position,
    title: banner.title,
    sub_title: banner.subTitle,
    template: banner.template,
    link_type: banner.linkType,
    link: banner.link,
    button_text: banner.buttonText,
    image: imageOf({ imageId: banner.imageId, imageWidth, imageHeight }),
  }));
}

/** The deal the storefront shows now (modules/home/home.ts dealOfTheDay: the latest started). */
const RUNNING_DEAL = sql`SELECT id, title, starts_at, ends_at FROM deals
  WHERE starts_at <= now() AND ends_at > now() ORDER BY starts_at DESC, id LIMIT 1`;

export async function adminDeal(db: Database): Promise<AdminDeal | null> {
  const [deal] = rowsOf<{ id: number; title: string; starts_at: Date | string; ends_at: Date | string }>(
    await db.execute(RUNNING_DEAL),
  );
  if (!deal) return null;
  const items = await db
    .select({ id: products.id, title: products.title, slug: products.slug })
    .from(dealItems)
    .innerJoin(products, eq(products.id, dealItems.productId))
    .where(eq(dealItems.dealId, Number(deal.id)))
    .orderBy(asc(dealItems.position), asc(dealItems.productId));
  return {
    id: Number(deal.id),
    title: deal.title,
    starts_at: new Date(deal.starts_at).toISOString(),
    ends_at: new Date(deal.ends_at).toISOString(),
    products: items,
  };
}

export async function adminBlocks(db: Database): Promise<AdminCategoryBlock[]> {
  const rows = await db
    .select({
      position: categoryBlocks.position,
      blockId: categoryBlocks.id,
      typeId: productTypes.id,
      typeName: productTypes.name,
      categoryId: categories.id,
      categoryName: categories.name,
    })
    .from(categoryBlocks)
    .innerJoin(productTypes, eq(productTypes.id, categoryBlocks.productTypeId))
    .leftJoin(categoryBlockItems, eq(categoryBlockItems.blockId, categoryBlocks.id))
    .leftJoin(categories, eq(categories.id, categoryBlockItems.categoryId))
    .orderBy(asc(categoryBlocks.position), asc(categoryBlocks.id), asc(categoryBlockItems.position));
  const blocks: AdminCategoryBlock[] = [];
  let lastBlock: number | null = null;
  for (const row of rows) {
    if (row.blockId !== lastBlock) {
      lastBlock = row.blockId;
      blocks.push({
        position: row.position,
        product_type: { id: row.typeId, name: row.typeName },
        categories: [],
      });
    }
    if (row.categoryId !== null && row.categoryName !== null) {
      blocks.at(-1)?.categories.push({ id: row.categoryId, name: row.categoryName });
    }
  }
  return blocks;
}

async function typeChoices(db: Database): Promise<AdminHomeContent['types']> {
  const [types, cats] = await Promise.all([
    db
      .select({ id: productTypes.id, name: productTypes.name })
      .from(productTypes)
      .orderBy(asc(productTypes.position), asc(productTypes.id)),
    db
      .select({ id: categories.id, name: categories.name, typeId: categories.typeId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
  ]);
  return types.map((type) => ({
    ...type,
    categories: cats.filter((each) => each.typeId === type.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function homeContent(db: Database): Promise<AdminHomeContent> {
  const [slides, bannerList, deal, blocks, types] = await Promise.all([
    adminSlides(db),
    adminBanners(db),
    adminDeal(db),
    adminBlocks(db),
    typeChoices(db),
  ]);
  return { slides, banners: bannerList, deal, blocks, types };
}

// ---------------------------------------------------------------- snapshots for the audit

/** A slide's editable fields (the audit's before and after), or null when there is none. */
export async function slideSnapshot(db: Database, id: number) {
  const [row] = await db.select().from(heroSlides).where(eq(heroSlides.id, id));
  return row ?? null;
}

export async function bannerSnapshot(db: Database, id: number) {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row ?? null;
}

export async function dealSnapshot(db: Database) {
  const deal = await adminDeal(db);
  return deal
    ? { title: deal.title, ends_at: deal.ends_at, product_ids: deal.products.map((p) => p.id) }
    : null;
}

export async function blockSnapshot(db: Database, position: number) {
  const block = (await adminBlocks(db)).find((each) => each.position === position);
  return block
    ? { position, product_type_id: block.product_type.id, category_ids: block.categories.map((c) => c.id) }
    : null;
}

// ---------------------------------------------------------------- checks

/** 400 naming the field when a link is neither a shop path nor an http(s) address. */
function checkLink(link: string, field: string): void {
  const problem = homeLinkProblem(link);
  if (problem) throw AppError.badRequest(problem, { [field]: problem });
}

/** 400 when a text is only spaces (the schema counts characters, not words). */
function checkFilled(values: Record<string, string>): void {
  for (const [field, value] of Object.entries(values)) {
    if (value.trim() === '')
      throw AppError.badRequest(`Enter the ${field.replace('_', ' ')}.`, { [field]: 'is empty' });
  }
}

async function checkImage(db: Database, id: number | null): Promise<void> {
  if (id === null) return;
  const [row] = await db
    .select({ id: uploadedImages.id })
    .from(uploadedImages)
    .where(eq(uploadedImages.id, id));
  if (!row)
    throw AppError.badRequest(`Picture ${id} was not uploaded.`, { image_id: 'is not an uploaded picture' });
}

const notFound = (what: string) => AppError.notFound(`No such ${what}.`);

// ---------------------------------------------------------------- slides and banners

type Ordered = typeof heroSlides | typeof banners;

/** The next id of a table, under a lock that keeps other writers of it out until the commit. */
async function lockAndNextId(
  db: Database,
  table: Ordered,
): Promise<{ id: number; count: number; last: number }> {
  await db.execute(sql`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  const [row] = await db
    .select({
      id: sql<number>`coalesce(max(${table.id}), 0)::int + 1`,
      count: sql<number>`count(*)::int`,
      last: sql<number>`coalesce(max(${table.position}), 0)::int`,
    })
    .from(table);
  return { id: Number(row?.id ?? 1), count: Number(row?.count ?? 0), last: Number(row?.last ?? 0) };
}

const slideValues = (input: HeroSlideInput) => ({
  title: input.title.trim(),
  subTitle: input.sub_title.trim(),
  buttonText: input.button_text.trim(),
  buttonLink: input.button_link.trim(),
  offerTag: input.offer_tag?.trim() || null,
  imageId: input.image_id,
});

async function checkSlide(db: Database, input: HeroSlideInput): Promise<void> {
  checkFilled({ title: input.title, button_text: input.button_text });
  checkLink(input.button_link.trim(), 'button_link');
  await checkImage(db, input.image_id);
}

export async function addSlide(db: Database, input: HeroSlideInput): Promise<number> {
  await checkSlide(db, input);
  const next = await lockAndNextId(db, heroSlides);
  if (next.count >= HERO_SLIDES_MAX) throw AppError.conflict('SLIDES_FULL', HOME_CONTENT_MESSAGES.slidesFull);
  await db.insert(heroSlides).values({ id: next.id, position: next.last + 1, ...slideValues(input) });
  return next.id;
}

export async function changeSlide(db: Database, id: number, input: HeroSlideInput): Promise<void> {
  await checkSlide(db, input);
  const changed = await db
    .update(heroSlides)
    .set(slideValues(input))
    .where(eq(heroSlides.id, id))
    .returning({ id: heroSlides.id });
  if (changed.length === 0) throw notFound('slide');
}

const bannerValues = (input: BannerInput) => ({
  title: input.title.trim(),
  subTitle: input.sub_title.trim(),
  template: input.template,
  linkType: input.link_type,
  link: input.link.trim(),
  buttonText: input.button_text.trim(),
  imageId: input.image_id,
});

async function checkBanner(db: Database, input: BannerInput): Promise<void> {
  checkFilled({ title: input.title, button_text: input.button_text });
  checkLink(input.link.trim(), 'link');
  await checkImage(db, input.image_id);
}

export async function addBanner(db: Database, input: BannerInput): Promise<number> {
  await checkBanner(db, input);
  const next = await lockAndNextId(db, banners);
  await db.insert(banners).values({ id: next.id, position: next.last + 1, ...bannerValues(input) });
  return next.id;
}

export async function changeBanner(db: Database, id: number, input: BannerInput): Promise<void> {
  await checkBanner(db, input);
  const changed = await db
    .update(banners)
    .set(bannerValues(input))
    .where(eq(banners.id, id))
    .returning({ id: banners.id });
  if (changed.length === 0) throw notFound('banner');
}

/** Removes a slide or banner and closes the gap in the positions. */
export async function removeOrdered(db: Database, table: Ordered, id: number, what: string): Promise<void> {
  await db.execute(sql`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  const [gone] = await db.delete(table).where(eq(table.id, id)).returning({ position: table.position });
  if (!gone) throw notFound(what);
  await renumber(db, table);
}

/** Positions 1..n in the current order (the seed's may have gaps or start at 0). */
async function renumber(db: Database, table: Ordered): Promise<void> {
  await db.execute(sql`UPDATE ${table} SET position = ordered.n
    FROM (SELECT id, row_number() OVER (ORDER BY position, id)::int AS n FROM ${table}) ordered
    WHERE ${table}.id = ordered.id AND ${table}.position <> ordered.n`);
}

/** Swaps a slide or banner with its neighbour above or below; at the end already, nothing moves. */
export async function moveOrdered(
  db: Database,
  table: Ordered,
  id: number,
  direction: MoveDirection,
  what: string,
): Promise<void> {
  await db.execute(sql`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  await renumber(db, table);
  const order = await db
    .select({ id: table.id, position: table.position })
    .from(table)
    .orderBy(asc(table.position));
  const at = order.findIndex((row) => row.id === id);
  if (at < 0) throw notFound(what);
  const other = order[direction === 'up' ? at - 1 : at + 1];
  const self = order[at];
  if (!other || !self) return;
  await db.update(table).set({ position: other.position }).where(eq(table.id, self.id));
  await db.update(table).set({ position: self.position }).where(eq(table.id, other.id));
}

// ---------------------------------------------------------------- the deal of the day

/**
 * Sets the deal the storefront shows: the running one takes the new title, end and products;
 * with none running, one starts now. 400 for an end not in the future or a product that does not
 * exist (or is archived).
 */
export async function setDeal(db: Database, input: DealInput): Promise<void> {
  checkFilled({ title: input.title });
  const endsAt = new Date(input.ends_at);
  if (Number.isNaN(endsAt.getTime()) || endsAt.getTime() <= Date.now()) {
    throw AppError.badRequest(HOME_CONTENT_MESSAGES.dealEnded, { ends_at: HOME_CONTENT_MESSAGES.dealEnded });
  }
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, input.product_ids), sql`${products.archivedAt} IS NULL`));
  const missing = input.product_ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) {
    throw AppError.badRequest(`No such product on sale: ${missing.join(', ')}.`, {
      product_ids: `no such product on sale: ${missing.join(', ')}`,
    });
  }
  await db.execute(sql`LOCK TABLE deals IN SHARE ROW EXCLUSIVE MODE`);
  const [running] = rowsOf<{ id: number }>(await db.execute(RUNNING_DEAL));
  let dealId: number;
  if (running) {
    dealId = Number(running.id);
    await db.update(deals).set({ title: input.title.trim(), endsAt }).where(eq(deals.id, dealId));
    await db.delete(dealItems).where(eq(dealItems.dealId, dealId));
  } else {
    const [next] = await db.select({ id: sql<number>`coalesce(max(${deals.id}), 0)::int + 1` }).from(deals);
    dealId = Number(next?.id ?? 1);
    await db.insert(deals).values({ id: dealId, title: input.title.trim(), startsAt: sql`now()`, endsAt });
  }
  await db
    .insert(dealItems)
    .values(input.product_ids.map((productId, position) => ({ dealId, productId, position })));
}

/** Ends the running deal now (the storefront then shows none); 404 when none runs. */
export async function endDeal(db: Database): Promise<void> {
  const [running] = rowsOf<{ id: number }>(await db.execute(RUNNING_DEAL));
  if (!running) throw notFound('running deal');
  await db
    .update(deals)
    .set({ endsAt: sql`now()` })
    .where(eq(deals.id, Number(running.id)));
}

// ---------------------------------------------------------------- category blocks

/**
 * Sets the block at a position: a product type and some of its categories, in the order given.
 * The type and the categories are read FOR SHARE and held until the commit (the category tree's
 * lock order, categoryTree.ts): a category deleted or moved to another type meanwhile is waited
 * for and then refused (400), never a foreign-key 500 nor a block listing another type's category;
 * and a delete or move waiting on them then sees this block (409 there).
 */
export async function setBlock(db: Database, position: number, input: CategoryBlockInput): Promise<void> {
  const [type] = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(eq(productTypes.id, input.product_type_id))
    .for('share');
  if (!type) throw AppError.badRequest('No such product type.', { product_type_id: 'no such product type' });
  const ofType =
    input.category_ids.length === 0
      ? []
      : await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(inArray(categories.id, input.category_ids), eq(categories.typeId, type.id)))
          .orderBy(categories.id)
          .for('share');
  const strangers = input.category_ids.filter((id) => !ofType.some((row) => row.id === id));
  if (strangers.length > 0) {
    throw AppError.badRequest(`Not categories of this product type: ${strangers.join(', ')}.`, {
      category_ids: `not categories of this product type: ${strangers.join(', ')}`,
    });
  }
  await db.execute(sql`LOCK TABLE category_blocks IN SHARE ROW EXCLUSIVE MODE`);
  const [existing] = await db
    .select({ id: categoryBlocks.id })
    .from(categoryBlocks)
    .where(eq(categoryBlocks.position, position));
  let blockId: number;
  if (existing) {
    blockId = existing.id;
    await db.update(categoryBlocks).set({ productTypeId: type.id }).where(eq(categoryBlocks.id, blockId));
    await db.delete(categoryBlockItems).where(eq(categoryBlockItems.blockId, blockId));
  } else {
    const [next] = await db
      .select({ id: sql<number>`coalesce(max(${categoryBlocks.id}), 0)::int + 1` })
      .from(categoryBlocks);
    blockId = Number(next?.id ?? 1);
    await db.insert(categoryBlocks).values({ id: blockId, position, productTypeId: type.id });
  }
  if (input.category_ids.length > 0) {
    await db
      .insert(categoryBlockItems)
      .values(input.category_ids.map((categoryId, at) => ({ blockId, categoryId, position: at })));
  }
}

export async function removeBlock(db: Database, position: number): Promise<void> {
  const gone = await db
    .delete(categoryBlocks)
    .where(eq(categoryBlocks.position, position))
    .returning({ id: categoryBlocks.id });
  if (gone.length === 0) throw notFound('category block at this position');
}
