import type { ProductDetail, ProductListing } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { createTestApp, dataOf, failureOf, TEST_PRODUCTS, type TestContext, targets } from './db';

describe.each(targets)('products on %s', (target) => {
  let ctx: TestContext;
  const list = async (query = '') =>
    dataOf<ProductListing>(await ctx.app.inject({ method: 'GET', url: `/backend/api/products${query}` }));

  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  describe('GET products', () => {
    it('pages 20 newest products first with _meta', async () => {
      const listing = await list();
      expect(listing._meta).toEqual({ totalCount: TEST_PRODUCTS, currentPage: 1, pageCount: 2, perPage: 20 });
      expect(listing.items).toHaveLength(20);
      const dates = listing.items.map((item) => item.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(listing.query).toEqual({ sort: 'newest-to-oldest', 'per-page': '20', page: '1' });
    });

    it('returns the rest on page 2 and an empty page beyond the last', async () => {
      const first = await list();
      const second = await list('?page=2');
      expect(second.items).toHaveLength(TEST_PRODUCTS - 20);
      const ids = new Set([...first.items, ...second.items].map((item) => item.id));
      expect(ids.size).toBe(TEST_PRODUCTS);
      const beyond = await list('?page=9');
      expect(beyond.items).toEqual([]);
      expect(beyond._meta).toEqual({ totalCount: TEST_PRODUCTS, currentPage: 9, pageCount: 2, perPage: 20 });
    });

    it('sorts by price and by age', async () => {
      const prices = (await list('?sort=low-to-high&per-page=100')).items.map((item) => item.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const descending = (await list('?sort=high-to-low&per-page=100')).items.map((item) => item.price);
      expect(descending).toEqual([...prices].reverse().sort((a, b) => b - a));
      const oldest = (await list('?sort=oldest-to-newest&per-page=100')).items.map((item) => item.created_at);
      expect(oldest).toEqual([...oldest].sort());
    });

    it('clamps per-page to 1..100', async () => {
      expect((await list('?per-page=500'))._meta.perPage).toBe(100);
      const one = await list('?per-page=0');
      expect(one._meta).toMatchObject({ perPage: 1, pageCount: TEST_PRODUCTS });
      expect(one.items).toHaveLength(1);
    });

    it('rejects bad paging and sorting with 400 naming the field', async () => {
      for (const [query, field] of [
        ['?sort=cheapest', 'sort'],
        ['?page=0', 'page'],
        ['?per-page=abc', 'per-page'],
        ['?hot=maybe', 'hot'],
        ['?supplier_id=x', 'supplier_id'],
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url: `/backend/api/products${query}` });
        expect(response.statusCode).toBe(400);
        const body = failureOf(response);
        expect(body.error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(body.error.fields ?? {})).toEqual([field]);
        expect(body.error.message).toContain(field);
      }
    });

    it('counts facets and filters by type, category and sub-category slugs', async () => {
      const all = await list();
      const typeCounts = all.filters.productTypes.reduce((sum, facet) => sum + facet.products_count, 0);
      expect(typeCounts).toBe(TEST_PRODUCTS);
      expect(all.filters.attributes.map((group) => group.name)).toEqual([
        'Colour',
        'Material',
        'Occasion',
        'Size',
      ]);

      const type = all.filters.productTypes[0];
      if (!type) throw new Error('no product type facet');
      const byType = await list(`?type=${type.slug}&per-page=100`);
      expect(byType._meta.totalCount).toBe(type.products_count);
      expect(byType.items.every((item) => item.type.slug === type.slug)).toBe(true);
      // Categories are narrowed to the chosen type; types stay listed for switching.
      expect(byType.filters.productTypes).toEqual(all.filters.productTypes);
      const categoryTotal = byType.filters.productCategories.reduce(
        (sum, facet) => sum + facet.products_count,
        0,
      );
      expect(categoryTotal).toBe(type.products_count);

      const category = byType.filters.productCategories[0];
      if (!category) throw new Error('no category facet');
      const byCategory = await list(`?type=${type.slug}&category=${category.slug}&per-page=100`);
      expect(byCategory._meta.totalCount).toBe(category.products_count);
      expect(byCategory.items.every((item) => item.category.slug === category.slug)).toBe(true);
      expect(byCategory.query).toMatchObject({ type: type.slug, category: category.slug });

      const subCategory = byCategory.filters.productSubCategories[0];
      if (!subCategory) throw new Error('no sub-category facet');
      const bySub = await list(
        `?type=${type.slug}&category=${category.slug}&subCategory=${subCategory.slug}`,
      );
      expect(bySub._meta.totalCount).toBe(subCategory.products_count);
      expect(bySub.items.every((item) => item.subCategory.slug === subCategory.slug)).toBe(true);

      expect((await list('?type=no-such-type'))._meta.totalCount).toBe(0);
    });

    it('searches titles and descriptions with q, taking % literally', async () => {
      const [first] = await ctx.database.db.select().from(products).where(eq(products.id, 1));
      const word = first?.title.split(' ').at(-1) ?? 'missing';
      const found = await list(`?q=${encodeURIComponent(word.toLowerCase())}&per-page=100`);
      expect(found.items.map((item) => item.id)).toContain(1);
      expect(found._meta.totalCount).toBeLessThan(TEST_PRODUCTS);
      expect(found.query.q).toBe(word.toLowerCase());
      expect((await list('?q=%25%25'))._meta.totalCount).toBe(0);
      expect((await list('?q=zzzz-no-such-gift'))._meta.totalCount).toBe(0);
    });

    it('applies the quick filters and the supplier', async () => {
      const inStock = await list('?stock=1&per-page=100');
      expect(inStock.items.every((item) => item.in_stock && item.stock_quantity > 0)).toBe(true);
      const hot = await list('?hot=true&per-page=100');
      expect(hot._meta.totalCount).toBeGreaterThan(0);
      expect(hot.items.every((item) => item.hot)).toBe(true);
      const supplier = await list('?supplier_id=122&per-page=100');
      expect(supplier._meta.totalCount).toBeGreaterThan(0);
      expect(supplier.items.every((item) => item.supplier_id === 122)).toBe(true);
      const cheap = await list('?price-max-usd=30&per-page=100');
      expect(cheap.items.every((item) => item.price <= 30)).toBe(true);
      expect((await list('?hot=0'))._meta.totalCount).toBe(TEST_PRODUCTS);
    });

    it('describes each card with image, flags and quick-view specifications', async () => {
      const [card] = (await list()).items;
      expect(card?.image).toBe(`/backend/api/images/products/${card?.id}.svg`);
      expect(card?.specifications.product.some((spec) => spec.show_in_quick_view === 1)).toBe(true);
      expect(card?.specifications.sub_category.length).toBeGreaterThan(0);
    });
  });

  describe('GET products/by-slug/:slug', () => {
    it('returns the product with sanitised details and its supplier', async () => {
      await ctx.database.db
        .update(products)
        .set({
          details:
            '<p onclick="steal()">Lovely</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
          stockQuantity: 1,
          supplierId: 122,
        })
        .where(eq(products.id, 2));
      const [row] = await ctx.database.db.select().from(products).where(eq(products.id, 2));
      const { item } = dataOf<{ item: ProductDetail }>(
        await ctx.app.inject({ method: 'GET', url: `/backend/api/products/by-slug/${row?.slug}` }),
      );
      expect(item.id).toBe(2);
      expect(item.details).toContain('<p>Lovely</p>');
      expect(item.details).not.toMatch(/script|onclick|javascript:/);
      expect(item.supplier).toEqual({ id: 122, name: 'Atelier Noor' });
      expect(item.last_piece_message).toBe('Only 1 left in stock');
      expect(item.short_description.length).toBeGreaterThan(10);
    });

    it('answers an unknown slug with 404 NOT_FOUND', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/backend/api/products/by-slug/no-such-gift',
      });
      expect(response.statusCode).toBe(404);
      expect(failureOf(response)).toEqual({
        status: false,
        error: { code: 'NOT_FOUND', message: 'Product not found.' },
      });
    });
  });

  describe('GET images', () => {
    it('draws a product as an immutable SVG with its name escaped', async () => {
      await ctx.database.db.update(products).set({ title: 'Tom & Jerry <Box>' }).where(eq(products.id, 3));
      const response = await ctx.app.inject({ method: 'GET', url: '/backend/api/images/products/3.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toMatch(/^<svg /);
      expect(response.body).toContain('Tom &amp; Jerry &lt;Box&gt;');
      expect(response.body).toContain('>TJ<');
      const again = await ctx.app.inject({ method: 'GET', url: '/backend/api/images/products/3.svg' });
      expect(again.body).toBe(response.body);
    });

    it('draws types and categories, and 404s unknown ids', async () => {
      for (const url of ['/backend/api/images/types/1.svg', '/backend/api/images/categories/1.svg']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('</svg>');
      }
      const missing = await ctx.app.inject({ method: 'GET', url: '/backend/api/images/products/99999.svg' });
      expect(missing.statusCode).toBe(404);
      expect(failureOf(missing).error.code).toBe('NOT_FOUND');
      const bad = await ctx.app.inject({ method: 'GET', url: '/backend/api/images/products/abc.svg' });
      expect(bad.statusCode).toBe(400);
    });
  });
});
