import { pageViews } from '../src/db/schema';
import { pageViewCounts, referrerOf, routeOf } from '../src/modules/pageViews/pageViews';
import { createTestApp, dataOf, failureOf, type TestContext, targets } from './db';

describe('page-view normalisation', () => {
  it('keeps the route only: no query, no fragment, no reset hash, no trailing slash', () => {
    expect(routeOf('/products?q=candle&page=2')).toBe('/products');
    expect(routeOf('/product/oak-box#reviews')).toBe('/product/oak-box');
    expect(routeOf('/reset-password/3f9a1c0ffee')).toBe('/reset-password/:hash');
    expect(routeOf('/member/orders/')).toBe('/member/orders');
    expect(routeOf('/')).toBe('/');
    expect(routeOf(`/${'x'.repeat(1000)}`)).toHaveLength(300);
  });

  it("reduces a referrer to a route of the shop or another site's origin", () => {
    const shop = 'http://localhost:8080';
    expect(referrerOf('/products?q=x', shop)).toBe('/products');
    expect(referrerOf('http://localhost:8080/reset-password/abc?x=1', shop)).toBe('/reset-password/:hash');
    expect(referrerOf('https://www.google.com/search?q=my+name', shop)).toBe('https://www.google.com');
    expect(referrerOf('javascript:alert(1)', shop)).toBeNull();
    expect(referrerOf('not a url', shop)).toBeNull();
    expect(referrerOf(undefined, shop)).toBeNull();
  });
});

describe.each(targets)('page views on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target, { products: 0 });
  });
  afterAll(() => ctx.close());
  const view = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/backend/api/page-views', payload, headers });

  it('stores one row per view with the route and referrer only, and counts them by route', async () => {
    expect(
      dataOf(await view({ path: '/products?q=candle', referrer: 'https://news.example/a?id=7' })),
    ).toEqual({});
    await view(
      { path: '/products', referrer: '/' },
      { authorization: 'Bearer whoever', 'user-agent': 'Secret/1.0' },
    );
    await view({ path: '/reset-password/0123456789abcdef' });
    const rows = await ctx.database.db.select().from(pageViews);
    expect(rows.map(({ path, referrer }) => ({ path, referrer }))).toEqual([
      { path: '/products', referrer: 'https://news.example' },
      { path: '/products', referrer: '/' },
      { path: '/reset-password/:hash', referrer: null },
    ]);
    // Nothing personal has a column to go into.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['id', 'path', 'referrer', 'viewedAt']);
    expect(await pageViewCounts(ctx.database.db)).toEqual([
      { path: '/products', views: 2 },
      { path: '/reset-password/:hash', views: 1 },
    ]);
    expect(await pageViewCounts(ctx.database.db, new Date(Date.now() + 60_000))).toEqual([]);
  });

  it('refuses a path that is not a path, naming the field', async () => {
    for (const payload of [{}, { path: 'products' }, { path: `/${'x'.repeat(3000)}` }]) {
      const response = await view(payload);
      expect(response.statusCode).toBe(400);
      expect(failureOf(response).error.fields).toHaveProperty(['path']);
    }
  });
});
