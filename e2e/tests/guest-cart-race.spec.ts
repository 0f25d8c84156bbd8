import { expect, type Page, test } from '@playwright/test';

/** How long each cart/add takes on the way to the server: a slow mobile line. */
const ADD_LATENCY_MS = 1200;

/** Every cart/add of the page waits `ADD_LATENCY_MS` before it goes on to the server. */
async function slowCartAdds(page: Page): Promise<{ sent: (string | null)[] }> {
  const sent: (string | null)[] = [];
  await page.route('**/backend/api/cart/add', async (route) => {
    const body = route.request().postDataJSON() as { guest_session_token: string | null };
    sent.push(body.guest_session_token);
    await new Promise((resolve) => setTimeout(resolve, ADD_LATENCY_MS));
    await route.continue();
  });
  return { sent };
}

/** The Add to Cart buttons of the listing's in-stock cards. */
async function addButtons(page: Page) {
  await page.goto('/products?stock=1&sort=low-to-high');
  const buttons = page.getByRole('article').getByRole('button', { name: 'Add to Cart' });
  await expect.poll(() => buttons.count()).toBeGreaterThanOrEqual(5);
  return buttons;
}

test.describe("a new visitor's quick adds", () => {
  test('five Add to Cart clicks within a second on a slow line give five lines in one cart', async ({
    page,
  }) => {
    const { sent } = await slowCartAdds(page);
    const buttons = await addButtons(page);
    const started = Date.now();
    for (let index = 0; index < 5; index++) await buttons.nth(index).click();
    expect(Date.now() - started).toBeLessThan(1000);

    await expect(page.getByTestId('cart-count')).toHaveText('5', { timeout: 15_000 });
    // One add made the cart; the other four waited for it and carried its token.
    expect(sent).toHaveLength(5);
    expect(sent.filter((token) => token === null)).toHaveLength(1);
    const token = await page.evaluate(() => localStorage.getItem('guest_session_token'));
    expect(sent.filter((sentToken) => sentToken === token)).toHaveLength(4);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(5);
  });

  test('first adds in two tabs at once make one cart, shared by both tabs', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    const { sent: sentByFirst } = await slowCartAdds(first);
    const { sent: sentBySecond } = await slowCartAdds(second);
    await addButtons(first);
    await addButtons(second);
    // Two different products, found by their titles in each tab.
    const cards = first
      .getByRole('article')
      .filter({ has: first.getByRole('button', { name: 'Add to Cart' }) });
    const titles = await Promise.all(
      [0, 1].map(async (index) => (await cards.nth(index).getByRole('heading').textContent()) ?? ''),
    );
    expect(titles[0]).not.toBe(titles[1]);
    const addIn = (tab: Page, title: string) =>
      tab
        .getByRole('article')
        .filter({ has: tab.getByRole('heading', { name: title, exact: true }) })
        .getByRole('button', { name: 'Add to Cart' })
        .click();

    await Promise.all([addIn(first, titles[0] ?? ''), addIn(second, titles[1] ?? '')]);
    await expect(first.getByTestId('cart-count')).not.toHaveText('0', { timeout: 15_000 });
    await expect(second.getByTestId('cart-count')).not.toHaveText('0', { timeout: 15_000 });

    // One tab made the cart; the other waited (Web Lock) and sent the token it stored.
    const sent = [...sentByFirst, ...sentBySecond];
    expect(sent).toHaveLength(2);
    expect(sent.filter((token) => token === null)).toHaveLength(1);
    const token = await first.evaluate(() => localStorage.getItem('guest_session_token'));
    expect(sent).toContain(token);
    await second.goto('/cart');
    await expect(second.getByTestId('cart-line')).toHaveCount(2);
  });
});
