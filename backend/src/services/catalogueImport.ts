/**
 * Importing a catalogue CSV (issue 22): create or update products by slug. The columns:
 * CATALOGUE_CSV_COLUMNS (@shop/contract/schemas/adminCatalogueCsv), docs/operations.md.
 *
 * - A broken file (not UTF-8, bad quoting, an unknown or missing column, no rows) is refused as a
 *   whole: CsvSyntaxError / AppError 400 with its line.
 * - Every row is checked on its own, and against the database: the category path names an
 *   existing type, category and sub-category, the supplier exists, the pictures are uploaded ones,
 *   the slug is not another product's former slug, and what the row makes passes the product
 *   editor's own schema (`ProductInput`). A check reports every row in error with its line.
 * - An apply runs the same checks again inside its transaction, with the existing products locked,
 *   and writes every row or, if one row is in error, none. It is a handful of set-based statements
 *   whatever the number of rows (the rows go to PostgreSQL as one JSON array): 10,000 rows in
 *   seconds, not a round trip per row. The products' triggers (0018/0020) put the changes on the
 *   catalogue's feed, so every instance's storefront sees them at its next read.
 * - A stock that changes is written to the stock log (source 'import'), and a product back in
 *   stock mails its notify-me requests (services/stock.ts).
 */

import { ProductInput } from '@shop/contract/schemas/adminCatalogue';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_MAX_ROWS,
  type CatalogueCsvColumn,
  CSV_LIST_SEPARATOR,
  CSV_PRODUCT_FLAGS,
  type ImportMode,
  type ImportReport,
  type ImportRowError,
} from '@shop/contract/schemas/adminCatalogueCsv';
import { Value } from '@sinclair/typebox/value';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { AppError } from '../errors';
import {
  type CsvSpecification,
  readCategoryPath,
  readImageRefs,
  readSpecifications,
} from './catalogueCsvCells';
import { type CsvRecord, CsvSyntaxError, decodeUtf8, parseCsv } from './csv';
import { plainTextOf, sanitizeRichText } from './html';
import { mailBackInStock, type StockActor } from './stock';

/**
 * Rows written per statement: each statement stays far inside the API's statement timeout (3 s on
 * PostgreSQL, with the client's own bound behind it), GIN indexes and triggers included.
 */
export const ROWS_PER_STATEMENT = 1000;
/** The stock log's reason of an import's change. */
export const IMPORT_STOCK_REASON = 'CSV import';
/** Slugs named in the audit's summary of an import, per kind (the counts are always complete). */
export const AUDIT_SLUGS_MAX = 200;

const COLUMN_NAMES = CATALOGUE_CSV_COLUMNS.map((column) => column.name) as readonly CatalogueCsvColumn[];
const REQUIRED = CATALOGUE_CSV_COLUMNS.filter((column) => column.required).map((column) => column.name);
const PRICE = /^\d{1,10}(?:\.\d{1,2})?$/;
const STOCK = /^\d{1,10}$/;

/** One row, ready to write. */
interface ImportRow {
  line: number;
  slug: string;
  title: string;
  hint: string | null;
  short_description: string | null;
  /** The description's plain text (products.description: the search reads it). */
  description: string;
  /** The description as sanitised HTML (products.details: the product page and the editor show it). */
  details: string;
  price: string;
  old_price: string | null;
  stock: number;
  hot: boolean | null;
  new_item: boolean | null;
  free_delivery: boolean | null;
  product_line: 'exclusive' | 'handmade' | null;
  supplier_id: number | null;
  type_id: number;
  category_id: number;
  sub_category_id: number;
  specifications: CsvSpecification[] | null;
  /** null: the cell is empty or the column absent, the gallery is kept. */
  image_ids: number[] | null;
  archived: boolean | null;
}

/** What the checks read from the database once per file. */
interface Lookups {
  types: Map<string, number>;
  categories: Map<string, number>;
  subCategories: Map<string, number>;
  suppliers: Map<string, number>;
  images: Set<number>;
  /** A former slug → the product that had it. */
  redirects: Map<string, number>;
  /** An existing product's slug → its id and stock. */
  existing: Map<string, { id: number; stock: number }>;
}

const key = (...names: (string | number)[]) => names.map((name) => String(name).toLowerCase()).join('\u0000');

