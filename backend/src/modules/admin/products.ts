/**
 * Products in the back office (issue 22): the list, the editor's read, creating, saving, archiving.
 * The rules a schema cannot say are here: the taxonomy fits together, every id exists, the slug is
 * free (409 SLUG_TAKEN) and a changed one stays behind as a redirect, the old price is above the
 * price, a customizable product says what may be customized, one packaging level per product.
 *
 * The storefront sees a save at once: every write here touches the `products` row (updated_at at
 * least), whose statement trigger (migration 0018) puts the product in the catalogue's change
 * feed, so the listing, the facets and the search index reload it before their next read on every
 * instance; the product page and the cards read the other tables live. An archived product is
 * left out by the loaders (catalogueLoader.ts, searchIndex.ts) and the product page.
 */

import { isVideoEmbedUrl, uploadedImageUrl, VIDEO_EMBED_RULE } from '@shop/contract/media';
import type {
  AdminMedia,
  AdminProduct,
  AdminProductList,
  AdminProductQuery,
  MediaInput,
  ProductFormOptions,
  ProductInput,
} from '@shop/contract/schemas/adminCatalogue';
import { ADMIN_PRODUCTS_PER_PAGE } from '@shop/contract/schemas/adminCatalogue';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import {
  categories,
  packagings,
  productCustomizations,
  productGallery,
  productGroupMembers,
  productGroups,
  productPackagings,
  productSlugRedirects,
  productSpecifications,
  products,
  productTypes,
  subCategories,
  suppliers,
} from '../../db/schema';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../services/buyers';
import { plainTextOf, sanitizeRichText } from '../../services/html';
import { imageUrl } from '../../services/images';
import { pageMeta } from '../../services/memberOrders';
import { intArray, productImageUrl } from '../../services/productCards';
import { changeStock, type StockActor } from '../../services/stock';
import { containing } from './listFilters';

const iso = (date: Date) => date.toISOString();

/** The product list: live or archived ones, newest first, narrowed by title or slug. */
export async function listAdminProducts(db: Database, query: AdminProductQuery): Promise<AdminProductList> {
  const page = query.page ?? 1;
  const where = and(
    query.archived ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    ...(query.q
      ? [or(ilike(products.title, containing(query.q)), ilike(products.slug, containing(query.q.trim())))]
      : []),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        slug: products.slug,
        imageId: products.imageId,
        price: products.price,
        stock: products.stockQuantity,
        type: productTypes.name,
        category: categories.name,
        subCategory: subCategories.name,
        archivedAt: products.archivedAt,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .innerJoin(productTypes, eq(productTypes.id, products.typeId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
      .where(where)
      .orderBy(desc(products.id))
      .limit(ADMIN_PRODUCTS_PER_PAGE)
      .offset((page - 1) * ADMIN_PRODUCTS_PER_PAGE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      image: productImageUrl(row.id, row.imageId),
      price: row.price,
      stock_quantity: row.stock,
      type: row.type,
      category: row.category,
      sub_category: row.subCategory,
      archived_at: row.archivedAt ? iso(row.archivedAt) : null,
      updated_at: iso(row.updatedAt),
    })),
    _meta: pageMeta(total?.n ?? 0, page, ADMIN_PRODUCTS_PER_PAGE),
  };
}

