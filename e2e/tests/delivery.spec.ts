import { expect, type Page, test } from '@playwright/test';

/**
 * The page the server sends preloads what the page needs first (remote entries, the mounted
 * modules' files, the largest picture) and inlines the API answers its first screen was made from
 * (backend/src/delivery/firstScreen.ts). A preload that does not match the later request is
 * fetched twice, and Chrome warns about one that goes unused; an inlined answer is not asked again.
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
  // The page's preloads as the document has them: those in the server's head, and on the pages
  // the server painted those its start script adds once the picture is painted (site.ts).
  const links = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
      href: link.href,
      candidates: link.hasAttribute('imagesrcset'),
    })),
  );
  // Files preloaded by their address; the picture is preloaded by its candidates (imagesrcset),
  // of which the browser takes the one its <img> takes.
  const preloaded = links.filter((link) => !link.candidates).map((link) => link.href);
  const picturePreloaded = links.some((link) => link.candidates);
  const apiReads = [...requests.keys()].filter((url) => new URL(url).pathname.startsWith('/backend/api/'));
  return { requests, warnings, preloaded, picturePreloaded, apiReads };
}

/** The address the page's <img> shows, as the browser chose it from its srcset. */
const shownPicture = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);

test('the home page uses every file it preloads, each fetched once, and asks nothing it has inline', async ({
  page,
}) => {
  const { requests, warnings, preloaded, picturePreloaded, apiReads } = await loadAndWatch(
    page,
    '/',
    async () => {
      await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
      await expect(page.locator('main [data-boundary="catalog"]')).toBeVisible();
    },
  );
  expect(preloaded.some((url) => /__federation_expose_HomePage\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  for (const url of preloaded) expect(requests.get(url), url).toBe(1);
  expect(picturePreloaded).toBe(true);
  const hero = await shownPicture(page, 'section[aria-label="Featured"] img');
  expect(requests.get(hero), hero).toBe(1);
  expect(apiReads.filter((url) => /\/(hero-slides|deals-of-the-day)$/.test(url))).toEqual([]);
  expect(warnings).toEqual([]);
});

test('a product page shows its preloaded picture, fetched once, and asks nothing it has inline', async ({
  page,
  request,
}) => {
  const listing = (await (await request.get('/backend/api/products?per-page=1')).json()) as {
    data: { items: { slug: string }[] };
  };
  const slug = listing.data.items[0]?.slug ?? '';
  const { requests, warnings, preloaded, picturePreloaded, apiReads } = await loadAndWatch(
    page,
    `/product/${slug}`,
    async () => {
      await expect(page.locator('main [data-boundary="catalog"] h1')).toBeVisible();
    },
  );
  for (const url of preloaded) expect(requests.get(url), url).toBe(1);
  expect(picturePreloaded).toBe(true);
  const picture = await shownPicture(page, 'main figure img');
  expect(requests.get(picture), picture).toBe(1);
  expect(apiReads.filter((url) => /\/products\/(by-slug|gallery|grouped-products)\//.test(url))).toEqual([]);
  expect(warnings).toEqual([]);
});