/** The header's columns by position; a bad header refuses the file (400, line 1). */
function columnsOf(header: CsvRecord): CatalogueCsvColumn[] {
  const columns = header.fields.map((field) => field.trim().toLowerCase());
  if (columns.includes('details')) {
    throw new CsvSyntaxError(
      header.line,
      'there is no "details" column: the product\'s description (HTML, as in the product editor) is the "description" column.',
    );
  }
  const unknown = columns.filter((column) => !(COLUMN_NAMES as readonly string[]).includes(column));
  if (unknown.length > 0) {
    throw new CsvSyntaxError(
      header.line,
      `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')} (the columns: ${COLUMN_NAMES.join(', ')}).`,
    );
  }
  const twice = columns.filter((column, index) => columns.indexOf(column) !== index);
  if (twice.length > 0) throw new CsvSyntaxError(header.line, `the column "${twice[0]}" is there twice.`);
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new CsvSyntaxError(
      header.line,
      `missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
    );
  }
  return columns as CatalogueCsvColumn[];
}

/** A file read and its rich texts sanitised: the work done before the import's transaction opens. */
export interface PreparedImport {
  columns: CatalogueCsvColumn[];
  records: CsvRecord[];
  /**
   * Each record's description as the product editor saves it, by record: `details` the sanitised
   * HTML, `description` its plain text.
   */
  richTexts: { description: string; details: string }[];
}

/**
 * Reads the file and sanitises its rich texts, outside any transaction: no connection is held (nor
 * left idle in a transaction) while thousands of descriptions are cleaned. A file that cannot be
 * read is refused with its line (400).
 */
export function prepareImport(bytes: Uint8Array): PreparedImport {
  const { columns, records } = readCatalogueCsv(bytes);
  const description = columns.indexOf('description');
  const richTexts = records.map((record) => {
    const html = record.fields[description] ?? '';
    return { description: plainTextOf(html), details: sanitizeRichText(html) };
  });
  return { columns, records, richTexts };
}

/** The file's header and rows; a file that cannot be read is refused with its line (400). */
export function readCatalogueCsv(bytes: Uint8Array): { columns: CatalogueCsvColumn[]; records: CsvRecord[] } {
  try {
    const [header, ...records] = parseCsv(decodeUtf8(bytes));
    if (!header) throw new CsvSyntaxError(1, 'the file is empty (a header line, then one product a line).');
    const columns = columnsOf(header);
    if (records.length === 0) throw new CsvSyntaxError(header.line, 'no products after the header.');
    if (records.length > CATALOGUE_CSV_MAX_ROWS) {
      throw new CsvSyntaxError(
        records[CATALOGUE_CSV_MAX_ROWS]?.line ?? header.line,
        `more than ${CATALOGUE_CSV_MAX_ROWS} products: import the catalogue in parts.`,
      );
    }
    return { columns, records };
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw AppError.badRequest(`The CSV file cannot be read: ${error.message}`, { file: error.message });
    }
    throw error;
  }
}

/** The input's field a ProductInput error is about, as the CSV's column. */
const COLUMN_OF_FIELD: Record<string, CatalogueCsvColumn> = {
  title: 'title',
  slug: 'slug',
  hint: 'hint',
  price: 'price',
  old_price: 'old_price',
  stock_quantity: 'stock',
  supplier_id: 'supplier',
  specifications: 'specifications',
  description: 'description',
  short_description: 'short_description',
  line: 'line',
  media: 'images',
};

/** The row's problems with what the product editor accepts (ProductInput), by column. */
function inputProblems(row: ImportRow): string[] {
  const input = {
    title: row.title,
    slug: row.slug,
    hint: row.hint,
    price: Number(row.price),
    old_price: row.old_price === null ? null : Number(row.old_price),
    stock_quantity: row.stock,
    hot: row.hot ?? false,
    new_item: row.new_item ?? false,
    free_delivery: row.free_delivery ?? false,
    is_customizable: false,
    supplier_id: row.supplier_id,
    type_id: row.type_id,
    category_id: row.category_id,
    sub_category_id: row.sub_category_id,
    specifications: row.specifications ?? [],
    customization: null,
    packagings: [],
    description: row.description,
    short_description: row.short_description ?? '',
    line: row.product_line,
    media: (row.image_ids ?? []).map((image_id) => ({ kind: 'image' as const, image_id })),
  };
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(ProductInput, input)) {
    const field = error.path.split('/')[1] ?? '';
    const column = COLUMN_OF_FIELD[field] ?? field;
    if (seen.has(column)) continue;
    seen.add(column);
    problems.push(`${column}: ${error.message.toLowerCase()}`);
  }
  return problems;
}

function readBoolean(cell: string): boolean | null | 'bad' {
  const text = cell.trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return 'bad';
}

/** One record checked on its own and against the lookups: the row, or its reasons. */
function checkRecord(
  record: CsvRecord,
  richText: PreparedImport['richTexts'][number],
  columns: readonly CatalogueCsvColumn[],
  lookups: Lookups,
  publicUrl: string,
): ImportRow | string[] {
  const problems: string[] = [];
  if (record.fields.length !== columns.length) {
    return [`the row has ${record.fields.length} fields, the header ${columns.length}`];
  }
  const cells = new Map<CatalogueCsvColumn, string>();
  columns.forEach((column, index) => {
    cells.set(column, record.fields[index] ?? '');
  });
  const has = (column: CatalogueCsvColumn) => cells.has(column);
  const cell = (column: CatalogueCsvColumn) => cells.get(column) ?? '';
  const text = (column: CatalogueCsvColumn) => cell(column).trim();

  const slug = text('slug');
  const price = text('price');
  if (!PRICE.test(price)) problems.push('price: a number such as 49.90 (a dot before at most two decimals)');
  const oldPrice = text('old_price');
  if (oldPrice !== '' && !PRICE.test(oldPrice)) problems.push('old_price: a number such as 59.90, or empty');
  else if (oldPrice !== '' && PRICE.test(price) && Number(oldPrice) <= Number(price)) {
    problems.push('old_price: must be above the price (or empty)');
  }
  const stock = text('stock');
  if (!STOCK.test(stock)) problems.push('stock: a whole number, 0 or more');

  let hot: boolean | null = null;
  let newItem: boolean | null = null;
  let freeDelivery: boolean | null = null;
  if (has('flags')) {
    const flags =
      text('flags') === ''
        ? []
        : text('flags')
            .split(CSV_LIST_SEPARATOR)
            .map((flag) => flag.trim().toLowerCase());
    const unknown = flags.filter((flag) => !(CSV_PRODUCT_FLAGS as readonly string[]).includes(flag));
    if (unknown.length > 0)
      problems.push(`flags: "${unknown.join('", "')}" is not one of ${CSV_PRODUCT_FLAGS.join(', ')}`);
    hot = flags.includes('hot');
    newItem = flags.includes('new');
    freeDelivery = flags.includes('free_delivery');
  }

  let productLine: ImportRow['product_line'] = null;
  const lineCell = text('line').toLowerCase();
  if (lineCell === 'exclusive' || lineCell === 'handmade') productLine = lineCell;
  else if (lineCell !== '') problems.push('line: exclusive, handmade or empty');

  let supplierId: number | null = null;
  if (text('supplier') !== '') {
    supplierId = lookups.suppliers.get(key(text('supplier'))) ?? null;
    if (supplierId === null) problems.push(`supplier: no supplier is called "${text('supplier')}"`);
  }

  let typeId = 0;
  let categoryId = 0;
  let subCategoryId = 0;
  const path = readCategoryPath(cell('category'));
  if (!path) problems.push('category: a path of three names, "Type > Category > Sub-category"');
  else {
    const [typeName, categoryName, subName] = path;
    typeId = lookups.types.get(key(typeName)) ?? 0;
    categoryId = typeId ? (lookups.categories.get(key(typeId, categoryName)) ?? 0) : 0;
    subCategoryId = categoryId ? (lookups.subCategories.get(key(categoryId, subName)) ?? 0) : 0;
    if (!typeId) problems.push(`category: no product type is called "${typeName}"`);
    else if (!categoryId) problems.push(`category: the type "${typeName}" has no category "${categoryName}"`);
    else if (!subCategoryId) {
      problems.push(
        `category: the category "${typeName} > ${categoryName}" has no sub-category "${subName}"`,
      );
    }
  }

  let specifications: CsvSpecification[] | null = null;
  if (has('specifications')) {
    const read = readSpecifications(cell('specifications'));
    if (typeof read === 'string') problems.push(`specifications: ${read}`);
    else specifications = read;
  }

  let imageIds: number[] | null = null;
  if (text('images') !== '') {
    const read = readImageRefs(cell('images'), publicUrl);
    if (typeof read === 'string') problems.push(`images: ${read}`);
    else {
      const missing = read.filter((id) => !lookups.images.has(id));
      if (missing.length > 0)
        problems.push(`images: no uploaded picture ${missing.map((id) => `${id}.webp`).join(', ')}`);
      imageIds = read;
    }
  }

  let archived: boolean | null = null;
  if (has('archived')) {
    const read = readBoolean(cell('archived'));
    if (read === 'bad') problems.push('archived: true, false or empty');
    else archived = read;
  }

  const formerOwner = lookups.redirects.get(slug);
  if (formerOwner !== undefined && !lookups.existing.has(slug)) {
    problems.push(
      `slug: "${slug}" was another product's slug (product ${formerOwner}; its old links lead there): choose another`,
    );
  }

  const row: ImportRow = {
    line: record.line,
    slug,
    title: text('title'),
    hint: has('hint') ? text('hint') || null : null,
    short_description: has('short_description') ? text('short_description') : null,
    description: richText.description,
    details: richText.details,
    price,
    old_price: oldPrice === '' ? null : oldPrice,
    stock: Number(stock),
    hot,
    new_item: newItem,
    free_delivery: freeDelivery,
    product_line: productLine,
    supplier_id: supplierId,
    type_id: typeId,
    category_id: categoryId,
    sub_category_id: subCategoryId,
    specifications,
    image_ids: imageIds,
    archived,
  };
  // The editor's schema on what the row makes; the raw description's length, before sanitising.
  if (problems.length === 0) {
    problems.push(...inputProblems({ ...row, description: cell('description') }));
  }
  return problems.length > 0 ? problems : row;
}

