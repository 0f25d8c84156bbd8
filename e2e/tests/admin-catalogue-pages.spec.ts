/**
 * The back office's catalogue and content pages (issue 22) as an owner opens them: each passes axe
 * (WCAG A/AA, serious and critical) and fits a 390 px and a 320 px phone without a sideways scroll.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, blockingViolations, signInAt } from './admin';

/** A product of the shop to open in the editor (with its stock panel). */
async function someProductId(page: Page): Promise<number> {
  const headers = await adminHeaders(page.request);
  const answer = await page.request.get('/backend/api/admin/products', { headers });
  const id = (await answer.json()).data.items[0]?.id as number | undefined;
  if (!id) throw new Error('no product');
  return id;
}

const PAGES: { path: (page: Page) => Promise<string> | string; heading: string | RegExp }[] = [
  { path: () => '/admin/products', heading: 'Products' },
  { path: () => '/admin/products/new', heading: 'New product' },
  { path: async (page) => `/admin/products/${await someProductId(page)}`, heading: /^Edit / },
  { path: () => '/admin/catalogue-csv', heading: 'Import / export' },
  { path: () => '/admin/categories', heading: 'Categories' },
  { path: () => '/admin/home', heading: 'Home page' },
  { path: () => '/admin/pages', heading: 'Content pages' },
  { path: () => '/admin/pages/shipping', heading: /.+/ },
  { path: () => '/admin/currencies', heading: 'Currencies' },
  { path: () => '/admin/shipping', heading: /Shipping/ },
  { path: () => '/admin/settings', heading: 'Settings' },
];

test('the catalogue and content pages pass axe and fit 390 and 320 px phones', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page);
  for (const { path, heading } of PAGES) {
    const address = await path(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading }), address).toBeVisible();
    // Loaded, not a skeleton: nothing says it is still loading.
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    expect(await blockingViolations(page), address).toEqual([]);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${address} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});
