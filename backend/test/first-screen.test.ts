/**
 * The first screen in the server's HTML (backend/src/delivery/firstScreen.ts): each page kind
 * carries its content, its meta tags and the answers it was made from (the very API answers,
 * under the addresses the page's client asks), escapes the shop's data, and a page whose data
 * cannot be read still goes out, as the bare shell.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HeroSlide, ProductCard, ProductDetail } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { heroSlides, products } from '../src/db/schema';
import { escapeHtml, firstScreenAddresses } from '../src/delivery/firstScreen';
import { withFirstScreen } from '../src/delivery/site';
import { createTestApp, dataOf, type TestContext, targets } from './db';

const PUBLIC_URL = 'https://shop.example';

/** The shell's index.html as its build writes it (minified: unquoted attributes, no comments). */
const INDEX_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="Gifts and everyday goods.">' +
  '<title>Gift Shop</title><script defer src=/main.1.js></script></head><body><div id=root>' +
  '<div class=boot-top aria-hidden=true></div><div class=boot aria-hidden=true><span>Gift Shop</span></div></div>' +
  '<noscript>This shop needs JavaScript to run.</noscript></body></html>';

function makeSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-first-screen-'));
  mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell/dist/index.html'), INDEX_HTML);
  return root;
}

/** The JSON of the page's inline `window.<name>=…` script. */
function inlined(html: string, name: string): unknown {
  const match = new RegExp(`window\\.${name}=(.*?)</script>`).exec(html);
  return match?.[1] ? JSON.parse(match[1]) : undefined;
}

const mainOf = (html: string) => /<main id="first-screen" class="fs-main">([\s\S]*?)<\/main>/.exec(html)?.[1];

