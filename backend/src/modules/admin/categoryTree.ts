/**
 * The category tree's rules (issue 22): product types → categories → sub-categories, as the back
 * office edits them (routes: categoryTreeRoutes.ts). Every function runs in the caller's
 * transaction, the one `audited` opens, so a change and its audit row are kept or lost together.
 *
 * Products carry their type, category and sub-category (denormalised, the listing's keys): a
 * category moved to another type takes its products' type_id along, a sub-category moved to
 * another category its products' category_id and type_id, in the same transaction. The
 * storefront's indexes see both at once through the change feed's triggers (0018, 0020, 0030): the
 * taxonomy row reloads their dictionaries, the products' rows those products.
 *
 * Locks: the entry changed is taken FOR UPDATE first, then its new parent FOR SHARE (it cannot move
 * while a child moves into it). A writer of a product should read its sub-category's parents FOR
 * SHARE too, so a move cannot slip between that read and its write.
 */

import { uploadedImageUrl } from '@shop/contract/media';
import {
  type CategoryTree,
  slugFromName,
  type TaxonomyEntry,
  type TaxonomyLevel,
} from '@shop/contract/schemas/categoryTree';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../services/buyers';
import { checkUploadedImage } from '../../services/uploadedImages';

/** How one level is stored: identifiers only (never input), so sql.raw is safe with them. */
interface LevelStore {
  table: string;
  /** The column naming the parent (none for a type). */
  parentColumn: string | null;
  parentLevel: TaxonomyLevel | null;
  childLevel: TaxonomyLevel | null;
  /** The products' column holding an entry of this level. */
  productColumn: string;
  /** What the shop calls one, many (messages). */
  one: string;
  many: string;
}

const LEVELS: Record<TaxonomyLevel, LevelStore> = {
  types: {
    table: 'product_types',
    parentColumn: null,
    parentLevel: null,
    childLevel: 'categories',
    productColumn: 'type_id',
    one: 'product type',
    many: 'product types',
  },
  categories: {
    table: 'categories',
    parentColumn: 'type_id',
    parentLevel: 'types',
    childLevel: 'sub-categories',
    productColumn: 'category_id',
    one: 'category',
    many: 'categories',
  },
  'sub-categories': {
    table: 'sub_categories',
    parentColumn: 'category_id',
    parentLevel: 'categories',
    childLevel: null,
    productColumn: 'sub_category_id',
    one: 'sub-category',
    many: 'sub-categories',
  },
};

/** Slugs tried with a number after a taken one made from a name ('mugs-2' … 'mugs-100'). */
const GENERATED_SLUG_TRIES = 100;

interface EntryRow {
  id: number;
  name: string;
  slug: string;
  position: number;
  parent_id: number | null;
  image_id: number | null;
  image_width: number | null;
  image_height: number | null;
}

const pictureOf = (row: Pick<EntryRow, 'image_id' | 'image_width' | 'image_height'>): UploadedImage | null =>
  row.image_id === null || row.image_width === null || row.image_height === null
    ? null
    : {
        id: Number(row.image_id),
        url: uploadedImageUrl(Number(row.image_id)),
        width: Number(row.image_width),
        height: Number(row.image_height),
      };

/** The entries of a level with their pictures, in the storefront's order (position, name, id). */
async function readLevel(db: Database, level: TaxonomyLevel, where = sql`true`): Promise<EntryRow[]> {
  const store = LEVELS[level];
  const parent = store.parentColumn ? sql.raw(`e.${store.parentColumn}`) : sql`NULL::integer`;
  return rowsOf<EntryRow>(
    await db.execute(sql`SELECT e.id, e.name, e.slug, e.position, ${parent} AS parent_id, e.image_id,
        i.width AS image_width, i.height AS image_height
      FROM ${sql.raw(store.table)} e LEFT JOIN uploaded_images i ON i.id = e.image_id
      WHERE ${where} ORDER BY e.position, e.name, e.id`),
  ).map((row) => ({
    ...row,
    id: Number(row.id),
    position: Number(row.position),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
  }));
}

/**
 * The whole tree with product counts: one pass over the products' (type, category, sub-category)
 * index (products_facets), grouped; the taxonomy itself is a few hundred rows.
 */
