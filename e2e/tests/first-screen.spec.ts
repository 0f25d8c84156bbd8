/**
 * The first screen comes with the server's HTML (backend/src/delivery/firstScreen.ts): its
 * content is there before any script runs, and when the catalog takes it over nothing moves and
 * the page works as before.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { takenOver } from './firstScreen';

interface Card {
  slug: string;
  title: string;
  in_stock: boolean;
}

const api = async <T>(request: APIRequestContext, address: string): Promise<T> => {
  const response = await request.get(`/backend/api/${address}`);
  return ((await response.json()) as { data: T }).data;
};

const inStockProduct = async (request: APIRequestContext): Promise<Card> => {
  const { items } = await api<{ items: Card[] }>(request, 'products?per-page=20&stock=1');
  const product = items[0];
  if (!product) throw new Error('the seed has no product in stock');
  return product;
};

/** The page's layout shifts, summed as CLS counts them (input-driven ones left out). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { __layoutShift: number };
    store.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) store.__layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);

/** Where an element is (rounded), to compare the server's markup with the catalog's. */
async function boxOf(page: Page, selector: string): Promise<{ x: number; y: number; width: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
}

/** A page of its own without scripts: what the server's HTML paints. */
async function serverOnly(browser: Browser, viewport: { width: number; height: number }) {
  const server = await browser.newContext({
    javaScriptEnabled: false,
    viewport,
    baseURL: test.info().project.use.baseURL,
  });
  return { server, serverPage: await server.newPage() };
}

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its hero', async ({ page, request }) => {
    const { items } = await api<{ items: { title: string; button_text: string }[] }>(request, 'hero-slides');
    const [slide] = items;
    if (!slide) throw new Error('no hero slide');
    await page.goto('/');
    await expect(page.locator('#first-screen').getByText(slide.title)).toBeVisible();
    await expect(page.getByRole('link', { name: slide.button_text })).toBeVisible();
    await expect(page).toHaveTitle('Gift Shop');
  });

  test('the listing shows its first products with titles and prices', async ({ page, request }) => {
    const listing = await api<{ items: Card[]; _meta: { totalCount: number } }>(
      request,
      'products?per-page=20&sort=low-to-high',
    );
    await page.goto('/products?sort=low-to-high');
    await expect(
      page.getByRole('heading', { level: 1, name: `Products (${listing._meta.totalCount})` }),
    ).toBeVisible();
    const cards = page.locator('#first-screen article');
    await expect(cards).toHaveCount(listing.items.length);
    for (const [index, product] of listing.items.slice(0, 4).entries()) {
      await expect(cards.nth(index).getByRole('link', { name: product.title })).toBeVisible();
      await expect(cards.nth(index).getByTestId('price')).toHaveText(/\S/);
    }
  });

  test('a product page shows its title, price and main picture, with its meta tags', async ({
    page,
    request,
  }) => {
    const product = await inStockProduct(request);
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.locator('#first-screen').getByTestId('price')).toHaveText(/\d/);
    const picture = page.getByRole('img', { name: product.title });
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${product.title} | Gift Shop`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/product/${product.slug}$`),
    );
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({ '@type': 'Product', name: product.title });
  });
});

test.describe('scripts blocked', () => {
  test('the product page is readable with every script refused', async ({ page, request }) => {
    const product = await inStockProduct(request);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByTestId('price')).toHaveText(/\d/);
  });
});

// The widths of the phone and the desktop layouts.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`taken over at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the product page: the title, price and picture stay where the server put them, and add to cart works', async ({
      browser,
      page,
      request,
    }) => {
      const product = await inStockProduct(request);
      // Where the server's markup puts them, without scripts.
      const { server, serverPage } = await serverOnly(browser, viewport);
      await serverPage.goto(`/product/${product.slug}`);
      const before = {
        title: await boxOf(serverPage, 'h1'),
        price: await boxOf(serverPage, '[data-testid="price"]'),
        picture: await boxOf(serverPage, 'main img'),
      };
      await server.close();

      await watchLayoutShifts(page);
      await page.goto(`/product/${product.slug}`);
      await takenOver(page);
      const after = {
        title: await boxOf(page, 'main h1'),
        price: await boxOf(page, 'main [data-testid="price"]'),
        picture: await boxOf(page, 'main figure img'),
      };
      for (const key of ['title', 'price', 'picture'] as const) {
        expect(Math.abs(after[key].y - before[key].y), `${key} moved down or up`).toBeLessThanOrEqual(2);
        expect(Math.abs(after[key].x - before[key].x), `${key} moved sideways`).toBeLessThanOrEqual(2);
      }
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);

      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
    });

    test('the listing: the first cards stay in place, and a filter works', async ({ browser, page }) => {
      const { server, serverPage } = await serverOnly(browser, viewport);
      await serverPage.goto('/products');
      const before = {
        heading: await boxOf(serverPage, 'h1'),
        card: await boxOf(serverPage, 'main article h2'),
        price: await boxOf(serverPage, 'main article [data-testid="price"]'),
      };
      await server.close();

      await watchLayoutShifts(page);
      await page.goto('/products');
      await takenOver(page);
      const after = {
        heading: await boxOf(page, 'main h1'),
        card: await boxOf(page, 'main article h2'),
        price: await boxOf(page, 'main article [data-testid="price"]'),
      };
      for (const key of ['heading', 'card', 'price'] as const) {
        expect(Math.abs(after[key].y - before[key].y), `${key} moved`).toBeLessThanOrEqual(2);
        expect(Math.abs(after[key].x - before[key].x), `${key} moved sideways`).toBeLessThanOrEqual(2);
      }
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);

      if (viewport.width < 768) await page.getByRole('button', { name: 'Show filters' }).click();
      // The box follows the URL (the listing's state lives there): checked once the URL says so.
      await page.getByRole('checkbox', { name: 'In Stock' }).click();
      await expect(page).toHaveURL(/[?&]stock=1/);
      await expect(page.getByRole('checkbox', { name: 'In Stock' })).toBeChecked();
      await expect(page.getByRole('heading', { level: 1, name: /^Products \(\d+\)$/ })).toBeVisible();
    });

    test('the home page: the hero stays in place while the rest of the page arrives', async ({
      browser,
      page,
    }) => {
      const { server, serverPage } = await serverOnly(browser, viewport);
      await serverPage.goto('/');
      const before = await boxOf(serverPage, 'main img');
      await server.close();

      await watchLayoutShifts(page);
      await page.goto('/');
      await takenOver(page);
      await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
      const after = await boxOf(page, 'main section[aria-label="Featured"] img');
      expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(2);
      expect(Math.abs(after.width - before.width)).toBeLessThanOrEqual(2);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  });
}