describe.each(targets)('the first screen in the HTML on %s', (target) => {
  let root: string;
  let ctx: TestContext;
  beforeAll(async () => {
    root = makeSite();
    ctx = await createTestApp(target, { site: { root, publicUrl: PUBLIC_URL }, products: 30 });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const api = async <T>(address: string) => dataOf<T>(await get(`/backend/api/${address}`));

  it('home: the first hero slide, the shop title and canonical, its picture preloaded, its answers inlined', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const hero = await api<{ items: HeroSlide[] }>('hero-slides');
    const [slide] = hero.items;
    if (!slide) throw new Error('the seed has no hero slide');
    const main = mainOf(html) ?? '';
    expect(main).toContain(escapeHtml(slide.title));
    expect(main).toContain(escapeHtml(slide.button_text));
    // The band stays first in #root, the first screen after it.
    expect(html).toMatch(/<div id=root><div class=boot-top[\s\S]*<\/span><\/div><main id="first-screen"/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Gift Shop</title>');
    expect(html.match(/<meta name="?description"?/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
    expect(html).toContain('<meta property="og:title" content="Gift Shop">');
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/shop\.example\/backend\/api\/images\/hero-slides\//,
    );
    expect(html).toMatch(
      /<link rel="preload" href="[^"]+\.webp" imagesrcset="[^"]+ 480w, [^"]+" imagesizes="[^"]+" as="image" fetchpriority="high">/,
    );
    const deal = await api<{ deal: { id: number; items: unknown[] } | null }>('deals-of-the-day');
    // The deal's countdown (seconds left) ticks between the two reads.
    expect(inlined(html, '__SHOP_ANSWERS__')).toMatchObject({
      'hero-slides': hero,
      'deals-of-the-day': deal.deal ? { deal: { id: deal.deal.id, items: deal.deal.items } } : { deal: null },
    });
    // The answers are inlined: no preload of a fetch the page no longer makes.
    expect(html).not.toContain('as="fetch"');
  });

  it('listing: the first products with titles and prices, under the address the listing asks', async () => {
    const response = await get('/products?sort=low-to-high&page=1');
    const html = response.body;
    const listing = await api<{ items: ProductCard[]; _meta: { totalCount: number } }>(
      'products?per-page=20&sort=low-to-high',
    );
    expect(listing.items.length).toBe(20);
    const main = mainOf(html) ?? '';
    expect(main).toContain(`Products (${listing._meta.totalCount})`);
    for (const product of listing.items) {
      expect(main).toContain(`<a href="/product/${product.slug}">${escapeHtml(product.title)}</a>`);
    }
    // Prices in the shop's default currency, as the catalog's Price shows them.
    expect(main.match(/data-testid="price">[^<]+</g)).toHaveLength(20);
    expect(main).toContain('<option value="low-to-high" selected>');
    // Until the catalog takes over, a choice there would be lost: the sort waits for it.
    expect(main).toContain('<select id="fs-sort" disabled>');
    expect(inlined(html, '__SHOP_ANSWERS__')).toEqual({ 'products?per-page=20&sort=low-to-high': listing });
    // The page's own address: its filters in the listing's order, the defaults (page 1) left out.
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products?sort=low-to-high">`);
    expect(html).toContain('<title>Products | Gift Shop</title>');
    // The first card's picture is the preloaded one.
    expect(html).toMatch(
      /<link rel="preload" href="[^"]+\/images\/products\/\d+\/320\.webp[^"]*" imagesrcset=/,
    );
  });

  it('listing of a search: the words are escaped in the heading, the title and the canonical', async () => {
    const response = await get(`/products?q=${encodeURIComponent('<b>"mug"</b>')}`);
    const html = response.body;
    expect(html).not.toContain('<b>"mug"</b>');
    expect(html).toContain('Search results for &lt;b&gt;&quot;mug&quot;&lt;/b&gt; | Gift Shop');
    const answers = inlined(html, '__SHOP_ANSWERS__');
    expect(Object.keys(answers as object)).toEqual([
      `products?per-page=20&q=${new URLSearchParams({ q: '<b>"mug"</b>' }).toString().slice(2)}`,
    ]);
  });

  it("a search of replacement patterns ($` $' $&) is text: the page's head is not pasted into it", async () => {
    const response = await get(`/products?q=${encodeURIComponent("$` $' $&")}`);
    const html = response.body;
    expect(html.match(/"\/main\.1\.js"/g)).toHaveLength(1);
    expect(html.match(/window\.__SHOP_ANSWERS__=/g)).toHaveLength(1);
    expect(html).toContain('Search results for $` $&#39; $&amp; | Gift Shop');
  });

  it('product: title, price and main picture, with Open Graph and JSON-LD Product', async () => {
    const [card] = (await api<{ items: ProductCard[] }>('products?per-page=1')).items;
    if (!card) throw new Error('no product');
    const html = (await get(`/product/${card.slug}`)).body;
    const { item } = await api<{ item: ProductDetail }>(`products/by-slug/${card.slug}`);
    const main = mainOf(html) ?? '';
    expect(main).toContain(`<h1 id="product-title">${escapeHtml(item.title)}</h1>`);
    expect(main).toMatch(/data-testid="price">[^<]+</);
    expect(main).toMatch(
      /<img src="[^"]+" srcset="[^"]+" sizes="[^"]+" alt="[^"]*" class="fs-main-image" width="480" height="480" fetchpriority="high">/,
    );
    expect(html).toContain(`<title>${escapeHtml(item.title)} | Gift Shop</title>`);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/product/${card.slug}">`);
    const jsonLd = /<script nonce="[^"]+" type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({
      '@type': 'Product',
      name: item.title,
      offers: { price: item.price.toFixed(2), url: `${PUBLIC_URL}/product/${card.slug}` },
    });
    expect(Object.keys(inlined(html, '__SHOP_ANSWERS__') as object)).toEqual([
      `products/by-slug/${card.slug}`,
      `products/gallery/${item.id}`,
      `products/grouped-products/${item.id}`,
    ]);
  });

  it('escapes what the shop wrote: a product title cannot open a tag in the page', async () => {
    const [card] = (await api<{ items: ProductCard[] }>('products?per-page=1&sort=oldest-to-newest')).items;
    if (!card) throw new Error('no product');
    const title = `Oak "box" <script>alert(1)</script> & co's`;
    await ctx.database.db.update(products).set({ title }).where(eq(products.slug, card.slug));
    const html = (await get(`/product/${card.slug}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(mainOf(html)).toContain(
      'Oak &quot;box&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co&#39;s',
    );
    // In the inline JSON too (data kit answers, JSON-LD): nothing can close the script.
    expect(html).not.toMatch(/<\/script>alert|alert\(1\)<\/script>/);
    expect(inlined(html, '__SHOP_ANSWERS__')).toMatchObject({
      [`products/by-slug/${card.slug}`]: { item: { title } },
    });
  });

  it('an unknown product: the bare shell, told not to be indexed, for the page’s own not-found', async () => {
    const response = await get('/product/no-such-product-here');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('id="first-screen"');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).toContain('<div id=root><div class=boot-top');
    expect(inlined(response.body, '__SHOP_ANSWERS__')).toEqual({});
  });

  it('inlines its answers under firstScreenAddresses, the addresses the release checks hold a catalog’s reads to', async () => {
    const [card] = (await api<{ items: ProductCard[] }>('products?per-page=1')).items;
    if (!card) throw new Error('no product');
    const pages = [
      '/',
      '/products',
      '/products?type=gifts&sort=high-to-low&page=2&per-page=12&stock=1&q=box&f=%7B%22Colour%22%3A%5B%22Red%22%5D%7D',
      `/product/${card.slug}`,
    ];
    for (const page of pages) {
      const answers = inlined((await get(page)).body, '__SHOP_ANSWERS__') as object;
      expect(Object.keys(answers).sort()).toEqual(firstScreenAddresses(page, card.id).sort());
    }
    expect(firstScreenAddresses('/cart', card.id)).toEqual([]);
  });

  it('pages that are the shopper’s own get no first screen', async () => {
    for (const url of ['/cart', '/member/orders', '/login']) {
      const html = (await get(url)).body;
      expect(html).not.toContain('id="first-screen"');
      expect(html).not.toContain('__SHOP_ANSWERS__');
      expect(html).toContain('<title>Gift Shop</title>');
    }
  });

  it('a product that cannot be read now (not a 404) is not told to search engines to be dropped', async () => {
    const [product] = await ctx.database.db.select({ slug: products.slug }).from(products).limit(1);
    await ctx.database.db.execute(sql`ALTER TABLE suppliers RENAME TO suppliers_away`);
    try {
      const response = await get(`/product/${product?.slug ?? ''}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('noindex');
      expect(response.body).not.toContain('id="first-screen"');
    } finally {
      await ctx.database.db.execute(sql`ALTER TABLE suppliers_away RENAME TO suppliers`);
    }
  });

  it('a database that fails: the page still goes out, without its first screen, never a 500', async () => {
    await ctx.database.db.execute(sql`ALTER TABLE ${heroSlides} RENAME TO hero_slides_away`);
    try {
      const response = await get('/');
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('id="first-screen"');
      expect(response.body).toContain('<div id=root>');
    } finally {
      await ctx.database.db.execute(sql`ALTER TABLE hero_slides_away RENAME TO hero_slides`);
    }
  });
});

describe('withFirstScreen', () => {
  const screen = { head: '<title>T</title>', main: '<p>M</p>', answers: { a: 1 }, image: null };
  const answered = { address: '/products?type=gifts', at: 1_700_000_000_000 };

  it('says which address the answers were read for, and when', () => {
    expect(inlined(withFirstScreen(INDEX_HTML, screen, answered), '__SHOP_ANSWERED__')).toEqual(answered);
  });

  it("puts the markup before #root's closing tag, after the band, quoted or not", () => {
    expect(withFirstScreen(INDEX_HTML, screen, answered)).toContain(
      '<span>Gift Shop</span></div><main id="first-screen" class="fs-main"><p>M</p></main></div><noscript>',
    );
    const quoted =
      '<html><head><title>x</title></head><body><div id="root"></div><script src="/m.js"></script></body></html>';
    expect(withFirstScreen(quoted, screen, answered)).toContain(
      '<div id="root"><main id="first-screen" class="fs-main"><p>M</p></main></div>',
    );
  });

  it('replaces the shell’s default title and description', () => {
    const page = withFirstScreen(INDEX_HTML, screen, answered);
    expect(page.match(/<title>/g)).toEqual(['<title>']);
    expect(page).toContain('<title>T</title>');
    expect(page).not.toContain('Gifts and everyday goods.');
  });
});