/** Everything the checks need from the database, read once per file (`lock`: the apply's). */
async function readLookups(
  db: Database,
  slugs: string[],
  imageIds: number[],
  lock: boolean,
): Promise<Lookups> {
  const slugList = JSON.stringify(slugs);
  // One after another: they share the transaction's connection.
  // The apply holds the taxonomy FOR SHARE: a move of a category (FOR UPDATE, admin/category-tree)
  // waits for the import, so no row is written with the parents of before the move.
  const share = lock ? sql`FOR SHARE` : sql``;
  const types = await db.execute(sql`SELECT id, name FROM product_types ${share}`);
  const categories = await db.execute(sql`SELECT id, type_id, name FROM categories ${share}`);
  const subCategories = await db.execute(sql`SELECT id, category_id, name FROM sub_categories ${share}`);
  const suppliers = await db.execute(sql`SELECT id, name FROM suppliers`);
  const images = await db.execute(
    sql`SELECT id FROM uploaded_images WHERE id = ANY(${`{${imageIds.join(',')}}`}::int[])`,
  );
  const redirects = await db.execute(sql`SELECT slug, product_id FROM product_slug_redirects
    WHERE slug IN (SELECT jsonb_array_elements_text(${slugList}::jsonb))`);
  // The apply locks the products it updates, in id order (the lock order of productLocks.ts).
  const existing = await db.execute(sql`SELECT id, slug, stock_quantity FROM products
    WHERE slug IN (SELECT jsonb_array_elements_text(${slugList}::jsonb)) ORDER BY id
    ${lock ? sql`FOR UPDATE` : sql``}`);
  const byName = <R extends { id: number; name: string }>(rows: R[], parent: (row: R) => number | null) =>
    new Map(
      rows.map((row) => [parent(row) === null ? key(row.name) : key(parent(row) ?? 0, row.name), row.id]),
    );
  return {
    types: byName(rowsOf<{ id: number; name: string }>(types), () => null),
    categories: byName(
      rowsOf<{ id: number; name: string; type_id: number }>(categories),
      (row) => row.type_id,
    ),
    subCategories: byName(
      rowsOf<{ id: number; name: string; category_id: number }>(subCategories),
      (row) => row.category_id,
    ),
    suppliers: byName(rowsOf<{ id: number; name: string }>(suppliers), () => null),
    images: new Set(rowsOf<{ id: number }>(images).map((row) => row.id)),
    redirects: new Map(
      rowsOf<{ slug: string; product_id: number }>(redirects).map((row) => [row.slug, row.product_id]),
    ),
    existing: new Map(
      rowsOf<{ id: number; slug: string; stock_quantity: number }>(existing).map((row) => [
        row.slug,
        { id: row.id, stock: row.stock_quantity },
      ]),
    ),
  };
}

