import { expect, type Page, test } from '@playwright/test';

/**
 * The page the server sends preloads what the page needs first (remote entries, the mounted
 * modules' files, the largest image and the API answers it waits for). A preload that does not
 * match the later request is fetched twice, and Chrome warns about one that goes unused.
 */
async function loadAndWatch(page: Page, path: string, ready: () => Promise<void>) {
  const requests = new Map<string, number>();
  const warnings: string[] = [];
  page.on('request', (request) => requests.set(request.url(), (requests.get(request.url()) ?? 0) + 1));
  page.on('console', (message) => {
    if (message.text().includes('preloaded')) warnings.push(message.text());
  });
  await page.goto(path);
  await ready();
  // Chrome reports an unused preload a few seconds after the load event.
  await page.waitForTimeout(3500);
  const html = await (await page.request.get(path)).text();
  const preloaded = [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map(
    (m) => new URL(m[1] ?? '', page.url()).href,
  );
  return { requests, warnings, preloaded };
}

test('the home page uses every file and answer it preloads, each fetched once', async ({ page }) => {
  const { requests, warnings, preloaded } = await loadAndWatch(page, '/', async () => {
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
  });
  expect(preloaded.some((url) => url.endsWith('/backend/api/hero-slides'))).toBe(true);
  expect(preloaded.some((url) => /__federation_expose_HomePage\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  for (const url of preloaded) expect(requests.get(url), url).toBe(1);
  expect(warnings).toEqual([]);
});

test('a product page uses its preloaded product, gallery and picture, each fetched once', async ({
  page,
  request,
}) => {
  const listing = (await (await request.get('/backend/api/products?per-page=1')).json()) as {
    data: { items: { slug: string }[] };
  };
  const slug = listing.data.items[0]?.slug ?? '';
  const { requests, warnings, preloaded } = await loadAndWatch(page, `/product/${slug}`, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  expect(preloaded.some((url) => url.includes(`/backend/api/products/by-slug/${slug}`))).toBe(true);
  expect(preloaded.some((url) => url.includes('/backend/api/products/gallery/'))).toBe(true);
  for (const url of preloaded) expect(requests.get(url), url).toBe(1);
  expect(warnings).toEqual([]);
});
