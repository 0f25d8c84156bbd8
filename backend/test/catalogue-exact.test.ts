/**
 * Issue 19: listings answer from an in-memory index, yet stay exact: every committed change (a
 * price, the stock, a flag, an attribute, the taxonomy, a new or a deleted product, an order
 * taking the last piece, a product's or a sub-category's specifications) is in the very next listing's total, facets and `stock=1` filter, and
 * two API instances on one database agree at once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProductListing, ShippingAddress } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { rowsOf } from '../src/db/migrate';
import { categories, productAttributes, products } from '../src/db/schema';
import { CardSpecifications, cardSpecificationsOf } from '../src/modules/products/cardSpecifications';
import { loadProductCards } from '../src/services/productCards';
import {
  bearer,
  createMember,
  createTestApp,
  dataOf,
  shippingAddress,
  type TestContext,
  targets,
} from './db';

type App = TestContext['app'];

const listing = async (app: App, query: string) =>
  dataOf<ProductListing>(await app.inject({ method: 'GET', url: `/backend/api/products?${query}` }));

const facet = (facets: { slug: string; products_count: number }[], slug: string) =>
  facets.find((entry) => entry.slug === slug)?.products_count ?? 0;

const attributeCount = (answer: ProductListing, name: string, value: string) =>
  answer.filters.attributes
    .find((group) => group.name === name)
    ?.values.find((entry) => entry.value === value)?.products_count ?? 0;

describe.each(targets)('catalogue listings after changes (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { products: 60 });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const productOf = async (id: number) => {
    const [row] = await db()
      .select({ typeId: products.typeId, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, id));
    if (!row) throw new Error(`no product ${id}`);
    const [category] = await db().select().from(categories).where(eq(categories.id, row.categoryId));
    if (!category) throw new Error('no category');
    return { ...row, categorySlug: category.slug };
  };

  it('sees a price change in the price filter and the price order', async () => {
    await listing(ctx.app, 'sort=low-to-high');
    await db().update(products).set({ price: 0.01 }).where(eq(products.id, 7));
    const cheapest = await listing(ctx.app, 'sort=low-to-high&per-page=1');
    expect(cheapest.items[0]?.id).toBe(7);
    const underOneCent = await listing(ctx.app, 'price-max-usd=0.01');
    expect(underOneCent.items.map((item) => item.id)).toEqual([7]);
  });

  it('sees stock going to 0 and back in `stock=1` and its facets', async () => {
    const { categorySlug } = await productOf(8);
    await db().update(products).set({ stockQuantity: 3 }).where(eq(products.id, 8));
    const before = await listing(ctx.app, 'stock=1&per-page=100');
    expect(before.items.map((item) => item.id)).toContain(8);
    await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, 8));
    const after = await listing(ctx.app, 'stock=1&per-page=100');
    expect(after.items.map((item) => item.id)).not.toContain(8);
    expect(after._meta.totalCount).toBe(before._meta.totalCount - 1);
    expect(facet(after.filters.productCategories, categorySlug)).toBe(
      facet(before.filters.productCategories, categorySlug) - 1,
    );
    await db().update(products).set({ stockQuantity: 2 }).where(eq(products.id, 8));
    expect((await listing(ctx.app, 'stock=1&per-page=100'))._meta.totalCount).toBe(before._meta.totalCount);
  });

  it('sees a flag, an attribute and a taxonomy rename', async () => {
    const hotBefore = (await listing(ctx.app, 'hot=1'))._meta.totalCount;
    await db().update(products).set({ hot: true }).where(eq(products.id, 9));
    await db().update(products).set({ hot: false }).where(eq(products.id, 10));
    const hot = await listing(ctx.app, 'hot=1&per-page=100');
    expect(hot.items.map((item) => item.id)).toContain(9);
    expect(hot.items.map((item) => item.id)).not.toContain(10);
    expect(hot._meta.totalCount).toBeLessThanOrEqual(hotBefore + 1);

    expect(attributeCount(await listing(ctx.app, ''), 'Finish', 'Brushed zinc')).toBe(0);
    await db().insert(productAttributes).values({ productId: 9, name: 'Finish', value: 'Brushed zinc' });
    const withFinish = await listing(ctx.app, `f=${encodeURIComponent('{"Finish":["Brushed zinc"]}')}`);
    expect(withFinish.items.map((item) => item.id)).toEqual([9]);
    expect(attributeCount(withFinish, 'Finish', 'Brushed zinc')).toBe(1);

    const { categorySlug } = await productOf(9);
    await db().update(categories).set({ name: 'Renamed just now' }).where(eq(categories.slug, categorySlug));
    const renamed = await listing(ctx.app, '');
    expect(renamed.filters.productCategories.find((entry) => entry.slug === categorySlug)?.name).toBe(
      'Renamed just now',
    );
  });

  it('sees a new product and a deleted one', async () => {
    const before = await listing(ctx.app, 'per-page=1');
    const [made] = await db()
      .execute(sql`INSERT INTO products (slug, title, short_description, description, details, price, stock_quantity,
          type_id, category_id, sub_category_id, created_at)
        SELECT 'made-just-now', 'Made just now', '', '', '', 3, 1, type_id, category_id, sub_category_id, now() + interval '1 day'
        FROM products WHERE id = 11 RETURNING id`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    const newest = await listing(ctx.app, 'per-page=1');
    expect(newest.items[0]?.id).toBe(made?.id);
    expect(newest._meta.totalCount).toBe(before._meta.totalCount + 1);

    await db().delete(products).where(eq(products.id, 12));
    const all = await listing(ctx.app, 'per-page=100');
    expect(all.items.map((item) => item.id)).not.toContain(12);
    expect(all._meta.totalCount).toBe(before._meta.totalCount);
  });

  it('gives every card the specifications the database holds, after each kind of change', async () => {
    // The listing's cards take both lists from memory; the other cards read them in SQL.
    const expectDatabaseSpecifications = async () => {
      const answer = await listing(ctx.app, 'per-page=100');
      const ids = answer.items.map((item) => item.id);
      const fromSql = await loadProductCards(db(), ids);
      expect(answer.items.map((item) => [item.id, item.specifications])).toEqual(
        ids.map((id) => [id, fromSql.get(id)?.specifications]),
      );
      return answer;
    };
    const first = await expectDatabaseSpecifications();
    expect(first.items.some((item) => item.specifications.product.length > 0)).toBe(true);
    expect(first.items.some((item) => item.specifications.sub_category.length > 0)).toBe(true);

    const [{ sub } = { sub: 0 }] = rowsOf<{ sub: number }>(
      await db().execute(sql`SELECT sub_category_id AS sub FROM products WHERE id = 19`),
    );
    await db().execute(sql`INSERT INTO product_specifications (product_id, name, value, show_in_quick_view, position)
      VALUES (15, 'Engraving', 'Up to 20 letters', 1, -1)`);
    await db().execute(sql`UPDATE product_specifications SET value = 'Changed just now'
      WHERE id = (SELECT min(id) FROM product_specifications WHERE product_id = 16)`);
    await db().execute(sql`DELETE FROM product_specifications WHERE product_id = 17`);
    await db().execute(sql`UPDATE product_specifications SET position = -position WHERE product_id = 18`);
    await db().execute(sql`UPDATE product_specifications SET product_id = 21
      WHERE id = (SELECT max(id) FROM product_specifications WHERE product_id = 20)`);
    await db().execute(sql`INSERT INTO sub_category_specifications (sub_category_id, name, value, show_in_quick_view, position)
      VALUES (${sub}, 'Care', 'Wipe with a dry cloth', 0, 100)`);
    const [made] = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO products (slug, title, short_description, description, details, price,
          stock_quantity, type_id, category_id, sub_category_id, created_at)
        SELECT 'specified-just-now', 'Specified just now', '', '', '', 4, 1, type_id, category_id, sub_category_id, now()
        FROM products WHERE id = 19 RETURNING id`),
    );
    await db().execute(sql`INSERT INTO product_specifications (product_id, name, value, show_in_quick_view, position)
      VALUES (${made?.id ?? 0}, 'Size', 'Small', 1, 1), (${made?.id ?? 0}, 'Colour', 'Teal', 0, 0)`);

    const after = await expectDatabaseSpecifications();
    const card = (id: number | undefined) => after.items.find((item) => item.id === id);
    expect(card(15)?.specifications.product[0]).toEqual({
      name: 'Engraving',
      value: 'Up to 20 letters',
      show_in_quick_view: 1,
    });
    expect(card(17)?.specifications.product).toEqual([]);
    expect(card(19)?.specifications.sub_category.at(-1)?.value).toBe('Wipe with a dry cloth');
    expect(card(made?.id)?.specifications.product.map((entry) => entry.value)).toEqual(['Teal', 'Small']);
    // A full load (a new instance's) lays out the same lists, product 18's reversed order too.
    const loaded = new CardSpecifications();
    await loaded.reloadAll(db());
    expect(after.items.map((item) => [item.id, loaded.productSpecifications(item.id)])).toEqual(
      after.items.map((item) => [item.id, item.specifications.product]),
    );
    expect(card(18)?.specifications.product.length).toBeGreaterThan(1);

    // Only products whose lists differ from the full load's are kept apart: a price or stock
    // change keeps nothing, and a list put back as it was is dropped again.
    const specifications = cardSpecificationsOf(ctx.app.deps.catalogueFeed);
    const apart = specifications.changedProducts;
    await db().execute(sql`UPDATE products SET price = price + 1 WHERE id BETWEEN 22 AND 30`);
    await expectDatabaseSpecifications();
    expect(specifications.changedProducts).toBe(apart);
    await db().execute(sql`UPDATE product_specifications SET position = -position WHERE product_id = 18`);
    await expectDatabaseSpecifications();
    expect(specifications.changedProducts).toBe(apart - 1);
  });

  it('sees an order taking the last piece: out of `stock=1` at once', async () => {
    const productId = 13;
    await db().update(products).set({ stockQuantity: 1, price: 10 }).where(eq(products.id, productId));
    const { categorySlug } = await productOf(productId);
    const before = await listing(ctx.app, 'stock=1&per-page=100');
    expect(before.items.map((item) => item.id)).toContain(productId);

    const { token } = await createMember(ctx.database);
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers: bearer(token) });
    await post('cart/add', { product_id: productId, quantity: 1, selected_currency_code: null });
    const created = await post('buyers-shipping-address/create', shippingAddress());
    expect(created.statusCode).toBe(201);
    const address = (JSON.parse(created.body) as { data: { item: ShippingAddress } }).data.item;
    await post('cart/add-shipping-address', { address_id: address.id });
    await post('cart/add-payment-method', { payment_method: 'Cash On Delivery' });
    const placed = await post('cart/member-checkout', { member_checkout: true });
    expect(placed.statusCode).toBe(200);

    const after = await listing(ctx.app, 'stock=1&per-page=100');
    expect(after.items.map((item) => item.id)).not.toContain(productId);
    expect(after._meta.totalCount).toBe(before._meta.totalCount - 1);
    expect(facet(after.filters.productCategories, categorySlug)).toBe(
      facet(before.filters.productCategories, categorySlug) - 1,
    );
  });

  (kind === 'postgres' ? it : it.skip)('lets two API instances on one database agree at once', async () => {
    const other = await buildApp({
      database: ctx.database,
      uploadsDir: mkdtempSync(path.join(tmpdir(), 'shop-uploads-')),
    });
    await other.ready();
    try {
      const query = 'stock=1&sort=high-to-low&per-page=5';
      expect(await listing(other, query)).toEqual(await listing(ctx.app, query));
      await db().update(products).set({ price: 5000, stockQuantity: 4 }).where(eq(products.id, 14));
      const [first, second] = [await listing(ctx.app, query), await listing(other, query)];
      expect(first.items[0]?.id).toBe(14);
      expect(second).toEqual(first);
      await db().update(products).set({ stockQuantity: 0 }).where(eq(products.id, 14));
      const [third, fourth] = [await listing(other, query), await listing(ctx.app, query)];
      expect(third.items.map((item) => item.id)).not.toContain(14);
      expect(fourth).toEqual(third);
    } finally {
      await other.close();
    }
  });
});

describe('the catalogue at start-up', () => {
  it('starts loading its indexes when the server listens, before any listing', async () => {
    const ctx = await createTestApp('pglite', { products: 12 });
    try {
      const refresh = jest.spyOn(ctx.app.deps.catalogueFeed, 'refresh');
      const load = jest.spyOn(ctx.app.deps.catalogueIndex, 'reloadAll');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      expect(refresh).toHaveBeenCalledTimes(1);
      // The first listing joins that load: the index is loaded once.
      const answer = await listing(ctx.app, 'per-page=5');
      expect(answer._meta.totalCount).toBe(12);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      await ctx.close();
    }
  });
});