export async function categoryTree(db: Database): Promise<CategoryTree> {
  const [types, categories, subCategories, counts] = await Promise.all([
    readLevel(db, 'types'),
    readLevel(db, 'categories'),
    readLevel(db, 'sub-categories'),
    db
      .execute(sql`SELECT type_id, category_id, sub_category_id, count(*)::int AS n FROM products
        GROUP BY type_id, category_id, sub_category_id`)
      .then((result) =>
        rowsOf<{ type_id: number; category_id: number; sub_category_id: number; n: number }>(result),
      ),
  ]);
  const countsOf = (column: 'type_id' | 'category_id' | 'sub_category_id') => {
    const byId = new Map<number, number>();
    for (const row of counts) {
      const id = Number(row[column]);
      byId.set(id, (byId.get(id) ?? 0) + Number(row.n));
    }
    return byId;
  };
  const [byType, byCategory, bySubCategory] = [
    countsOf('type_id'),
    countsOf('category_id'),
    countsOf('sub_category_id'),
  ];
  const node = (row: EntryRow, byId: Map<number, number>) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    position: row.position,
    image: pictureOf(row),
    product_count: byId.get(row.id) ?? 0,
  });
  const childrenOf = <T>(rows: readonly EntryRow[], make: (row: EntryRow) => T) => {
    const byParent = new Map<number, T[]>();
    for (const row of rows) {
      const siblings = byParent.get(row.parent_id ?? 0) ?? [];
      siblings.push(make(row));
      byParent.set(row.parent_id ?? 0, siblings);
    }
    return byParent;
  };
  const subCategoryNodes = childrenOf(subCategories, (row) => node(row, bySubCategory));
  const categoryNodes = childrenOf(categories, (row) => ({
    ...node(row, byCategory),
    sub_categories: subCategoryNodes.get(row.id) ?? [],
  }));
  return {
    types: types.map((row) => ({ ...node(row, byType), categories: categoryNodes.get(row.id) ?? [] })),
  };
}

const notFound = (level: TaxonomyLevel) => AppError.notFound(`No such ${LEVELS[level].one}.`);

/** One entry as a change answers it, with its products counted (an index lookup). */
export async function taxonomyEntry(db: Database, level: TaxonomyLevel, id: number): Promise<TaxonomyEntry> {
  const [row] = await readLevel(db, level, sql`e.id = ${id}`);
  if (!row) throw notFound(level);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM products WHERE ${sql.raw(LEVELS[level].productColumn)} = ${id}`,
    ),
  );
  return {
    level,
    id: row.id,
    name: row.name,
    slug: row.slug,
    position: row.position,
    parent_id: row.parent_id,
    image: pictureOf(row),
    product_count: Number(count?.n ?? 0),
  };
}

/** What the audit keeps of an entry: the fields an admin edits (null when it is not there). */
export async function entrySnapshot(
  db: Database,
  level: TaxonomyLevel,
  id: number,
): Promise<{
  name: string;
  slug: string;
  position: number;
  parent_id: number | null;
  image_id: number | null;
} | null> {
  const [row] = await readLevel(db, level, sql`e.id = ${id}`);
  if (!row) return null;
  return {
    name: row.name,
    slug: row.slug,
    position: row.position,
    parent_id: row.parent_id,
    image_id: row.image_id === null ? null : Number(row.image_id),
  };
}

const slugTaken = (slug: string, level: TaxonomyLevel) =>
  AppError.conflict('SLUG_TAKEN', `Another ${LEVELS[level].one} has the slug “${slug}”.`, {
    slug: 'is taken: choose another',
  });

/** A unique index refusing a slug a concurrent change took between the check and the write. */
export const slugTakenInRace = (error: unknown, slug: string, level: TaxonomyLevel): unknown =>
  isUniqueViolation(error) ? slugTaken(slug, level) : error;

async function slugOwner(db: Database, level: TaxonomyLevel, slug: string): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM ${sql.raw(LEVELS[level].table)} WHERE slug = ${slug}`),
  );
  return row ? Number(row.id) : null;
}