/** The editor's choices: suppliers, kinds of packaging, and the taxonomy with its ids, in order. */
export async function productFormOptions(db: Database): Promise<ProductFormOptions> {
  const [supplierRows, packagingRows, typeRows, categoryRows, subRows] = await Promise.all([
    db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name)),
    db
      .select({ id: packagings.id, title: packagings.title, price: packagings.price })
      .from(packagings)
      .orderBy(asc(packagings.position), asc(packagings.id)),
    db
      .select({ id: productTypes.id, name: productTypes.name })
      .from(productTypes)
      .orderBy(asc(productTypes.position), asc(productTypes.id)),
    db
      .select({ id: categories.id, name: categories.name, typeId: categories.typeId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ id: subCategories.id, name: subCategories.name, categoryId: subCategories.categoryId })
      .from(subCategories)
      .orderBy(asc(subCategories.position), asc(subCategories.id)),
  ]);
  return {
    suppliers: supplierRows,
    packagings: packagingRows,
    types: typeRows.map((type) => ({
      id: type.id,
      name: type.name,
      categories: categoryRows
        .filter((category) => category.typeId === type.id)
        .map((category) => ({
          id: category.id,
          name: category.name,
          sub_categories: subRows
            .filter((sub) => sub.categoryId === category.id)
            .map((sub) => ({ id: sub.id, name: sub.name })),
        })),
    })),
  };
}

/** The group the editor edits: the product's first group (the storefront shows every one). */
async function groupOf(db: Database, productId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: productGroups.id, name: productGroups.name })
    .from(productGroupMembers)
    .innerJoin(productGroups, eq(productGroups.id, productGroupMembers.groupId))
    .where(eq(productGroupMembers.productId, productId))
    .orderBy(asc(productGroups.id))
    .limit(1);
  return row ?? null;
}

/** A product as the editor reads it (archived ones too); 404 for an unknown id. */
export async function readAdminProduct(db: Database, id: number): Promise<AdminProduct> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw AppError.notFound('Product not found.');
  // One statement after another: inside the audit's transaction they share one connection.
  const specs = await db
    .select()
    .from(productSpecifications)
    .where(eq(productSpecifications.productId, id))
    .orderBy(asc(productSpecifications.position), asc(productSpecifications.id));
  const [customization] = await db
    .select()
    .from(productCustomizations)
    .where(eq(productCustomizations.productId, id));
  const packs = await db
    .select()
    .from(productPackagings)
    .where(eq(productPackagings.productId, id))
    .orderBy(asc(productPackagings.id));
  const media = await galleryOf(db, id);
  const group = await groupOf(db, id);
  const redirects = await db
    .select({ slug: productSlugRedirects.slug })
    .from(productSlugRedirects)
    .where(eq(productSlugRedirects.productId, id))
    .orderBy(desc(productSlugRedirects.createdAt), asc(productSlugRedirects.slug));
  const members = group
    ? await db
        .select({ id: products.id, title: products.title, slug: products.slug })
        .from(productGroupMembers)
        .innerJoin(products, eq(products.id, productGroupMembers.productId))
        .where(and(eq(productGroupMembers.groupId, group.id), sql`${products.id} <> ${id}`))
        .orderBy(asc(productGroupMembers.position), asc(products.id))
    : [];
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    hint: row.hint,
    price: row.price,
    old_price: row.oldPrice,
    stock_quantity: row.stockQuantity,
    hot: row.hot,
    new_item: row.newItem,
    free_delivery: row.freeDelivery,
    is_customizable: row.isCustomizable,
    supplier_id: row.supplierId,
    type_id: row.typeId,
    category_id: row.categoryId,
    sub_category_id: row.subCategoryId,
    specifications: specs.map((spec) => ({
      name: spec.name,
      value: spec.value,
      quick_view: spec.showInQuickView === 1,
    })),
    customization: customization
      ? {
          logo: customization.logo,
          to_whom: customization.toWhom,
          sender: customization.sender,
          message: customization.message,
          price: customization.price,
        }
      : null,
    packagings: packs.map((pack) => ({
      packaging_id: pack.packagingId,
      price: pack.price,
      level: pack.packagingLevel,
    })),
    description: sanitizeRichText(row.details),
    short_description: row.shortDescription,
    line: row.line,
    media,
    group: group ? { name: group.name, products: members } : null,
    old_slugs: redirects.map((redirect) => redirect.slug),
    image: productImageUrl(row.id, row.imageId),
    archived_at: row.archivedAt ? iso(row.archivedAt) : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** The gallery in order, each uploaded picture with its size. */
