/** The home page's data: hero slides, the deal of the day, banners, category blocks, product lists. */
import type { Banner, CategoryBlock, Deal, HeroSlide, ProductCard } from '@shop/contract';
import { uploadedImageUrl } from '@shop/contract/media';
import { HERO_SLIDES_MAX } from '@shop/contract/schemas/homeContent';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { banners, heroSlides, products, productTypes } from '../../db/schema';
import { AppError } from '../../errors';
import { imageUrl, pictureUrl } from '../../services/images';
import { loadProductCards } from '../../services/productCards';

export const HOME_LIST_SIZE = 8;

async function cardsInOrder(db: Database, ids: readonly number[]): Promise<ProductCard[]> {
  const cards = await loadProductCards(db, ids);
  return ids.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
}

export async function listHeroSlides(db: Database): Promise<HeroSlide[]> {
  const rows = await db
    .select()
    .from(heroSlides)
    .orderBy(asc(heroSlides.position), asc(heroSlides.id))
    .limit(HERO_SLIDES_MAX);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    sub_title: row.subTitle,
    button_text: row.buttonText,
    button_link: row.buttonLink,
    offer_tag: row.offerTag,
    // An uploaded picture (issue 22) when the back office gave one, else the generated drawing.
    image: row.imageId === null ? imageUrl('hero-slides', row.id) : uploadedImageUrl(row.imageId),
  }));
}

/** The deal running now (latest start first), with the seconds it has left. */
export async function dealOfTheDay(db: Database): Promise<Deal | null> {
  const [deal] = rowsOf<{ id: number; title: string; remaining: number }>(
    await db.execute(sql`SELECT id, title, floor(extract(epoch FROM ends_at - now()))::int AS remaining
      FROM deals WHERE starts_at <= now() AND ends_at > now() ORDER BY starts_at DESC, id LIMIT 1`),
  );
  if (!deal) return null;
  const ids = rowsOf<{ product_id: number }>(
    await db.execute(
      // An archived product leaves the deal's list with the rest of the storefront.
      sql`SELECT i.product_id FROM deal_items i JOIN products p ON p.id = i.product_id
        WHERE i.deal_id = ${deal.id} AND p.archived_at IS NULL ORDER BY i.position, i.product_id`,
    ),
  ).map((row) => Number(row.product_id));
  const cards = await cardsInOrder(db, ids);
  return {
    id: Number(deal.id),
    title: deal.title,
    end_date_time: Math.max(0, Number(deal.remaining)),
    items: cards.map((product) => ({ product })),
  };
}

export async function listBanners(db: Database): Promise<Banner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    sub_title: row.subTitle,
    template: row.template,
    link_type: row.linkType,
    link: row.link,
    button_text: row.buttonText,
    background_image: row.imageId === null ? imageUrl('banners', row.id) : uploadedImageUrl(row.imageId),
  }));
}

export async function listCategoryBlocks(db: Database): Promise<CategoryBlock[]> {
  const rows = rowsOf<{
    position: number;
    type_name: string;
    type_slug: string;
    category_id: number | null;
    category_name: string | null;
    category_slug: string | null;
    category_image_id: number | null;
  }>(
    await db.execute(sql`SELECT b.position, t.name AS type_name, t.slug AS type_slug,
        c.id AS category_id, c.name AS category_name, c.slug AS category_slug, c.image_id AS category_image_id
      FROM category_blocks b JOIN product_types t ON t.id = b.product_type_id
      LEFT JOIN category_block_items i ON i.block_id = b.id LEFT JOIN categories c ON c.id = i.category_id
      ORDER BY b.position, b.id, i.position, c.id`),
  );
  const blocks: CategoryBlock[] = [];
  for (const row of rows) {
    let block = blocks.at(-1);
    if (!block || block.position !== Number(row.position)) {
      block = {
        position: Number(row.position),
        product_type_name: row.type_name,
        product_type_slug: row.type_slug,
        categories: [],
      };
      blocks.push(block);
    }
    if (row.category_id !== null && row.category_name !== null && row.category_slug !== null) {
      block.categories.push({
        category: {
          name: row.category_name,
          slug: row.category_slug,
          image: pictureUrl(
            'categories',
            Number(row.category_id),
            row.category_image_id === null ? null : Number(row.category_image_id),
          ),
        },
      });
    }
  }
  return blocks;
}

export type HomeList = 'exclusive' | 'handmade' | 'top-selling' | 'spotlight';

/**
 * Exclusive and handmade lines (newest first), best sellers (sales_count), spotlight (hot, best
 * rated); live products only (an archived one has left the storefront).
 */
export async function homeList(db: Database, list: HomeList): Promise<ProductCard[]> {
  const query = db.select({ id: products.id }).from(products).$dynamic();
  const live = isNull(products.archivedAt);
  const rows = await (list === 'exclusive' || list === 'handmade'
    ? query.where(and(eq(products.line, list), live)).orderBy(desc(products.createdAt), desc(products.id))
    : list === 'top-selling'
      ? query.where(live).orderBy(desc(products.salesCount), asc(products.id))
      : query
          .where(and(eq(products.hot, true), live))
          .orderBy(desc(products.rating), desc(products.reviewCount), asc(products.id))
  ).limit(HOME_LIST_SIZE);
  return cardsInOrder(
    db,
    rows.map((row) => row.id),
  );
}

/** A product type's best rated, best selling products; 404 for an unknown type. */
export async function productTypeSpotlight(db: Database, typeSlug: string): Promise<ProductCard[]> {
  const [type] = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(eq(productTypes.slug, typeSlug));
  if (!type) throw AppError.notFound('Product type not found.');
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.typeId, type.id), isNull(products.archivedAt)))
    .orderBy(desc(products.rating), desc(products.salesCount), asc(products.id))
    .limit(HOME_LIST_SIZE);
  return cardsInOrder(
    db,
    rows.map((row) => row.id),
  );
}
