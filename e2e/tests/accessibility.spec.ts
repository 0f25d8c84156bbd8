import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  addToMemberCart,
  inStockProducts,
  nth,
  placeMemberOrder,
  type SignedUpMember,
  settled,
  signUpMember,
  storeSession,
} from './shopper';

/** WCAG 2.0, 2.1 and 2.2 A and AA rules, target size (2.5.8) included. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe's serious and critical findings on the page as it stands (or only within `scope`, a CSS
 * selector), one line per rule with where it was found: empty when the page passes.
 */
async function blockingViolations(page: Page, scope?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (scope ? builder.include(scope) : builder).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('\n    ')}`,
    );
}

/**
 * Opens each path, waits for it to settle and checks it. Every path is checked even when one
 * fails (soft expectations), so one run lists everything there is to fix.
 */
async function checkRoutes(page: Page, paths: string[], prepare?: (path: string) => Promise<void>) {
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await settled(page);
      await prepare?.(path);
      expect.soft(await blockingViolations(page), `axe on ${path}`).toEqual([]);
    });
  }
}

/** The home page mounts its sliders when they come near: scroll through it so all of it is checked. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  });
  await page.waitForLoadState('networkidle');
}

test.describe('accessibility: no serious or critical axe finding', () => {
  test('on the pages a guest can open', async ({ page, request }) => {
    test.setTimeout(120_000);
    const products = await inStockProducts(request);
    const product = nth(products, 0);
    const packaged = products.find((item) => item.has_packaging) ?? product;
    await checkRoutes(
      page,
      [
        '/',
        '/products',
        '/products?q=gift',
        '/products?q=no-such-thing-anywhere',
        `/product/${product.slug}`,
        '/about',
        '/payments',
        '/shipping',
        '/cancellation-returns',
        '/contact',
        '/login',
        '/forgotpassword',
        '/reset-password/not-a-real-hash',
        '/wishlist',
        '/cart',
        `/packaging/${packaged.id}`,
        '/confirmorder',
        '/no-such-page',
      ],
      async (path) => {
        if (path === '/') await scrollThrough(page);
      },
    );

    // A guest's cart with a product in it, and the sign-in popup over a page.
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await checkRoutes(page, ['/cart']);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect.soft(await blockingViolations(page), 'axe on the sign-in popup').toEqual([]);
  });

  test('on the pages of a signed-in member', async ({ page, request }) => {
    test.setTimeout(120_000);
    const products = await inStockProducts(request);
    const member: SignedUpMember = await signUpMember(request);
    const { id: orderId } = await placeMemberOrder(request, member, nth(products, 0).id);
    await addToMemberCart(request, member, nth(products, 1).id);
    await request.post('/backend/api/wishlist/add', {
      headers: { Authorization: `Bearer ${member.token}` },
      data: { user_id: member.id, product_id: nth(products, 2).id },
    });
    await storeSession(page, member);
    const addresses = await request.get('/backend/api/buyers-shipping-address', {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    const addressId = nth((await addresses.json()).data.items as { id: number }[], 0).id;

    await checkRoutes(page, [
      '/cart',
      '/checkout',
      '/wishlist',
      '/member',
      '/member/orders',
      '/member/orders/listing',
      `/member/orders/${orderId}`,
      '/member/shipping-address',
      `/member/shipping-address/${addressId}`,
      '/member/messages',
      '/member/profile',
      '/member/profile/update',
      '/member/profile/interests',
      '/member/profile/alternate-email',
      '/member/change-password',
      '/member/no-such-section',
    ]);
  });
});

test.describe('accessibility on a 390 px phone: the phone layouts pass too', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('home, listing, product, sign-in, and a member’s cart, checkout and member area', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const products = await inStockProducts(request);
    await checkRoutes(page, ['/', '/products', `/product/${nth(products, 0).slug}`, '/login']);
    // The account menu a guest opens on a phone (the sign-up entry is in it there). The menu
    // itself is checked: a popup lies over the controls under it by design.
    const account = page.getByRole('navigation', { name: 'Account and cart' });
    const toggle = account.getByRole('button', { name: 'Account', exact: true });
    await toggle.click();
    await expect(account.getByRole('button', { name: 'New customer? Start here' })).toBeVisible();
    const menuId = await toggle.getAttribute('aria-controls');
    expect
      .soft(await blockingViolations(page, `[id="${menuId}"]`), 'axe on the open account menu')
      .toEqual([]);

    const member = await signUpMember(request);
    await addToMemberCart(request, member, nth(products, 0).id);
    await storeSession(page, member);
    await checkRoutes(page, ['/cart', '/checkout', '/member', '/member/orders']);
    await page.getByRole('button', { name: 'Member menu' }).click();
    expect.soft(await blockingViolations(page), 'axe on the open member menu').toEqual([]);
  });
});