async function galleryOf(db: Database, productId: number): Promise<AdminMedia[]> {
  const rows = rowsOf<{
    type: 'Image' | 'Video';
    video_link: string | null;
    position: number;
    image_id: number | null;
    width: number | null;
    height: number | null;
  }>(
    await db.execute(sql`SELECT g.type, g.video_link, g.position, g.image_id, u.width, u.height
      FROM product_gallery g LEFT JOIN uploaded_images u ON u.id = g.image_id
      WHERE g.product_id = ${productId} ORDER BY g.position, g.id`),
  );
  return rows.map((row): AdminMedia => {
    if (row.type === 'Video') return { kind: 'video', url: row.video_link ?? '' };
    if (row.image_id !== null && row.width !== null && row.height !== null) {
      const id = Number(row.image_id);
      return {
        kind: 'image',
        image: { id, url: uploadedImageUrl(id), width: Number(row.width), height: Number(row.height) },
      };
    }
    return { kind: 'drawing', url: `${imageUrl('products', productId)}?view=${row.position}` };
  });
}

/** What the audit keeps of a product: its editable fields (no picture bytes, no read-only state). */
export async function productSnapshot(db: Database, id: number): Promise<Record<string, unknown>> {
  const {
    image: _image,
    created_at: _created,
    updated_at: _updated,
    ...fields
  } = await readAdminProduct(db, id);
  return {
    ...fields,
    media: fields.media.map((entry) =>
      entry.kind === 'image' ? { kind: 'image', image_id: entry.image.id } : entry,
    ),
    group: fields.group
      ? { name: fields.group.name, product_ids: fields.group.products.map((product) => product.id) }
      : null,
  };
}

// ------------------------------------------------------------------ checks

/**
 * Every rule of a product the schema cannot check; 400 naming each broken field. Holds the product's
 * sub-category, category and type FOR SHARE until the commit (heldParents), so call it first.
 */
