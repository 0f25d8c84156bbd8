/**
 * The catalogue as CSV (issue 22): every product, archived ones too, in id order, in the columns
 * of CATALOGUE_CSV_COLUMNS (@shop/contract/schemas/adminCatalogueCsv). Streamed: products are
 * read a page at a time by id (keyset, one short query each, no transaction held open while a
 * slow client reads), so a catalogue of a million products never sits in memory. A product
 * changed while the export runs is written as its page found it.
 */
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvColumn } from '@shop/contract/schemas/adminCatalogueCsv';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { type CsvSpecification, categoryPath, imagesCell, specificationsCell } from './catalogueCsvCells';
import { csvRecord } from './csv';

/** Products read per query. */
export const EXPORT_PAGE_SIZE = 500;
const BOM = '\uFEFF';

interface ExportRow {
  id: number;
  slug: string;
  title: string;
  hint: string | null;
  short_description: string;
  details: string;
  price: string;
  old_price: string | null;
  stock_quantity: number;
  hot: boolean;
  new_item: boolean;
  free_delivery: boolean;
  line: string | null;
  supplier: string | null;
  type_name: string;
  category_name: string;
  sub_category_name: string;
  archived: boolean;
  specifications: CsvSpecification[] | null;
  image_ids: number[] | null;
}

function flagsOf(row: ExportRow): string {
  return [row.hot && 'hot', row.new_item && 'new', row.free_delivery && 'free_delivery']
    .filter((flag): flag is string => typeof flag === 'string')
    .join('|');
}

function cellsOf(row: ExportRow): Record<CatalogueCsvColumn, string> {
  return {
    slug: row.slug,
    title: row.title,
    hint: row.hint ?? '',
    short_description: row.short_description,
    // The product editor's description: its HTML (products.description is only its plain text).
    description: row.details,
    price: row.price,
    old_price: row.old_price ?? '',
    stock: String(row.stock_quantity),
    flags: flagsOf(row),
    line: row.line ?? '',
    supplier: row.supplier ?? '',
    category: categoryPath(row.type_name, row.category_name, row.sub_category_name),
    specifications: specificationsCell(row.specifications ?? []),
    images: imagesCell(row.image_ids ?? []),
    archived: row.archived ? 'true' : 'false',
  };
}

async function pageAfter(db: Database, afterId: number, pageSize: number): Promise<ExportRow[]> {
  return rowsOf<ExportRow>(
    await db.execute(sql`
      SELECT p.id, p.slug, p.title, p.hint, p.short_description, p.details,
        p.price::text AS price, p.old_price::text AS old_price, p.stock_quantity, p.hot, p.new_item,
        p.free_delivery, p.line, s.name AS supplier, t.name AS type_name, c.name AS category_name,
        sc.name AS sub_category_name, p.archived_at IS NOT NULL AS archived,
        (SELECT json_agg(json_build_object('name', ps.name, 'value', ps.value, 'quick_view', ps.show_in_quick_view = 1)
           ORDER BY ps.position, ps.id)
         FROM product_specifications ps WHERE ps.product_id = p.id) AS specifications,
        (SELECT json_agg(g.image_id ORDER BY g.position, g.id)
         FROM product_gallery g WHERE g.product_id = p.id AND g.type = 'Image' AND g.image_id IS NOT NULL) AS image_ids
      FROM products p
      JOIN product_types t ON t.id = p.type_id
      JOIN categories c ON c.id = p.category_id
      JOIN sub_categories sc ON sc.id = p.sub_category_id
      LEFT JOIN suppliers s ON s.id = p.supplier_id
      WHERE p.id > ${afterId}
      ORDER BY p.id
      LIMIT ${pageSize}`),
  );
}

/**
 * The CSV's text, a page of products at a time (`pageSize`, one chunk each): a BOM (for
 * spreadsheets), the header, the rows.
 */
export async function* catalogueCsv(db: Database, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  const columns = CATALOGUE_CSV_COLUMNS.map((column) => column.name);
  yield BOM + csvRecord(columns);
  let afterId = 0;
  for (;;) {
    const rows = await pageAfter(db, afterId, pageSize);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const cells = cellsOf(row);
      chunk += csvRecord(columns.map((column) => cells[column]));
    }
    yield chunk;
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) return;
    afterId = last.id;
  }
}