/** The slug of a new entry: the one given (409 when taken), or the name's, numbered when taken. */
async function newSlug(db: Database, level: TaxonomyLevel, name: string, given: string | undefined) {
  if (given) {
    if ((await slugOwner(db, level, given)) !== null) throw slugTaken(given, level);
    return given;
  }
  const base = slugFromName(name);
  if (!base) {
    throw AppError.badRequest('Give a slug: the name has no letter or digit to make one of.', {
      slug: 'is needed for this name',
    });
  }
  for (let n = 1; n <= GENERATED_SLUG_TRIES; n += 1) {
    const suffix = n === 1 ? '' : `-${n}`;
    const slug = `${base.slice(0, 100 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if ((await slugOwner(db, level, slug)) === null) return slug;
  }
  throw slugTaken(base, level);
}

/** The parent an entry of `level` goes under: checked, and held (FOR SHARE) until the commit. */
async function lockedParent(db: Database, level: TaxonomyLevel, parentId: number | undefined) {
  const store = LEVELS[level];
  if (!store.parentLevel) {
    if (parentId !== undefined) {
      throw AppError.badRequest('A product type has no parent.', {
        parent_id: 'must be left out for a type',
      });
    }
    return null;
  }
  const parent = LEVELS[store.parentLevel];
  if (parentId === undefined) {
    throw AppError.badRequest(`Choose the ${parent.one} it belongs to.`, {
      parent_id: `is needed: a ${parent.one}`,
    });
  }
  const [row] = rowsOf<{ id: number; type_id: number | null }>(
    await db.execute(sql`SELECT id, ${store.parentLevel === 'categories' ? sql.raw('type_id') : sql`NULL::integer`} AS type_id
      FROM ${sql.raw(parent.table)} WHERE id = ${parentId} FOR SHARE`),
  );
  if (!row) {
    throw AppError.badRequest(`There is no ${parent.one} ${parentId}.`, {
      parent_id: `is not a ${parent.one}`,
    });
  }
  return { id: Number(row.id), typeId: row.type_id === null ? null : Number(row.type_id) };
}

/** An old slug's redirect gone when an entry takes that slug: the current slug always wins. */
async function freeSlug(db: Database, level: TaxonomyLevel, slug: string): Promise<void> {
  await db.execute(sql`DELETE FROM taxonomy_slug_redirects WHERE level = ${level} AND old_slug = ${slug}`);
}

const siblingsWhere = (level: TaxonomyLevel, parentId: number | null) => {
  const column = LEVELS[level].parentColumn;
  return column ? sql`${sql.raw(column)} = ${parentId}` : sql`true`;
};

/** Adds an entry last among its siblings. */
export async function createEntry(
  db: Database,
  level: TaxonomyLevel,
  body: { name: string; slug?: string; parent_id?: number; image_id?: number | null },
): Promise<TaxonomyEntry> {
  const store = LEVELS[level];
  const name = body.name.trim();
  const parent = await lockedParent(db, level, body.parent_id);
  await checkUploadedImage(db, body.image_id ?? null);
  const slug = await newSlug(db, level, name, body.slug || undefined);
  await freeSlug(db, level, slug);
  const parentColumns = store.parentColumn ? sql.raw(`, ${store.parentColumn}`) : sql``;
  const parentValues = store.parentColumn ? sql`, ${parent?.id}` : sql``;
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO ${sql.raw(store.table)} (name, slug, position, image_id ${parentColumns})
      SELECT ${name}, ${slug}, coalesce(max(position) + 1, 0), ${body.image_id ?? null} ${parentValues}
      FROM ${sql.raw(store.table)} WHERE ${siblingsWhere(level, parent?.id ?? null)}
      RETURNING id`),
  );
  if (!row) throw new Error('taxonomy entry not inserted');
  return taxonomyEntry(db, level, Number(row.id));
}

