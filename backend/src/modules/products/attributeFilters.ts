/**
 * The listing's `f` attribute filter: its bounds and its parsing.
 *
 * `f` is a JSON object of attribute name → values, e.g. {"Colour":["Red","Blue"]}: values OR
 * within a name, AND across names. The bounds are far above what the catalog's filter panel can
 * send (it offers the names and values of the facets: 4 names seeded, Colour, Material, Occasion,
 * Size, with at most 15 values, Material's; every seeded value ticked at once is ~360 characters
 * of JSON), so only a hand-made request ever meets them.
 */

// The bounds are shared with the listing page, which drops an `f` beyond them before it asks.
import {
  ATTRIBUTE_FILTER_MAX_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAME_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAMES,
  ATTRIBUTE_FILTER_MAX_VALUE_LENGTH,
  ATTRIBUTE_FILTER_MAX_VALUES,
  characters,
} from '@shop/contract/validation/listing-limits';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import { products } from '../../db/schema';
import { AppError } from '../../errors';

export {
  ATTRIBUTE_FILTER_MAX_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAME_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAMES,
  ATTRIBUTE_FILTER_MAX_VALUE_LENGTH,
  ATTRIBUTE_FILTER_MAX_VALUES,
};

export type AttributeFilters = Record<string, string[]>;

const SHAPE = 'must be a JSON object of attribute name → list of values, e.g. {"Colour":["Red","Blue"]}';

/**
 * `f` as attribute name → its distinct values, sorted; a name with no value is left out. Anything
 * malformed or beyond a bound is a 400 naming `f`. A name no product has is kept: like an unknown
 * slug it matches nothing (it costs one index probe, see attributeHits).
 */
