/**
 * The listing's `f` attribute filter within its bounds (issue 15): every bound answers 400 naming
 * `f`, and the largest `f` the bounds allow answers the facets a plain count of the catalogue's
 * attribute rows gives (values OR within a name, AND across names, each name's facet ignoring its
 * own selection).
 */
import type { ProductListing } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/migrate';
import { AppError } from '../src/errors';
import {
  ATTRIBUTE_FILTER_MAX_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAME_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAMES,
  ATTRIBUTE_FILTER_MAX_VALUE_LENGTH,
  ATTRIBUTE_FILTER_MAX_VALUES,
  type AttributeFilters,
  parseAttributeFilters,
} from '../src/modules/products/attributeFilters';
import { createTestApp, dataOf, failureOf, type TestContext, targets } from './db';

const API = '/backend/api';

/** Every product's attribute rows and type, to count the expected facets by hand. */
interface Catalogue {
  rows: { productId: number; name: string; value: string }[];
  typeOf: Map<number, string>;
  /** Attribute name → its values. */
  values: Map<string, string[]>;
}

async function readCatalogue(ctx: TestContext): Promise<Catalogue> {
  const rows = rowsOf<{ product_id: number; name: string; value: string }>(
    await ctx.database.db.execute(sql`SELECT product_id, name, value FROM product_attributes`),
  ).map((row) => ({ productId: Number(row.product_id), name: row.name, value: row.value }));
  const types = rowsOf<{ id: number; slug: string }>(
    await ctx.database.db.execute(
      sql`SELECT p.id, t.slug FROM products p JOIN product_types t ON t.id = p.type_id`,
    ),
  );
  const values = new Map<string, string[]>();
  for (const { name, value } of rows) {
    const list = values.get(name) ?? [];
    if (!list.includes(value)) values.set(name, [...list, value].sort());
  }
  return { rows, typeOf: new Map(types.map((row) => [Number(row.id), row.slug])), values };
}

/** What the listing must answer for `filters`, counted product by product. */
function expectedFacets(catalogue: Catalogue, filters: AttributeFilters) {
  const has = new Map<number, Set<string>>();
  for (const { productId, name, value } of catalogue.rows) {
    if (!filters[name]?.includes(value)) continue;
    has.set(productId, (has.get(productId) ?? new Set()).add(name));
  }
  const names = Object.keys(filters);
  const meetsAllBut = (productId: number, skipped: string | null) =>
    names.every((name) => name === skipped || has.get(productId)?.has(name) === true);
  const matching = [...catalogue.typeOf.keys()].filter((id) => meetsAllBut(id, null));
  const types = new Map<string, number>();
  for (const id of matching) {
    const slug = catalogue.typeOf.get(id) ?? '';
    types.set(slug, (types.get(slug) ?? 0) + 1);
  }
  const values = new Map<string, number>();
  for (const { productId, name, value } of catalogue.rows) {
    if (!meetsAllBut(productId, name)) continue;
    const key = `${name}=${value}`;
    values.set(key, (values.get(key) ?? 0) + 1);
  }
  return { totalCount: matching.length, types, values };
}

const byKey = (map: Map<string, number>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The largest `f` within the bounds that still matches products: every name the catalogue has,
 * each with every other one of its values (so each facet has something to ignore), then values no
 * product has, added to each name in turn up to the per-name bound while the text fits.
 */
function largestFilter(catalogue: Catalogue): AttributeFilters {
  const filters: AttributeFilters = {};
  for (const [name, values] of catalogue.values) filters[name] = values.filter((_, index) => index % 2 === 0);
  let filler = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const values of Object.values(filters)) {
      if (values.length >= ATTRIBUTE_FILTER_MAX_VALUES) continue;
      values.push(`no-such-${(filler++).toString(36)}`);
      if (JSON.stringify(filters).length > ATTRIBUTE_FILTER_MAX_LENGTH) values.pop();
      else grew = true;
    }
  }
  return filters;
}