export async function checkProduct(
  db: Database,
  input: ProductInput,
  productId: number | null,
): Promise<void> {
  const fields: Record<string, string> = {};
  if (!input.title.trim()) fields.title = 'must not be blank';
  if (input.specifications.some((spec) => !spec.name.trim() || !spec.value.trim())) {
    fields.specifications = 'need a name and a value that are not blank';
  }
  if (input.group && !input.group.name.trim()) fields.group = 'needs a name that is not blank';
  if (input.old_price !== null && input.old_price <= input.price) {
    fields.old_price = 'must be above the price';
  }
  if (input.is_customizable && !input.customization) {
    fields.customization = 'is required for a customizable product';
  }
  if (!input.is_customizable && input.customization) {
    fields.customization = 'must be null for a product that is not customizable';
  }
  const custom = input.customization;
  if (custom && !(custom.logo || custom.to_whom || custom.sender || custom.message)) {
    fields.customization = 'must offer at least one of logo, to_whom, sender, message';
  }
  const levels = new Set(input.packagings.map((pack) => pack.level));
  if (levels.size > 1) fields.packagings = "must all have the same level ('item' or 'line')";
  const packagingIds = input.packagings.map((pack) => pack.packaging_id);
  if (new Set(packagingIds).size !== packagingIds.length) fields.packagings = 'lists a packaging twice';

  const held = await heldParents(db, input.sub_category_id);
  if (held?.categoryId !== input.category_id || held.typeId !== input.type_id) {
    const [taxonomy] = rowsOf<{ type: boolean; category: boolean }>(
      await db.execute(sql`SELECT
          EXISTS (SELECT 1 FROM product_types WHERE id = ${input.type_id}) AS type,
          EXISTS (SELECT 1 FROM categories WHERE id = ${input.category_id} AND type_id = ${input.type_id}) AS category`),
    );
    if (!taxonomy?.type) fields.type_id = 'is not a product type';
    else if (!taxonomy.category) fields.category_id = 'is not a category of this type';
    else fields.sub_category_id = 'is not a sub-category of this category';
  }

  if (input.supplier_id !== null) {
    const [found] = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.id, input.supplier_id));
    if (!found) fields.supplier_id = 'is not a supplier';
  }
  const missing = async (table: string, ids: readonly number[]): Promise<number[]> => {
    if (ids.length === 0) return [];
    const found = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM ${sql.raw(table)} WHERE id = ANY(${intArray([...ids])})`),
    ).map((row) => Number(row.id));
    return [...new Set(ids)].filter((id) => !found.includes(id));
  };
  const unknownPackagings = await missing('packagings', packagingIds);
  if (unknownPackagings.length > 0) fields.packagings = `unknown packaging ${unknownPackagings.join(', ')}`;
  // The storefront's CSP frames videos from YouTube only (contentSecurity.ts): any other address
  // would be a blocked, blank frame on the product page.
  const badVideo = input.media.findIndex((entry) => entry.kind === 'video' && !isVideoEmbedUrl(entry.url));
  if (badVideo >= 0) fields.media = `row ${badVideo + 1} is a video that ${VIDEO_EMBED_RULE}`;
  const imageIds = input.media.flatMap((entry) => (entry.kind === 'image' ? [entry.image_id] : []));
  const unknownImages = await missing('uploaded_images', imageIds);
  if (unknownImages.length > 0) fields.media = `picture ${unknownImages.join(', ')} was not uploaded`;
  if (input.group) {
    const ids = input.group.product_ids;
    if (productId !== null && ids.includes(productId)) fields.group = 'lists the product itself';
    const unknownProducts = await missing('products', ids);
    if (unknownProducts.length > 0) fields.group = `unknown product ${unknownProducts.join(', ')}`;
  }
  if (Object.keys(fields).length > 0) {
    const [field, reason] = Object.entries(fields)[0] ?? ['', ''];
    throw AppError.badRequest(`Invalid ${field}: ${reason}.`, fields);
  }
}

/**
 * The sub-category's category and type as they are now, each row held FOR SHARE until the commit
 * (null: no such sub-category). The category tree's lock order (categoryTree.ts): the taxonomy
 * before the product, child before parent, so a move or a delete racing this save either waits
 * for its commit or has committed and is seen here (a READ COMMITTED lock reads the new row).
 */
async function heldParents(
  db: Database,
  subCategoryId: number,
): Promise<{ categoryId: number; typeId: number } | null> {
  const [sub] = rowsOf<{ category_id: number }>(
    await db.execute(sql`SELECT category_id FROM sub_categories WHERE id = ${subCategoryId} FOR SHARE`),
  );
  if (!sub) return null;
  const [category] = rowsOf<{ type_id: number }>(
    await db.execute(sql`SELECT type_id FROM categories WHERE id = ${sub.category_id} FOR SHARE`),
  );
  if (!category) return null;
  const [type] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM product_types WHERE id = ${category.type_id} FOR SHARE`),
  );
  if (!type) return null;
  return { categoryId: Number(sub.category_id), typeId: Number(category.type_id) };
}

/** 409 SLUG_TAKEN when another product has the slug now or had it before (its redirect). */
async function checkSlugFree(db: Database, slug: string, productId: number | null): Promise<void> {
  const [holder] = rowsOf<{ id: number; title: string; redirect: boolean }>(
    await db.execute(sql`SELECT id, title, false AS redirect FROM products WHERE slug = ${slug}
      UNION ALL SELECT p.id, p.title, true FROM product_slug_redirects r JOIN products p ON p.id = r.product_id
        WHERE r.slug = ${slug}
      LIMIT 1`),
  );
  if (holder && Number(holder.id) !== productId) throw slugTaken(slug, holder);
}

const slugTaken = (slug: string, holder?: { id: number; title: string; redirect: boolean }) =>
  AppError.conflict(
    'SLUG_TAKEN',
    holder
      ? holder.redirect
        ? `The slug "${slug}" was the slug of "${holder.title}" (product ${holder.id}) and still leads to it.`
        : `The slug "${slug}" is the slug of "${holder.title}" (product ${holder.id}).`
      : `The slug "${slug}" is taken.`,
    { slug: 'is taken' },
  );