export function parseAttributeFilters(raw: string | undefined): AttributeFilters {
  if (raw === undefined || raw.trim() === '') return {};
  const refuse = (message: string, problem: string) => AppError.badRequest(`f ${message}`, { f: problem });
  if (characters(raw) > ATTRIBUTE_FILTER_MAX_LENGTH) {
    const problem = `must not be longer than ${ATTRIBUTE_FILTER_MAX_LENGTH} characters`;
    throw refuse(problem, problem);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw refuse(`is not valid JSON: it ${SHAPE}`, `is not valid JSON; ${SHAPE}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse(SHAPE, SHAPE);
  const entries = Object.entries(parsed);
  if (entries.length > ATTRIBUTE_FILTER_MAX_NAMES) {
    const problem = `must not name more than ${ATTRIBUTE_FILTER_MAX_NAMES} attributes`;
    throw refuse(`${problem} (it names ${entries.length})`, problem);
  }
  const filters: AttributeFilters = {};
  for (const [name, values] of entries) {
    if (characters(name) > ATTRIBUTE_FILTER_MAX_NAME_LENGTH) {
      const problem = `attribute names must not be longer than ${ATTRIBUTE_FILTER_MAX_NAME_LENGTH} characters`;
      throw refuse(problem, problem);
    }
    if (!Array.isArray(values) || !values.every((value): value is string => typeof value === 'string')) {
      throw AppError.badRequest(`f.${name} must be a list of strings`, { f: SHAPE });
    }
    if (values.length > ATTRIBUTE_FILTER_MAX_VALUES) {
      const problem = `must not list more than ${ATTRIBUTE_FILTER_MAX_VALUES} values for one attribute`;
      throw AppError.badRequest(`f.${name} ${problem} (it lists ${values.length})`, { f: problem });
    }
    if (values.some((value) => characters(value) > ATTRIBUTE_FILTER_MAX_VALUE_LENGTH)) {
      const problem = `attribute values must not be longer than ${ATTRIBUTE_FILTER_MAX_VALUE_LENGTH} characters`;
      throw AppError.badRequest(`f.${name}: ${problem}`, { f: problem });
    }
    if (values.length > 0) filters[name] = [...new Set(values)].sort();
  }
  return filters;
}

/** The selected (name, value) pairs as rows f.name, v.value of one jsonb parameter. */
const selectedPairs = (filters: AttributeFilters) =>
  sql`jsonb_each(${JSON.stringify(filters)}::jsonb) f(name, selected_values)
    CROSS JOIN LATERAL jsonb_array_elements_text(f.selected_values) v(value)`;

/**
 * The selection as the catalogue can meet it: values no product has are left out (they add
 * nothing to their name's OR), and `null` when a name keeps no value at all, since then no
 * product matches (AND across names): the listing is empty without a scan. One statement of at
 * most ATTRIBUTE_FILTER_MAX_NAMES × ATTRIBUTE_FILTER_MAX_VALUES probes of the (name, value,
 * product_id) index. What is left is also the facet cache's key, so made-up values cannot make
 * every request a cache miss.
 */
export async function resolveAttributeFilters(
  db: Database,
  filters: AttributeFilters,
): Promise<AttributeFilters | null> {
  const names = Object.keys(filters);
  if (names.length === 0) return filters;
  const rows = rowsOf<{ name: string; value: string }>(
    await db.execute(sql`SELECT f.name, v.value FROM ${selectedPairs(filters)}
      WHERE EXISTS (SELECT 1 FROM product_attributes pa WHERE pa.name = f.name AND pa.value = v.value)`),
  );
  const known: AttributeFilters = {};
  for (const { name, value } of rows) known[name] = [...(known[name] ?? []), value];
  const resolved: AttributeFilters = {};
  for (const name of names) {
    const values = known[name];
    if (!values) return null;
    resolved[name] = values.sort();
  }
  return resolved;
}

/**
 * WHERE conditions on `products` for the listing's page: the product has one of the selected
 * values of every selected name. One EXISTS per name (at most ATTRIBUTE_FILTER_MAX_NAMES), which
 * PostgreSQL turns into semi-joins, so a sorted page can stop at its first matches.
 */
export function productHasAttributes(filters: AttributeFilters): SQL[] {
  return Object.keys(filters)
    .sort()
    .map(
      (name) =>
        sql`EXISTS (SELECT 1 FROM product_attributes pa WHERE pa.product_id = ${products.id} AND pa.name = ${name} AND pa.value IN (${sql.join(
          (filters[name] ?? []).map((value) => sql`${value}`),
          sql`, `,
        )}))`,
    );
}

/**
 * The attribute selection resolved once per facet statement, instead of an EXISTS per name per
 * product (and per name again for each name's "others", quadratic in names). Each selected name
 * is a bit; `attribute_hits` is a CTE of (product_id, mask), the bits of the names a product has
 * a selected value of, read from the (name, value, product_id) index for the selected pairs only
 * and OR-ed in a hash aggregate (no sort, no DISTINCT: a second value of a name sets the same bit).
 */
export interface AttributeHits {
  /** `attribute_hits AS (…)`, for a WITH list. */
  cte: SQL;
  /** The product (`products`) meets every selected name. */
  productOk: SQL;
  /**
   * An attribute row `a` counts in the facets: its product (`h`, attribute_hits LEFT JOINed on
   * a.product_id) meets every selected name but, perhaps, a.name itself.
   */
  valueRowOk: SQL;
}

export function attributeHits(filters: AttributeFilters): AttributeHits {
  const names = Object.keys(filters);
  if (names.length > ATTRIBUTE_FILTER_MAX_NAMES) throw new Error('more attribute names than bits');
  const all = 2 ** names.length - 1;
  const bitOf = (column: SQL) =>
    sql`CASE ${column} ${sql.join(
      names.map((name, index) => sql`WHEN ${name} THEN ${sql.raw(String(2 ** index))}`),
      sql` `,
    )} ELSE 0 END`;
  return {
    cte: sql`attribute_hits AS (
      SELECT pa.product_id, bit_or(${bitOf(sql`f.name`)}) AS mask
      FROM ${selectedPairs(filters)}
        JOIN product_attributes pa ON pa.name = f.name AND pa.value = v.value
      GROUP BY pa.product_id
    )`,
    productOk: sql`${products.id} IN (SELECT product_id FROM attribute_hits WHERE mask = ${sql.raw(String(all))})`,
    valueRowOk: sql`(coalesce(h.mask, 0) | ${bitOf(sql`a.name`)}) = ${sql.raw(String(all))}`,
  };
}