/** Every row checked: the rows ready to write and every row's reasons, in file order. */
async function checkRows(
  db: Database,
  { columns, records, richTexts }: PreparedImport,
  publicUrl: string,
  lock: boolean,
): Promise<{ rows: ImportRow[]; errors: ImportRowError[]; lookups: Lookups }> {
  const slugIndex = columns.indexOf('slug');
  const imagesIndex = columns.indexOf('images');
  const slugs = records.map((record) => (record.fields[slugIndex] ?? '').trim());
  const imageIds = new Set<number>();
  if (imagesIndex >= 0) {
    for (const record of records) {
      const read = readImageRefs(record.fields[imagesIndex] ?? '', publicUrl);
      if (typeof read !== 'string') for (const id of read) imageIds.add(id);
    }
  }
  const lookups = await readLookups(db, [...new Set(slugs)], [...imageIds], lock);
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  const firstLine = new Map<string, number>();
  for (const [index, record] of records.entries()) {
    const richText = richTexts[index] ?? { description: '', details: '' };
    const checked = checkRecord(record, richText, columns, lookups, publicUrl);
    const slug = (record.fields[slugIndex] ?? '').trim();
    const problems = Array.isArray(checked) ? [...checked] : [];
    const earlier = slug ? firstLine.get(slug) : undefined;
    if (earlier !== undefined) problems.unshift(`slug: "${slug}" is on line ${earlier} already`);
    else if (slug) firstLine.set(slug, record.line);
    if (problems.length > 0) {
      errors.push({ line: record.line, slug: slug || null, reason: problems.join('; ') });
    } else if (!Array.isArray(checked)) rows.push(checked);
  }
  return { rows, errors, lookups };
}

