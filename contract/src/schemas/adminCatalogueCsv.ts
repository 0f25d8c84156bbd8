/**
 * The catalogue as CSV (issue 22, backend/src/modules/admin/catalogueCsvRoutes.ts): export every
 * product, import a file to create or update products by slug, a dry run first. Owners and staff.
 * The columns are documented here once (the back office's page lists them) and in
 * docs/operations.md, "Catalogue CSV".
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Nullable } from './common';

/** Largest file imported: 10,000 products with long descriptions fit several times over. */
export const CATALOGUE_CSV_MAX_BYTES = 20 * 1024 * 1024;
/** Most products in one file (a bigger catalogue is imported in parts). */
export const CATALOGUE_CSV_MAX_ROWS = 50_000;
/** Between the names of a category path: "Type > Category > Sub-category". */
export const CATEGORY_PATH_SEPARATOR = ' > ';
/** Between the items of a list cell (flags, specifications, images). */
export const CSV_LIST_SEPARATOR = '|';
/** Before a specification's name: the specification shows in the quick view. */
export const QUICK_VIEW_MARKER = '*';
/** The product flags a `flags` cell may name. */
/** Customization and packaging are set in the product editor (their options and prices): a CSV keeps them. */
export const CSV_PRODUCT_FLAGS = ['hot', 'new', 'free_delivery'] as const;
export type CsvProductFlag = (typeof CSV_PRODUCT_FLAGS)[number];

/**
 * The columns, in the export's order; an import's header may order them freely and leave out the
 * optional ones: a column left out keeps what an existing product has, and a new product takes
 * the default (empty, false, no supplier).
 */
export const CATALOGUE_CSV_COLUMNS = [
  {
    name: 'slug',
    required: true,
    description:
      'The product\'s address (a-z, 0-9, "-"): the key; an existing slug is updated, a new one created',
  },
  { name: 'title', required: true, description: 'Up to 200 characters' },
  { name: 'hint', required: false, description: 'A short line under the title (empty: none)' },
  { name: 'short_description', required: false, description: 'Plain text, shown on the card' },
  { name: 'description', required: true, description: 'HTML; sanitised on import like the product form' },
  { name: 'details', required: false, description: 'HTML; sanitised on import' },
  { name: 'price', required: true, description: 'In the default currency, a dot before the cents: 49.90' },
  { name: 'old_price', required: false, description: 'The crossed-out price (empty: none)' },
  {
    name: 'stock',
    required: true,
    description: 'Pieces in stock, 0 or more; a change is written to the stock log',
  },
  { name: 'flags', required: false, description: `Any of ${CSV_PRODUCT_FLAGS.join(', ')}, separated by "|"` },
  { name: 'line', required: false, description: 'exclusive, handmade or empty' },
  { name: 'supplier', required: false, description: "An existing supplier's name (empty: none)" },
  { name: 'category', required: true, description: 'An existing "Type > Category > Sub-category" path' },
  {
    name: 'specifications',
    required: false,
    description:
      'name=value items separated by "|"; "*" before a name shows it in the quick view; "\\" escapes "|", "=" and "\\"',
  },
  {
    name: 'images',
    required: false,
    description:
      'Pictures already uploaded to this shop, in order, separated by "|" (empty: the gallery\'s pictures stay as they are): their address (/backend/api/images/uploaded/12.webp, with or without this shop\'s origin) or file name (12.webp). Other addresses are refused: the server fetches nothing',
  },
  {
    name: 'archived',
    required: false,
    description: 'true or false (empty: false); an archived product is off the storefront',
  },
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number]['name'];

/** A CSV file's bytes. */
export const CsvFile = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'text/csv; charset=utf-8',
});

export const IMPORT_MODES = ['check', 'apply'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const ImportRowError = Type.Object({
  line: Type.Integer({
    description: 'The CSV line the row starts on (the header is line 1; a quoted newline counts)',
  }),
  slug: Nullable(Type.String()),
  reason: Type.String(),
});
export type ImportRowError = Static<typeof ImportRowError>;

export const ImportReport = Type.Object({
  mode: Type.Union(IMPORT_MODES.map((mode) => Type.Literal(mode))),
  applied: Type.Boolean({ description: 'Written: an apply with no row in error (all or nothing)' }),
  rows: Type.Integer({ description: 'Products in the file' }),
  created: Type.Integer({ description: 'New slugs (to be created by a check)' }),
  updated: Type.Integer({ description: 'Existing slugs (to be updated by a check)' }),
  errors: Type.Array(ImportRowError, { description: 'Every row in error, in file order' }),
});
export type ImportReport = Static<typeof ImportReport>;

export const catalogueCsvEndpoints = endpoints({
  'GET admin/catalogue/export': {
    summary:
      'Every product (archived ones too) as CSV, streamed; the columns: docs/operations.md (owners and staff)',
    file: true,
    response: CsvFile,
  },
  'POST admin/catalogue/import': {
    summary:
      'Import a catalogue CSV (multipart/form-data: `file`, UTF-8 with or without BOM, at most 20 MB; `mode`: check or apply). Check writes nothing and reports every row in error with its line; apply checks everything again and writes all rows or none (owners and staff)',
    multipart: true,
    response: ImportReport,
  },
});
