import { expect, type Page, test } from '@playwright/test';
import {
  addToMemberCart,
  inStockProducts,
  nth,
  type SignedUpMember,
  settled,
  signUpMember,
  storeSession,
} from './shopper';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 640 };
/** The sticky header may take at most this much of a phone's height. */
const HEADER_MAX_PX = 120;

/** How far the page reaches past the window's right edge (0: nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The tops of the listing's first cards, rounded: cards in one row share a top. */
async function cardTops(page: Page, scope: string): Promise<number[]> {
  return page
    .locator(scope)
    .getByRole('article')
    .evaluateAll((cards) => cards.slice(0, 4).map((card) => Math.round(card.getBoundingClientRect().top)));
}

/** The toasts shown (the region is always there; each toast is one child). */
const shownToasts = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Item Added to Cart' }).locator('> div');

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test("the sticky header shows the shop's name in at most 120 px", async ({ page }) => {
    await page.goto('/');
    await settled(page);
    const header = page.locator('header').first();
    await expect(header.getByText('Gift Shop', { exact: true })).toBeVisible();
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(HEADER_MAX_PX);
    // A guest's account controls are there too, each a 24 px target at least.
    for (const name of ['Sign in', 'Account']) {
      const box = await header.getByRole('button', { name, exact: true }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(24);
    }
  });

  test('the listing and a search show two products a row', async ({ page }) => {
    for (const path of ['/products', '/products?q=gift']) {
      await page.goto(path);
      await settled(page);
      const [first, second, third] = await cardTops(page, 'main');
      expect(first, path).toBe(second);
      expect(third, path).toBeGreaterThan(first ?? 0);
    }
  });

  test('Deal of the Day is a slider of two cards a view, its countdown on screen', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    const deal = page.getByRole('region', { name: 'Deal of the Day' });
    await expect(deal.locator('.slick-slider')).toBeVisible();
    await expect(deal.getByRole('article')).toHaveCount(2);
    const [first, second] = await cardTops(page, '[aria-labelledby="deal-title"]');
    expect(first).toBe(second);
    await expect(deal.getByRole('button', { name: 'Pause Deal of the Day' })).toBeVisible();
    const timer = await deal.getByRole('timer').boundingBox();
    expect((timer?.x ?? 0) + (timer?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(PHONE.width);
  });

  test("'Item Added to Cart' toasts come one at a time and are gone on the cart page", async ({ page }) => {
    // Two adds in a row from the listing: the second toast replaces the first.
    await page.goto('/products?stock=1');
    await settled(page);
    const adds = page.getByRole('main').getByRole('button', { name: 'Add to Cart' });
    await adds.nth(0).click();
    await expect(shownToasts(page)).toHaveCount(1);
    await page.keyboard.press('Escape');
    await adds.nth(1).click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(shownToasts(page)).toHaveCount(1);
    await page.keyboard.press('Escape');
    // The toast's own link to the cart: there the toast would only cover the cart's controls.
    await shownToasts(page).getByRole('link', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(shownToasts(page)).toHaveCount(0);
  });
});

test.describe('a member on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('the member menu folds away: a member page starts with its own content', async ({ page, request }) => {
    const member = await signUpMember(request);
    await storeSession(page, member);
    await page.goto('/member/orders');
    await settled(page);
    const toggle = page.getByRole('button', { name: 'Member menu' });
    const menu = page.getByRole('navigation', { name: 'Member area' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    // The page's heading is in the first screen, right under the fold of the menu.
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const toggleBox = await toggle.boundingBox();
    expect(heading?.y ?? PHONE.height).toBeLessThan((toggleBox?.y ?? 0) + 150);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/member\/profile$/);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: SMALL_PHONE });

  test('no main page scrolls sideways, and the deal countdown fits', async ({ page, request }) => {
    test.setTimeout(90_000);
    const products = await inStockProducts(request);
    const guestPaths = [
      '/',
      '/products',
      '/products?q=gift',
      `/product/${nth(products, 0).slug}`,
      '/about',
      '/contact',
      '/login',
      '/forgotpassword',
      '/wishlist',
      '/cart',
      '/no-such-page',
    ];
    for (const path of guestPaths) {
      await page.goto(path);
      await settled(page);
      expect.soft(await sidewaysOverflow(page), `sideways scroll on ${path}`).toBeLessThanOrEqual(0);
    }

    await page.goto('/');
    await settled(page);
    const units = page.getByRole('timer').locator('> span');
    await expect(units).toHaveCount(4);
    for (const box of await units.evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect()))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(SMALL_PHONE.width);
    }
    // Two products a row even here.
    await page.goto('/products');
    await settled(page);
    const [first, second] = await cardTops(page, 'main');
    expect(first).toBe(second);

    const member: SignedUpMember = await signUpMember(request);
    await addToMemberCart(request, member, nth(products, 0).id);
    await storeSession(page, member);
    for (const path of ['/cart', '/checkout', '/member', '/member/orders', '/member/profile']) {
      await page.goto(path);
      await settled(page);
      expect.soft(await sidewaysOverflow(page), `sideways scroll on ${path}`).toBeLessThanOrEqual(0);
    }
    // Shop name gives way to the account, wishlist and cart controls, all on screen.
    for (const name of [/^Hello, Nour/, /Wishlist/, /Cart/]) {
      const box = await page.locator('header').getByRole('button', { name }).first().boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(SMALL_PHONE.width);
    }
  });
});