/** What the audit row of an import keeps: counts, and the slugs (up to AUDIT_SLUGS_MAX a kind). */
export interface ImportSummary {
  mode: ImportMode;
  applied: boolean;
  rows: number;
  errors: number;
  created: number;
  updated: number;
  created_slugs: string[];
  updated_slugs: string[];
}

export interface ImportOutcome {
  report: ImportReport;
  summary: ImportSummary;
  /** Notify-me mails queued (the caller wakes the mailer after the commit). */
  notified: number;
}

/**
 * Checks a catalogue CSV (mode 'check', nothing written) or applies it (mode 'apply', in `tx`, the
 * caller's transaction: every row written, or none when a row is in error).
 */
export async function importCatalogue(
  tx: Database,
  prepared: PreparedImport,
  mode: ImportMode,
  publicUrl: string,
  actor: StockActor,
): Promise<ImportOutcome> {
  const { records } = prepared;
  const columns = prepared.columns;
  const { rows, errors, lookups } = await checkRows(tx, prepared, publicUrl, mode === 'apply');
  const createdSlugs = rows.filter((row) => !lookups.existing.has(row.slug)).map((row) => row.slug);
  const updatedSlugs = rows.filter((row) => lookups.existing.has(row.slug)).map((row) => row.slug);
  const applied = mode === 'apply' && errors.length === 0;
  let notified = 0;
  if (applied) notified = await writeRows(tx, columns, rows, lookups, actor);
  const report: ImportReport = {
    mode,
    applied,
    rows: records.length,
    created: createdSlugs.length,
    updated: updatedSlugs.length,
    errors,
  };
  return {
    report,
    notified,
    summary: {
      mode,
      applied,
      rows: records.length,
      errors: errors.length,
      created: createdSlugs.length,
      updated: updatedSlugs.length,
      created_slugs: createdSlugs.slice(0, AUDIT_SLUGS_MAX),
      updated_slugs: updatedSlugs.slice(0, AUDIT_SLUGS_MAX),
    },
  };
}