describe.each(targets)('attribute filter f on %s', (target) => {
  let ctx: TestContext;
  let catalogue: Catalogue;
  const listing = (f: string) =>
    ctx.app.inject({ method: 'GET', url: `${API}/products?per-page=100&f=${encodeURIComponent(f)}` });

  beforeAll(async () => {
    ctx = await createTestApp(target, { products: 80 });
    catalogue = await readCatalogue(ctx);
  });
  afterAll(() => ctx.close());

  const names = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`Name ${index}`, ['x']]));
  const tooLong = (length: number) => 'é'.repeat(length + 1);

  it.each([
    ['more attribute names than allowed', () => JSON.stringify(names(ATTRIBUTE_FILTER_MAX_NAMES + 1))],
    [
      'more values for one name than allowed',
      () =>
        JSON.stringify({
          Colour: Array.from({ length: ATTRIBUTE_FILTER_MAX_VALUES + 1 }, (_, index) => `v${index}`),
        }),
    ],
    [
      'an attribute name too long',
      () => JSON.stringify({ [tooLong(ATTRIBUTE_FILTER_MAX_NAME_LENGTH)]: ['x'] }),
    ],
    [
      'an attribute value too long',
      () => JSON.stringify({ Colour: ['Ivory', tooLong(ATTRIBUTE_FILTER_MAX_VALUE_LENGTH)] }),
    ],
    [
      'a text too long',
      () => JSON.stringify({ Colour: ['Ivory'] }).padEnd(ATTRIBUTE_FILTER_MAX_LENGTH + 1, ' '),
    ],
  ])('answers %s with 400 naming f and the bound', async (_case, f) => {
    const response = await listing(f());
    expect(response.statusCode).toBe(400);
    const { error } = failureOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual(['f']);
    expect(error.fields?.f).toMatch(/more than|longer than/);
  });

  it('refuses a text too long in the service too, not only in the query schema', () => {
    const f = JSON.stringify({ Colour: ['Ivory'] }).padEnd(ATTRIBUTE_FILTER_MAX_LENGTH + 1, ' ');
    expect(() => parseAttributeFilters(f)).toThrow(AppError);
    try {
      parseAttributeFilters(f);
    } catch (error) {
      expect(error instanceof AppError && error.fields).toEqual({
        f: `must not be longer than ${ATTRIBUTE_FILTER_MAX_LENGTH} characters`,
      });
    }
  });

  it('answers the largest f the bounds allow with the facets counted product by product', async () => {
    const filters = largestFilter(catalogue);
    const f = JSON.stringify(filters);
    expect(f.length).toBeLessThanOrEqual(ATTRIBUTE_FILTER_MAX_LENGTH);
    expect(f.length).toBeGreaterThan(ATTRIBUTE_FILTER_MAX_LENGTH - 20);
    const expected = expectedFacets(catalogue, filters);
    expect(expected.totalCount).toBeGreaterThan(0);

    const answer = dataOf<ProductListing>(await listing(f));
    expect(answer._meta.totalCount).toBe(expected.totalCount);
    expect(answer.items).toHaveLength(Math.min(100, expected.totalCount));
    expect(
      byKey(new Map(answer.filters.productTypes.map((type) => [type.slug, type.products_count]))),
    ).toEqual(byKey(expected.types));
    const values = new Map<string, number>();
    for (const group of answer.filters.attributes)
      for (const value of group.values) values.set(`${group.name}=${value.value}`, value.products_count);
    expect(byKey(values)).toEqual(byKey(expected.values));
  });

  it('answers every bound at its limit with 200; a name no product has matches nothing', async () => {
    const longName = 'N'.repeat(ATTRIBUTE_FILTER_MAX_NAME_LENGTH);
    const filters: AttributeFilters = {
      ...names(ATTRIBUTE_FILTER_MAX_NAMES - 2),
      Colour: [...(catalogue.values.get('Colour') ?? [])],
      [longName]: ['V'.repeat(ATTRIBUTE_FILTER_MAX_VALUE_LENGTH)],
    };
    const answer = dataOf<ProductListing>(await listing(JSON.stringify(filters)));
    expect(answer._meta.totalCount).toBe(0);
    expect(answer.items).toEqual([]);
    expect(answer.filters.productTypes).toEqual([]);
    expect(answer.filters.attributes).toEqual([]);

    // One unknown name among real ones: its own "others" are the real ones, so nothing is listed.
    const colours = catalogue.values.get('Colour') ?? [];
    const withOne = dataOf<ProductListing>(
      await listing(JSON.stringify({ Colour: colours, Missing: ['x'] })),
    );
    expect(withOne._meta.totalCount).toBe(0);
    expect(withOne.filters.attributes).toEqual([]);

    const manyValues = Array.from(
      { length: ATTRIBUTE_FILTER_MAX_VALUES },
      (_, index) => colours[index] ?? `v${index}`,
    );
    const colourOnly = expectedFacets(catalogue, { Colour: manyValues });
    const atValueBound = dataOf<ProductListing>(await listing(JSON.stringify({ Colour: manyValues })));
    expect(atValueBound._meta.totalCount).toBe(colourOnly.totalCount);
    expect(atValueBound._meta.totalCount).toBe(catalogue.typeOf.size);
  });
});
