import { expect, test } from '@playwright/test';
import { latestProductCards } from './home';

test.describe('one remote down, the rest of the shop up', () => {
  test('with the catalog unreachable, the cart and the frame still work', async ({ page, request }) => {
    // A cart made through the API, as if added earlier.
    const listing = await request.get('/backend/api/products?per-page=50');
    const { data } = (await listing.json()) as {
      data: { items: { id: number; in_stock: boolean; title: string }[] };
    };
    const product = data.items.find((item) => item.in_stock);
    if (!product) throw new Error('seed has no product in stock');
    const added = await request.post('/backend/api/cart/add', {
      data: { product_id: product.id, quantity: 1 },
    });
    const token = ((await added.json()) as { data: { guest_session_token: string } }).data
      .guest_session_token;
    await page.addInitScript((t) => localStorage.setItem('guest_session_token', t), token);

    let blocked = true;
    await page.route('**/mfe/catalog/**', (route) => (blocked ? route.abort() : route.continue()));

    await page.goto('/cart');
    await expect(page.getByTestId('cart-line').getByRole('link', { name: product.title })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    // The header's catalog fragments (the 'All' menu and the search box) show their small fallbacks.
    const headerFallbacks = page.locator('header [data-remote-fallback="catalog"]');
    await expect(headerFallbacks).toHaveCount(2);
    await expect(headerFallbacks.last()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // A catalog page shows the page fallback; Retry loads it once the remote is back, no reload.
    await page.getByRole('link', { name: /Gift Shop home/ }).click();
    const pageFallback = page.locator('main [data-remote-fallback="catalog"]');
    await expect(pageFallback).toBeVisible();
    blocked = false;
    await pageFallback.getByRole('button', { name: 'Retry' }).click();
    await expect(await latestProductCards(page)).toHaveCount(8);
  });

  test('if the startup content cannot be loaded the page says PAGE SETUP FAILED', async ({ page }) => {
    // The server inlines the startup content into the page; take it out, then fail the API too.
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script[^>]*>window\.__SHOP_STARTUP__=.*?<\/script>/s,
        '',
      );
      return route.fulfill({ response, body });
    });
    await page.route('**/backend/api/startup-content', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'PAGE SETUP FAILED' })).toBeVisible();
    await expect(page.getByText('Uh-oh, something went wrong')).toBeVisible();
    await expect(page.getByText('Kindly reload the page after sometime')).toBeVisible();
  });
});

test('every shared singleton is loaded once, from one provider', async ({ page }) => {
  await page.goto('/');
  await expect(await latestProductCards(page)).toHaveCount(8);
  const loaded = await page.evaluate(() => {
    type Shared = { loaded?: boolean; loading?: unknown; from: string };
    const federation = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> };
      }
    ).__FEDERATION__;
    const result: Record<string, string[]> = {};
    for (const instance of Object.values(federation.__SHARE__)) {
      for (const [pkg, versions] of Object.entries(instance.default ?? {})) {
        for (const [version, shared] of Object.entries(versions)) {
          if (shared.loaded || shared.loading) {
            const list = result[pkg] ?? [];
            const key = `${version} from ${shared.from}`;
            if (!list.includes(key)) list.push(key);
            result[pkg] = list;
          }
        }
      }
    }
    return result;
  });
  for (const pkg of ['react', 'react-dom', '@shop/shared', '@shop/shared/router', '@shop/shared/redux']) {
    expect(loaded[pkg], pkg).toHaveLength(1);
  }
});

test('a remote entry that fails once is fetched again by the retry plugin, unseen by the shopper', async ({
  page,
}) => {
  let failures = 0;
  await page.route('**/mfe/catalog/*/remoteEntry.js', (route) => {
    if (failures === 0) {
      failures += 1;
      return route.abort();
    }
    return route.continue();
  });
  await page.goto('/');
  await expect(await latestProductCards(page)).toHaveCount(8);
  await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
  expect(failures).toBe(1);
});