/** The entry, locked for the change (404 when it is not there). */
async function lockedEntry(db: Database, level: TaxonomyLevel, id: number) {
  const store = LEVELS[level];
  const parent = store.parentColumn ? sql.raw(store.parentColumn) : sql`NULL::integer`;
  const [row] = rowsOf<{ name: string; slug: string; image_id: number | null; parent_id: number | null }>(
    await db.execute(sql`SELECT name, slug, image_id, ${parent} AS parent_id FROM ${sql.raw(store.table)}
      WHERE id = ${id} FOR UPDATE`),
  );
  if (!row) throw notFound(level);
  return {
    name: row.name,
    slug: row.slug,
    imageId: row.image_id === null ? null : Number(row.image_id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
  };
}

/**
 * Renames an entry, gives it another slug or picture, or moves it under another parent (last
 * there; its old siblings close up), its products following. An old slug is kept as a redirect.
 */
export async function updateEntry(
  db: Database,
  level: TaxonomyLevel,
  id: number,
  body: { name: string; slug: string; parent_id?: number; image_id: number | null },
): Promise<TaxonomyEntry> {
  const store = LEVELS[level];
  const current = await lockedEntry(db, level, id);
  const parent = await lockedParent(db, level, body.parent_id);
  await checkUploadedImage(db, body.image_id);
  if (level === 'categories' && parent !== null && parent.id !== current.parentId) {
    await refuseMoveOutOfBlocks(db, id);
  }

  if (body.slug !== current.slug) {
    const owner = await slugOwner(db, level, body.slug);
    if (owner !== null && owner !== id) throw slugTaken(body.slug, level);
    await freeSlug(db, level, body.slug);
    await db.execute(sql`INSERT INTO taxonomy_slug_redirects (level, old_slug, target_id)
      VALUES (${level}, ${current.slug}, ${id})
      ON CONFLICT (level, old_slug) DO UPDATE SET target_id = excluded.target_id, created_at = now()`);
  }

  const moved = parent !== null && parent.id !== current.parentId;
  const table = sql.raw(store.table);
  // Only the columns that change: a new picture alone is no taxonomy change for the feed (0030).
  const name = body.name.trim();
  const changes = [
    ...(name !== current.name ? [sql`name = ${name}`] : []),
    ...(body.slug !== current.slug ? [sql`slug = ${body.slug}`] : []),
    ...(body.image_id !== current.imageId ? [sql`image_id = ${body.image_id}`] : []),
  ];
  if (changes.length > 0) {
    await db.execute(sql`UPDATE ${table} SET ${sql.join(changes, sql`, `)} WHERE id = ${id}`);
  }
  if (moved && store.parentColumn) {
    await db.execute(sql`UPDATE ${table} SET ${sql.raw(store.parentColumn)} = ${parent.id},
        position = (SELECT coalesce(max(position) + 1, 0) FROM ${table} WHERE ${siblingsWhere(level, parent.id)})
      WHERE id = ${id}`);
    await closeUp(db, level, current.parentId);
    // The products follow in this transaction: the feed's rows carry them with the taxonomy row.
    if (level === 'categories') {
      await db.execute(sql`UPDATE products SET type_id = ${parent.id}
        WHERE category_id = ${id} AND type_id <> ${parent.id}`);
    } else {
      await db.execute(sql`UPDATE products SET category_id = ${parent.id}, type_id = ${parent.typeId}
        WHERE sub_category_id = ${id} AND (category_id <> ${parent.id} OR type_id <> ${parent.typeId})`);
    }
  }
  return taxonomyEntry(db, level, id);
}

/**
 * A home page category block lists categories of its own product type: a category one lists
 * cannot move to another type (409 CATEGORY_IN_USE naming the blocks' positions) until it is taken
 * out of them. The owner decides what the block shows instead; nothing on the home page changes
 * unseen and unaudited. Read after the category's FOR UPDATE: a block's save holding it FOR SHARE
 * (homeContent.ts setBlock) has committed by then, and its items are counted.
 */
async function refuseMoveOutOfBlocks(db: Database, categoryId: number): Promise<void> {
  const positions = rowsOf<{ position: number }>(
    await db.execute(sql`SELECT b.position FROM category_block_items i
      JOIN category_blocks b ON b.id = i.block_id WHERE i.category_id = ${categoryId} ORDER BY b.position`),
  ).map((row) => Number(row.position));
  if (positions.length === 0) return;
  const many = positions.length > 1;
  throw AppError.conflict(
    'CATEGORY_IN_USE',
    `This category is in the home page's category block${many ? 's' : ''} at position${many ? 's' : ''} ${positions.join(', ')}, which list${many ? '' : 's'} categories of its present type: take it out of ${many ? 'them' : 'it'} first, then move it.`,
    { home_blocks: positions.join(', ') },
  );
}

/** Renumbers a sibling group 0, 1, 2… in its order, with `moving` put at `position` (if given). */
async function renumber(
  db: Database,
  level: TaxonomyLevel,
  parentId: number | null,
  moving?: { id: number; position: number },
): Promise<void> {
  const table = sql.raw(LEVELS[level].table);
  const siblings = rowsOf<{ id: number; position: number }>(
    await db.execute(sql`SELECT id, position FROM ${table} WHERE ${siblingsWhere(level, parentId)}
      ORDER BY position, name, id FOR UPDATE`),
  ).map((row) => ({ id: Number(row.id), position: Number(row.position) }));
  const order = siblings.filter((row) => row.id !== moving?.id);
  if (moving) order.splice(Math.min(moving.position, order.length), 0, moving);
  const changed = order.flatMap((row, position) =>
    siblings.find((sibling) => sibling.id === row.id)?.position === position
      ? []
      : [{ id: row.id, position }],
  );
  if (changed.length === 0) return;
  // One statement: one taxonomy row in the feed however many siblings moved.
  await db.execute(sql`UPDATE ${table} AS e SET position = m.position
    FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS m(id integer, position integer)
    WHERE e.id = m.id`);
}

const closeUp = (db: Database, level: TaxonomyLevel, parentId: number | null) =>
  renumber(db, level, parentId);

/** Puts an entry at `position` among its siblings (from 0; past the last: last). */
export async function moveEntryTo(
  db: Database,
  level: TaxonomyLevel,
  id: number,
  position: number,
): Promise<TaxonomyEntry> {
  const current = await lockedEntry(db, level, id);
  await renumber(db, level, current.parentId, { id, position });
  return taxonomyEntry(db, level, id);
}

/**
 * Deletes an entry nothing uses: 409 CATEGORY_IN_USE naming what does (its products, the entries
 * below it, which a delete would take along, and the home page's category blocks) and how many.
 */
export async function deleteEntry(db: Database, level: TaxonomyLevel, id: number): Promise<void> {
  const store = LEVELS[level];
  const current = await lockedEntry(db, level, id);
  const [uses] = rowsOf<{ products: number; children: number; blocks: number }>(
    await db.execute(sql`SELECT
        (SELECT count(*)::int FROM products WHERE ${sql.raw(store.productColumn)} = ${id}) AS products,
        ${
          store.childLevel
            ? sql`(SELECT count(*)::int FROM ${sql.raw(LEVELS[store.childLevel].table)}
                WHERE ${sql.raw(LEVELS[store.childLevel].parentColumn ?? 'id')} = ${id})`
            : sql`0`
        } AS children,
        ${
          level === 'types'
            ? sql`(SELECT count(*)::int FROM category_blocks WHERE product_type_id = ${id})`
            : level === 'categories'
              ? sql`(SELECT count(*)::int FROM category_block_items WHERE category_id = ${id})`
              : sql`0`
        } AS blocks`),
  );
  const products = Number(uses?.products ?? 0);
  const children = Number(uses?.children ?? 0);
  const blocks = Number(uses?.blocks ?? 0);
  if (products + children + blocks > 0) {
    const parts = [
      products > 0 ? `${products} product${products === 1 ? '' : 's'}` : null,
      children > 0 && store.childLevel
        ? `${children} ${children === 1 ? LEVELS[store.childLevel].one : LEVELS[store.childLevel].many}`
        : null,
      blocks > 0 ? `${blocks} home page block${blocks === 1 ? '' : 's'}` : null,
    ].filter((part): part is string => part !== null);
    const fields: Record<string, string> = { products: String(products) };
    if (store.childLevel) fields[store.childLevel] = String(children);
    if (level !== 'sub-categories') fields.home_blocks = String(blocks);
    throw AppError.conflict(
      'CATEGORY_IN_USE',
      `This ${store.one} is still used by ${parts.join(', ')}: move or delete them first.`,
      fields,
    );
  }
  await db.execute(sql`DELETE FROM taxonomy_slug_redirects WHERE level = ${level} AND target_id = ${id}`);
  await db.execute(sql`DELETE FROM ${sql.raw(store.table)} WHERE id = ${id}`);
  await closeUp(db, level, current.parentId);
}
