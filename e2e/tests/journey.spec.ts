import { expect, test } from '@playwright/test';
import { latestProductCards } from './home';

test.describe('the thin journey through every part of the shop', () => {
  test('the home page lists the latest products', async ({ page }) => {
    const registryFetches: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/remotes.json')) registryFetches.push(request.url());
    });
    await page.goto('/');
    await expect(await latestProductCards(page)).toHaveCount(8);
    await expect(page.locator('[data-boundary="catalog"]').first()).toBeVisible();
    // The server inlines the registry into the page: no round trip for /remotes.json.
    expect(registryFetches).toEqual([]);
  });

  test('/products lists products from the API with pagination', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: /^Products \(\d+\)$/ })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(20);
    const firstTitles = await cards.getByRole('heading').allTextContents();
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: '2', exact: true })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]'),
    ).toHaveText('2');
    await expect.poll(() => cards.getByRole('heading').allTextContents()).not.toEqual(firstTitles);
    await page.goBack();
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]'),
    ).toHaveText('1');
  });

  test('a shopper adds a product to the cart and changes it on /cart', async ({ page }) => {
    await page.goto('/products?sort=low-to-high');
    // The first in-stock product of the listing.
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
      .first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('heading').getByRole('link').click();

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('img', { name: title })).toBeVisible();
    await expect(page.getByTestId('price').first()).toHaveText(/^\$\d/);
    await expect(page.getByTestId('cart-count')).toHaveText('0');

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const toast = page.getByRole('status').filter({ hasText: 'Item Added to Cart' });
    await expect(toast).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('guest_session_token'));
    expect(token).toMatch(/^[\w-]{20,}$/);

    await toast.getByRole('link', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('link', { name: title })).toBeVisible();
    const decrease = line.getByRole('button', { name: 'Decrease quantity' });
    await expect(decrease).toBeDisabled();
    await line.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(line.getByTestId('cart-quantity')).toHaveText('2');
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(decrease).toBeEnabled();
    await decrease.click();
    await expect(line.getByTestId('cart-quantity')).toHaveText('1');

    // The cart survives a reload: it lives on the server, found again by the stored token.
    await page.reload();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);

    await page.getByTestId('cart-line').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('shopping cart looks empty')).toBeVisible();
    await expect(page.getByText('What are you waiting for?')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('0');
  });

  test('searching from the header goes to the listing with the query', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search products' }).fill('gift');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=gift/);
    await expect(page.getByText('showing results for "gift"')).toBeVisible();
  });
});

test.describe('pages that do not exist', () => {
  test('an unknown product slug goes to /pagenotfound', async ({ page }) => {
    await page.goto('/product/no-such-product-anywhere');
    await expect(page).toHaveURL(/\/pagenotfound$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('any other path shows the not-found page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  });
});

test('switching currency re-prices the shown prices and the cart', async ({ page, request }) => {
  const listing = await request.get('/backend/api/products?per-page=50');
  const { data } = (await listing.json()) as { data: { items: { id: number; in_stock: boolean }[] } };
  const product = data.items.find((item) => item.in_stock);
  if (!product) throw new Error('seed has no product in stock');
  const added = await request.post('/backend/api/cart/add', {
    data: { product_id: product.id, quantity: 1 },
  });
  const token = ((await added.json()) as { data: { guest_session_token: string } }).data.guest_session_token;
  await page.addInitScript((t) => localStorage.setItem('guest_session_token', t), token);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(/^\$/);
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('AED');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(/^AED /);
  expect(await page.evaluate(() => localStorage.getItem('defaultCurrency'))).toBe('AED');

  await page.goto('/products');
  await expect(page.getByTestId('price').first()).toHaveText(/^AED /);
  // The choice survives a reload, and the cart stays in it.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(/^AED /);
});