/** The products' columns an update sets, for the optional CSV columns the file has. */
function updatedColumns(columns: readonly CatalogueCsvColumn[]) {
  const set = [
    sql`title = EXCLUDED.title`,
    sql`description = EXCLUDED.description`,
    sql`details = EXCLUDED.details`,
    sql`price = EXCLUDED.price`,
    sql`stock_quantity = EXCLUDED.stock_quantity`,
    sql`type_id = EXCLUDED.type_id`,
    sql`category_id = EXCLUDED.category_id`,
    sql`sub_category_id = EXCLUDED.sub_category_id`,
    sql`updated_at = now()`,
  ];
  const optional: [CatalogueCsvColumn, ReturnType<typeof sql>][] = [
    ['hint', sql`hint = EXCLUDED.hint`],
    ['short_description', sql`short_description = EXCLUDED.short_description`],
    ['old_price', sql`old_price = EXCLUDED.old_price`],
    ['flags', sql`hot = EXCLUDED.hot, new_item = EXCLUDED.new_item, free_delivery = EXCLUDED.free_delivery`],
    ['line', sql`line = EXCLUDED.line`],
    ['supplier', sql`supplier_id = EXCLUDED.supplier_id`],
    // An archived product stays archived since its first archiving; false brings it back.
    [
      'archived',
      sql`archived_at = CASE WHEN EXCLUDED.archived_at IS NULL THEN NULL ELSE COALESCE(products.archived_at, EXCLUDED.archived_at) END`,
    ],
  ];
  for (const [column, assignment] of optional) if (columns.includes(column)) set.push(assignment);
  return sql.join(set, sql`, `);
}

/** Writes the checked rows (set-based); answers the notify-me mails queued. */
async function writeRows(
  tx: Database,
  columns: readonly CatalogueCsvColumn[],
  rows: readonly ImportRow[],
  lookups: Lookups,
  actor: StockActor,
): Promise<number> {
  const written: { id: number; slug: string }[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    written.push(...(await upsertProducts(tx, columns, rows.slice(start, start + ROWS_PER_STATEMENT))));
  }
  const idOf = new Map(written.map((row) => [row.slug, row.id]));
  const ids = rows.map((row) => idOf.get(row.slug) ?? 0);

  if (columns.includes('specifications')) await writeSpecifications(tx, rows, ids);
  await writeImages(tx, rows, ids);

  // The stock log: every product whose stock the import set to another figure.
  const moves = rows.flatMap((row, index) => {
    const before = lookups.existing.get(row.slug)?.stock ?? 0;
    const id = ids[index] ?? 0;
    return before === row.stock ? [] : [{ product_id: id, before, after: row.stock }];
  });
  for (let start = 0; start < moves.length; start += ROWS_PER_STATEMENT) {
    const chunk = JSON.stringify(moves.slice(start, start + ROWS_PER_STATEMENT));
    await tx.execute(sql`
      INSERT INTO product_stock_log (product_id, source, stock_before, stock_after, reason, admin_id, admin_email)
      SELECT m.product_id, 'import', m.before, m.after, ${IMPORT_STOCK_REASON}, ${actor.id}::int, ${actor.email}
      FROM jsonb_to_recordset(${chunk}::jsonb) AS m (product_id int, before int, after int)`);
  }
  const backInStock = moves
    .filter((move) => move.before <= 0 && move.after > 0)
    .map((move) => move.product_id);
  return mailBackInStock(tx, backInStock);
}

/** Creates or updates one chunk of rows by slug; answers their ids. */
async function upsertProducts(
  tx: Database,
  columns: readonly CatalogueCsvColumn[],
  rows: readonly ImportRow[],
): Promise<{ id: number; slug: string }[]> {
  const products = JSON.stringify(
    rows.map((row, ord) => ({
      ord,
      slug: row.slug,
      title: row.title,
      hint: row.hint,
      short_description: row.short_description ?? '',
      description: row.description,
      details: row.details,
      price: row.price,
      old_price: row.old_price,
      stock: row.stock,
      hot: row.hot ?? false,
      new_item: row.new_item ?? false,
      free_delivery: row.free_delivery ?? false,
      product_line: row.product_line,
      supplier_id: row.supplier_id,
      type_id: row.type_id,
      category_id: row.category_id,
      sub_category_id: row.sub_category_id,
      archived: row.archived ?? false,
    })),
  );
  return rowsOf<{ id: number; slug: string }>(
    await tx.execute(sql`
      INSERT INTO products (slug, title, hint, short_description, description, details, price, old_price,
        stock_quantity, hot, new_item, free_delivery, line, supplier_id, type_id, category_id, sub_category_id,
        archived_at, updated_at)
      SELECT r.slug, r.title, r.hint, r.short_description, r.description, r.details, r.price, r.old_price,
        r.stock, r.hot, r.new_item, r.free_delivery, r.product_line, r.supplier_id, r.type_id, r.category_id,
        r.sub_category_id, CASE WHEN r.archived THEN now() END, now()
      FROM jsonb_to_recordset(${products}::jsonb) AS r (ord int, slug text, title text, hint text,
        short_description text, description text, details text, price numeric, old_price numeric, stock int,
        hot boolean, new_item boolean, free_delivery boolean, product_line text, supplier_id int, type_id int,
        category_id int, sub_category_id int, archived boolean)
      ORDER BY r.ord
      ON CONFLICT (slug) DO UPDATE SET ${updatedColumns(columns)}
      RETURNING id, slug`),
  );
}