/** A unique violation on the slug (two saves racing for it; Drizzle wraps it in `cause`) is the same 409. */
const slugRace = (slug: string) => (error: unknown) => {
  throw isUniqueViolation(error) ? slugTaken(slug) : error;
};

// ------------------------------------------------------------------ writes

/** The products row's columns a save writes. */
function productColumns(input: ProductInput) {
  const firstImage = input.media.find((entry) => entry.kind === 'image');
  return {
    title: input.title.trim(),
    slug: input.slug,
    description: plainTextOf(input.description),
    details: sanitizeRichText(input.description),
    hint: input.hint?.trim() ? input.hint.trim() : null,
    price: input.price,
    oldPrice: input.old_price,
    isCustomizable: input.is_customizable,
    hasPackaging: input.packagings.length > 0,
    hot: input.hot,
    newItem: input.new_item,
    freeDelivery: input.free_delivery,
    supplierId: input.supplier_id,
    typeId: input.type_id,
    categoryId: input.category_id,
    subCategoryId: input.sub_category_id,
    imageId: firstImage?.kind === 'image' ? firstImage.image_id : null,
    updatedAt: new Date(),
    ...(input.short_description !== undefined ? { shortDescription: input.short_description.trim() } : {}),
    ...(input.line !== undefined ? { line: input.line } : {}),
  };
}

/** The product's specifications, customization, packaging, gallery and group, as given. */
async function writeParts(tx: Database, id: number, input: ProductInput): Promise<void> {
  await tx.delete(productSpecifications).where(eq(productSpecifications.productId, id));
  if (input.specifications.length > 0) {
    await tx.insert(productSpecifications).values(
      input.specifications.map((spec, position) => ({
        productId: id,
        name: spec.name.trim(),
        value: spec.value.trim(),
        showInQuickView: spec.quick_view ? (1 as const) : (0 as const),
        position,
      })),
    );
  }
  await tx.delete(productCustomizations).where(eq(productCustomizations.productId, id));
  if (input.customization) {
    const { logo, to_whom, sender, message, price } = input.customization;
    await tx
      .insert(productCustomizations)
      .values({ productId: id, logo, toWhom: to_whom, sender, message, price });
  }
  await tx.delete(productPackagings).where(eq(productPackagings.productId, id));
  if (input.packagings.length > 0) {
    await tx.insert(productPackagings).values(
      input.packagings.map((pack) => ({
        productId: id,
        packagingId: pack.packaging_id,
        price: pack.price,
        packagingLevel: pack.level,
      })),
    );
  }
  await tx.delete(productGallery).where(eq(productGallery.productId, id));
  if (input.media.length > 0) {
    await tx
      .insert(productGallery)
      .values(input.media.map((entry, position) => galleryRow(id, entry, position)));
  }
  if (input.group !== undefined) await writeGroup(tx, id, input.group);
}

// A drawing's picture is `?view=<position>` (productExtras.ts): moved, it shows another view of
// the same generated drawing, which is all a drawing is.
const galleryRow = (productId: number, entry: MediaInput, position: number) => ({
  productId,
  position,
  type: entry.kind === 'video' ? ('Video' as const) : ('Image' as const),
  videoLink: entry.kind === 'video' ? entry.url : null,
  imageId: entry.kind === 'image' ? entry.image_id : null,
  caption: null,
});

/**
 * The product's group: its first group gets the name and exactly these members (the product
 * first); none yet, a new group; null, the product leaves it (a group left with one member goes).
 */
