import { expect, type Page, test } from '@playwright/test';

/** How long each cart/add takes on the way to the server: a slow mobile line. */
const ADD_LATENCY_MS = 2500;

/**
 * Every cart/add of the page waits `ADD_LATENCY_MS` before it goes on to the server: `sent` holds
 * each add's guest token, `released` the time each one went on.
 */
async function slowCartAdds(page: Page): Promise<{ sent: (string | null)[]; released: number[] }> {
  const sent: (string | null)[] = [];
  const released: number[] = [];
  await page.route('**/backend/api/cart/add', async (route) => {
    const body = route.request().postDataJSON() as { guest_session_token: string | null };
    sent.push(body.guest_session_token);
    await new Promise((resolve) => setTimeout(resolve, ADD_LATENCY_MS));
    released.push(Date.now());
    await route.continue();
  });
  return { sent, released };
}

/** The Add to Cart buttons of the listing's in-stock cards. */
async function addButtons(page: Page) {
  await page.goto('/products?stock=1&sort=low-to-high');
  const buttons = page.getByRole('article').getByRole('button', { name: 'Add to Cart' });
  await expect.poll(() => buttons.count()).toBeGreaterThanOrEqual(5);
  return buttons;
}

test.describe("a new visitor's quick adds", () => {
  test('five quick Add to Cart clicks while the first add is on a slow line give five lines in one cart', async ({
    page,
  }) => {
    const { sent, released } = await slowCartAdds(page);
    const buttons = await addButtons(page);
    for (let index = 0; index < 5; index++) await buttons.nth(index).click();
    // Every click came before the first add reached the server: the race this test is about
    // (an order of events, not a time, so a slow machine cannot turn it into another test).
    const clicked = Date.now();
    expect(released.filter((time) => time <= clicked)).toHaveLength(0);

    await expect(page.getByTestId('cart-count')).toHaveText('5', { timeout: 30_000 });
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
    await expect(first.getByTestId('cart-count')).not.toHaveText('0', { timeout: 30_000 });
    await expect(second.getByTestId('cart-count')).not.toHaveText('0', { timeout: 30_000 });

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
