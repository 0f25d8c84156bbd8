/**
 * The catalogue CSV's columns and limits (issue 22), without TypeBox: the back office's import page
 * lists them from here without carrying the schema library. The endpoints and answers:
 * adminCatalogueCsv.ts; the columns in prose: docs/operations.md, "Catalogue CSV".
 */

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
  {
    name: 'description',
    required: true,
    description:
      "The product editor's description, shown on the product page: HTML, sanitised on import like the editor's (its plain text is what search reads)",
  },
  {
    name: 'price',
    required: true,
    description: "In USD (the prices' base, whatever the default currency), a dot before the cents: 49.90",
  },
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

export const IMPORT_MODES = ['check', 'apply'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