async function writeGroup(tx: Database, id: number, group: ProductInput['group']): Promise<void> {
  const current = await groupOf(tx, id);
  if (!group) {
    if (!current) return;
    await tx
      .delete(productGroupMembers)
      .where(and(eq(productGroupMembers.groupId, current.id), eq(productGroupMembers.productId, id)));
    await dropLoneGroup(tx, current.id);
    return;
  }
  let groupId = current?.id;
  if (groupId === undefined) {
    const [created] = await tx.insert(productGroups).values({ name: group.name.trim() }).returning();
    if (!created) throw new Error('group not created');
    groupId = created.id;
  } else {
    await tx.update(productGroups).set({ name: group.name.trim() }).where(eq(productGroups.id, groupId));
    await tx.delete(productGroupMembers).where(eq(productGroupMembers.groupId, groupId));
  }
  const members = [id, ...group.product_ids];
  await tx
    .insert(productGroupMembers)
    .values(members.map((productId, position) => ({ groupId: groupId, productId, position })));
  if (members.length === 1) await dropLoneGroup(tx, groupId);
}

async function dropLoneGroup(tx: Database, groupId: number): Promise<void> {
  const [members] = await tx
    .select({ n: count() })
    .from(productGroupMembers)
    .where(eq(productGroupMembers.groupId, groupId));
  if ((members?.n ?? 0) <= 1) await tx.delete(productGroups).where(eq(productGroups.id, groupId));
}

/** Creates a product from the editor's input (in the caller's transaction); answers its id. */
export async function createProduct(tx: Database, input: ProductInput): Promise<number> {
  await checkProduct(tx, input, null);
  await checkSlugFree(tx, input.slug, null);
  const [row] = await tx
    .insert(products)
    .values({ shortDescription: '', ...productColumns(input), stockQuantity: input.stock_quantity ?? 0 })
    .returning({ id: products.id })
    .catch(slugRace(input.slug));
  if (!row) throw new Error('product not created');
  await writeParts(tx, row.id, input);
  return row.id;
}

/** The stock log's reason for a stock figure changed through a save (PUT admin/products/:id). */
export const EDITOR_STOCK_REASON = 'Product editor';

/**
 * Saves every field of the editor (in the caller's transaction). A new slug leaves the old one
 * behind as a redirect; taking back one of the product's own old slugs removes that redirect. A
 * stock figure that differs goes through changeStock, as the stock panel's does: logged with the
 * reason 'Product editor' and the admin, notify-me mails queued when it comes back in stock.
 * Answers how many of those mails were queued (the caller wakes the mailer).
 */
export async function updateProduct(
  tx: Database,
  id: number,
  input: ProductInput,
  actor: StockActor,
): Promise<{ notified: number }> {
  // The taxonomy's locks first (checkProduct), then the product's: the category tree's order.
  await checkProduct(tx, input, id);
  const [current] = await tx
    .select({ slug: products.slug, stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  if (!current) throw AppError.notFound('Product not found.');
  if (input.slug !== current.slug) {
    await checkSlugFree(tx, input.slug, id);
    await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, input.slug));
    // A redirect row with this slug can only be a leftover (a slug is a product's or a
    // redirect's): it now leads here.
    await tx
      .insert(productSlugRedirects)
      .values({ slug: current.slug, productId: id })
      .onConflictDoUpdate({ target: productSlugRedirects.slug, set: { productId: id } });
  }
  await tx.update(products).set(productColumns(input)).where(eq(products.id, id)).catch(slugRace(input.slug));
  await writeParts(tx, id, input);
  if (input.stock_quantity === undefined || input.stock_quantity === current.stock) return { notified: 0 };
  const { notified } = await changeStock(
    tx,
    id,
    { quantity: input.stock_quantity, reason: EDITOR_STOCK_REASON },
    actor,
  );
  return { notified };
}

/** Archives a product or brings it back (the UPDATE is the change feed's news). */
export async function setArchived(tx: Database, id: number, archived: boolean): Promise<void> {
  const [row] = await tx
    .update(products)
    .set({
      archivedAt: archived ? sql`coalesce(${products.archivedAt}, now())` : null,
      updatedAt: new Date(),
    })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (!row) throw AppError.notFound('Product not found.');
}
