import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'allow' });

test('visited catalogue pages work offline with a notice; the cart is never served from the cache', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const slug = await page.evaluate(async () => {
    const answer = await fetch('/backend/api/products?per-page=1').then((response) => response.json());
    return answer.data.items[0].slug as string;
  });
  await page.goto(`/product/${slug}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const name = await title.textContent();
  // The worker controls the page and has had time to store what the page loaded.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: name ?? '' })).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeVisible();

  // The cart's answers come only from the network: offline, the cart page says it failed.
  const cartCached = await page.evaluate(async () => {
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      for (const request of await cache.keys())
        if (/\/backend\/api\/(cart|buyers|wishlist)/.test(request.url)) return true;
    }
    return false;
  });
  expect(cartCached).toBe(false);

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText(/You are offline/)).toBeHidden();
});
