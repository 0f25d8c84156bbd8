/**
 * Search finds what a shopper means: taxonomy and line names, stop words typed as the start of a
 * word, two words ranked together, and every home-page link leading to products. On the seeded
 * shop (the default 320 products) plus a few renamed products.
 */
import type {
  Banner,
  CategoryBlock,
  HeroSlide,
  ProductCard,
  ProductListing,
  Suggestions,
} from '@shop/contract';
import { SEARCH_TEXT_MAX } from '@shop/contract/validation';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SEED_PRODUCTS } from '../src/config';
import { rowsOf } from '../src/db/migrate';
import { products } from '../src/db/schema';
import { createTestApp, dataOf, type TestContext, targets } from './db';

const API = '/backend/api';

describe.each(targets)('search by meaning on %s', (target) => {
  let ctx: TestContext;
  const get = <T>(url: string) =>
    ctx.app.inject({ method: 'GET', url: `${API}/${url}` }).then((r) => dataOf<T>(r));
  const search = (q: string, extra = '') =>
    get<ProductListing>(`products?q=${encodeURIComponent(q)}&per-page=100${extra}`);
  const titles = (items: ProductCard[]) => items.map((item) => item.title);

  /** Moves a product under a sub-category (with its category and type) and renames it. */
  async function makeProduct(id: number, title: string, subCategorySlug: string) {
    const [place] = rowsOf<{ sub: number; category: number; type: number }>(
      await ctx.database.db.execute(sql`SELECT s.id AS sub, c.id AS category, c.type_id AS type
        FROM sub_categories s JOIN categories c ON c.id = s.category_id WHERE s.slug = ${subCategorySlug}`),
    );
    if (!place) throw new Error(`no sub-category ${subCategorySlug}`);
    await ctx.database.db
      .update(products)
      .set({
        title,
        shortDescription: `A ${title.toLowerCase()}.`,
        description: `${title}, ready to give.`,
        typeId: Number(place.type),
        categoryId: Number(place.category),
        subCategoryId: Number(place.sub),
      })
      .where(eq(products.id, id));
  }

  beforeAll(async () => {
    ctx = await createTestApp(target, { products: DEFAULT_SEED_PRODUCTS });
    await makeProduct(11, 'Classic Leather Wallet', 'wallets');
    await makeProduct(12, 'Slim Leather Wallet', 'wallets');
    await makeProduct(13, 'Leather Card Holder', 'wallets');
    await makeProduct(14, 'Canvas Wallet', 'wallets');
    await makeProduct(15, 'Leather Notebook Cover', 'notebooks');
    await makeProduct(16, 'All-weather Picnic Blanket', 'cushions-and-throws');
  });
  afterAll(() => ctx.close());

  describe('type, category and sub-category names', () => {
    it("finds the Gifts department for 'gift', products named gift first", async () => {
      const found = await search('gift');
      expect(found._meta.totalCount).toBeGreaterThan(1);
      expect(found.items[0]?.title).toMatch(/\bgift/i);
      // Products whose only 'gift' is their type, category or sub-category are found too.
      const byDepartment = found.items.filter((item) => !/gift/i.test(item.title));
      expect(byDepartment.length).toBeGreaterThan(0);
      for (const item of byDepartment) {
        expect(`${item.type.name} ${item.category.name} ${item.subCategory.name}`).toMatch(/gift/i);
      }
    });

    it.each([
      ['stationery', (item: ProductCard) => item.type.slug === 'stationery'],
      ['jewellery', (item: ProductCard) => item.category.slug === 'jewellery'],
      ['fragrance', (item: ProductCard) => item.subCategory.slug === 'candles-and-fragrance'],
    ])('finds %s by its name in the taxonomy, not in any title', async (q, inPlace) => {
      const found = await search(q);
      expect(found._meta.totalCount).toBeGreaterThan(0);
      expect(found.items.every(inPlace)).toBe(true);
      expect(found.items.some((item) => item.title.toLowerCase().includes(q))).toBe(false);
    });

    it("finds the exclusive line for 'exclusive' (the home banner's link)", async () => {
      const found = await search('exclusive');
      expect(found._meta.totalCount).toBeGreaterThan(0);
      expect(found.items.every((item) => item.line === 'exclusive')).toBe(true);
    });
  });

  describe('stop words', () => {
    it.each([
      ['her', /^heritage\b/i],
      ['can', /\bcan/i],
      ['all', /^all-weather\b/i],
    ])('matches %s as the start of a word', async (q, first) => {
      const found = await search(q);
      expect(found._meta.totalCount).toBeGreaterThan(0);
      expect(found.items[0]?.title).toMatch(first);
    });

    it('leaves stop words among other words out, so they never empty a search', async () => {
      const gifts = await search('gifts');
      const forHer = await search('gifts for her');
      expect(forHer._meta.totalCount).toBe(gifts._meta.totalCount);
      expect(titles(forHer.items)).toEqual(titles(gifts.items));
    });

    it("suggests candles for 'can' (3 letters) and nothing below 3", async () => {
      const found = await get<Suggestions>('suggestions?q=can');
      expect(found.products.length).toBeGreaterThan(0);
      expect(found.products[0]?.title).toMatch(/candle/i);
      expect(found.sub_categories.map((sub) => sub.slug)).toContain('candles-and-fragrance');
      const short = await get<Suggestions>('suggestions?q=ca');
      expect(short.products).toEqual([]);
    });
  });

  it("ranks leather wallets first for 'leather wallet', then leather in the Wallets department", async () => {
    const found = await search('leather wallet');
    const ranked = titles(found.items);
    expect(ranked.slice(0, 2).sort()).toEqual(['Classic Leather Wallet', 'Slim Leather Wallet']);
    expect(ranked).toContain('Leather Card Holder');
    // Every word must match: a canvas wallet is not leather, a leather notebook cover no wallet.
    expect(ranked).not.toContain('Canvas Wallet');
    expect(ranked).not.toContain('Leather Notebook Cover');
    expect(found.items[0]?.subCategory.slug).toBe('wallets');
  });

  it(`takes a search of ${SEARCH_TEXT_MAX} characters and refuses a longer one with 400`, async () => {
    const longest = 'a'.repeat(SEARCH_TEXT_MAX);
    expect((await search(longest)).items).toEqual([]);
    const tooLong = await ctx.app.inject({
      method: 'GET',
      url: `${API}/products?q=${'a'.repeat(SEARCH_TEXT_MAX + 1)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toMatch(/q/);
  });

  it('leads every home link (hero slides, banners, category blocks) to products', async () => {
    const slides = await get<{ items: HeroSlide[] }>('hero-slides');
    const banners = await get<{ items: Banner[] }>('banners');
    const blocks = await get<{ items: CategoryBlock[] }>('category-blocks');
    const links = [
      ...slides.items.map((slide) => slide.button_link),
      ...banners.items.map((banner) => banner.link),
      ...blocks.items.flatMap((block) => [
        `/products?type=${block.product_type_slug}`,
        ...block.categories.map(
          ({ category }) => `/products?type=${block.product_type_slug}&category=${category.slug}`,
        ),
      ]),
    ];
    expect(links.length).toBeGreaterThan(10);
    const empty: string[] = [];
    for (const link of links) {
      const url = new URL(link, 'http://shop.test');
      expect(url.pathname).toBe('/products');
      const listing = await get<ProductListing>(`products?${url.searchParams.toString()}&per-page=1`);
      if (listing._meta.totalCount === 0) empty.push(link);
    }
    expect(empty).toEqual([]);
  });
});
