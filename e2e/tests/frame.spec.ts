import { expect, type Page, test } from '@playwright/test';
import { takenOver } from './firstScreen';
import { latestProductCards } from './home';

const PHONE = { width: 390, height: 844 };

const boxesOverlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function activeSlideWidths(page: Page, region: string): Promise<number[]> {
  const cards = await latestProductCards(page);
  await expect(cards.first()).toBeVisible();
  return page
    .getByRole('region', { name: region })
    .locator('.slick-slide.slick-active')
    .evaluateAll((slides) => slides.map((slide) => slide.getBoundingClientRect().width));
}

test.describe('the frame on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('sliders show wide cards of equal height, and the sticky header stays under 120 px', async ({
    page,
  }) => {
    await page.goto('/');
    const widths = await activeSlideWidths(page, 'Latest Products');
    expect(widths.length).toBeLessThanOrEqual(2);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(140);
    const heights = await page
      .getByRole('region', { name: 'Latest Products' })
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);

    await page.mouse.wheel(0, 600);
    const header = page.locator('header').first();
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(120);
  });

  test('the chat button and customer service link open the messaging app; Today’s Mission says it is coming', async ({
    page,
  }) => {
    await page.goto('/products');
    const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
    await expect(page.getByRole('link', { name: /Customer service/ })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\//,
    );
    await page.getByRole('button', { name: /Today's Mission/ }).click();
    await expect(page.getByText('This feature will be available soon. Check after some time.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('This feature will be available soon. Check after some time.')).toBeHidden();
  });

  test("the toast does not cover the Add to Cart button that was pressed; the cart overlay locks the page's scroll", async ({
    page,
  }) => {
    await page.goto('/products');
    // The box is measured on the catalog's own button, not the server's first screen it replaces.
    await takenOver(page);
    const button = page.getByRole('button', { name: 'Add to Cart' }).nth(2);
    await button.scrollIntoViewIfNeeded();
    const pressed = await button.boundingBox();
    await button.click();
    const toast = page.getByRole('status').filter({ hasText: 'Item Added to Cart' });
    await expect(toast).toBeVisible();
    const toastBox = await toast.locator('div').first().boundingBox();
    if (!pressed || !toastBox) throw new Error('no boxes');
    expect(boxesOverlap(pressed, toastBox)).toBe(false);
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
  });
});

test.describe('the promo popup for guests', () => {
  // No stored flag: a guest's first visit.
  test.use({ viewport: PHONE, storageState: { cookies: [], origins: [] } });

  test('appears after 8 s on a phone and closes itself after 10 s; not again the same day', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    const promo = page.getByRole('dialog', { name: 'Gifts that speak for you' });
    await page.clock.runFor(7_000);
    await expect(promo).toBeHidden();
    await page.clock.runFor(1_500);
    await expect(promo).toBeVisible();
    await page.clock.runFor(10_500);
    await expect(promo).toBeHidden();
    await page.reload();
    await page.clock.runFor(20_000);
    await expect(promo).toBeHidden();
  });
});

test.describe('modals', () => {
  test('make the rest of the page inert and lock its scroll', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((el) => el.closest('[inert]') !== null),
    ).toBe(true);
    expect(await dialog.evaluate((el) => el.closest('[inert]') === null)).toBe(true);
  });
});

test.describe('listing pages', () => {
  test("a page past the end says 'No results found' and leads back; per-page is honoured", async ({
    page,
  }) => {
    await page.goto('/products?page=999');
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the first page' }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goto('/products?per-page=8');
    await expect(page.getByRole('article')).toHaveCount(8);
  });
});