async function writeSpecifications(
  tx: Database,
  rows: readonly ImportRow[],
  ids: readonly number[],
): Promise<void> {
  const specs = rows.flatMap((row, index) =>
    (row.specifications ?? []).map((spec, position) => ({
      product_id: ids[index],
      name: spec.name,
      value: spec.value,
      quick_view: spec.quick_view ? 1 : 0,
      position,
    })),
  );
  await tx.execute(
    sql`DELETE FROM product_specifications WHERE product_id = ANY(${`{${ids.join(',')}}`}::int[])`,
  );
  for (let start = 0; start < specs.length; start += ROWS_PER_STATEMENT * 5) {
    const chunk = JSON.stringify(specs.slice(start, start + ROWS_PER_STATEMENT * 5));
    await tx.execute(sql`
      INSERT INTO product_specifications (product_id, name, value, show_in_quick_view, position)
      SELECT s.product_id, s.name, s.value, s.quick_view, s.position
      FROM jsonb_to_recordset(${chunk}::jsonb) AS s (product_id int, name text, value text, quick_view smallint, position int)`);
  }
}

/**
 * The gallery's pictures of the rows with an images cell: they replace the gallery's pictures, in
 * order; its videos are kept, after them; the first picture becomes the card's (products.image_id).
 */
async function writeImages(tx: Database, rows: readonly ImportRow[], ids: readonly number[]): Promise<void> {
  const withImages = rows.flatMap((row, index) =>
    row.image_ids && row.image_ids.length > 0
      ? [{ product_id: ids[index] ?? 0, image_ids: row.image_ids }]
      : [],
  );
  if (withImages.length === 0) return;
  const productIds = `{${withImages.map((row) => row.product_id).join(',')}}`;
  const pictures = JSON.stringify(
    withImages.flatMap((row) =>
      row.image_ids.map((image_id, position) => ({ product_id: row.product_id, image_id, position })),
    ),
  );
  const counts = JSON.stringify(
    withImages.map((row) => ({
      product_id: row.product_id,
      pictures: row.image_ids.length,
      first: row.image_ids[0],
    })),
  );
  await tx.execute(
    sql`DELETE FROM product_gallery WHERE type = 'Image' AND product_id = ANY(${productIds}::int[])`,
  );
  await tx.execute(sql`
    INSERT INTO product_gallery (product_id, type, image_id, position)
    SELECT g.product_id, 'Image', g.image_id, g.position
    FROM jsonb_to_recordset(${pictures}::jsonb) AS g (product_id int, image_id int, position int)`);
  await tx.execute(sql`
    UPDATE product_gallery SET position = n.pictures + v.rank
    FROM (SELECT id, row_number() OVER (PARTITION BY product_id ORDER BY position, id) - 1 AS rank
          FROM product_gallery WHERE type = 'Video' AND product_id = ANY(${productIds}::int[])) AS v,
      jsonb_to_recordset(${counts}::jsonb) AS n (product_id int, pictures int, first int)
    WHERE product_gallery.id = v.id AND product_gallery.product_id = n.product_id`);
  await tx.execute(sql`
    UPDATE products SET image_id = n.first
    FROM jsonb_to_recordset(${counts}::jsonb) AS n (product_id int, pictures int, first int)
    WHERE products.id = n.product_id`);
}
