import { expect, type Page, test } from '@playwright/test';
import {
  MEMBER_PASSWORD,
  memberHeaders,
  type SignedUpMember,
  settled,
  signUpMember,
  storeSession,
  uniqueEmail,
} from './shopper';

const header = (page: Page) => page.getByRole('navigation', { name: 'Account and cart' });

/** Puts the listing's first in-stock product in a visitor's cart and checks out as an express guest. */
async function becomeExpressGuest(page: Page): Promise<void> {
  await page.goto('/products?stock=1&sort=low-to-high');
  await page.getByRole('article').getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart');
  const panel = page.getByRole('form', { name: 'Guest Checkout' });
  await panel.getByLabel('Name *').fill('Sam Guest');
  await panel.getByLabel('Email address *').fill(uniqueEmail('guest'));
  await panel.getByLabel('Mobile number *').fill('+971 50 123 4567');
  await panel.getByRole('button', { name: 'Continue to checkout' }).click();
  // Spec: the guest goes to /checkout 5 s later.
  await expect(page).toHaveURL(/\/checkout$/, { timeout: 8000 });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({ type: 'Guest' });
}

test.describe('guests and the member area', () => {
  test('an express-checkout guest visiting /member lands on sign-in, and gets in after signing in as a member', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    const notificationCalls: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/backend/api/notifications')) notificationCalls.push(sent.url());
    });

    await becomeExpressGuest(page);
    await page.goto('/member');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.goto('/member/orders');
    await expect(page).toHaveURL(/\/login$/);
    // The guest is still a guest (checkout goes on), but the header asked nothing of the member area.
    await page.goto('/checkout');
    await settled(page);
    expect(notificationCalls).toEqual([]);
    expect(refused).toEqual([]);

    // Signing in as a member from /login opens the member area the guest was sent from.
    const email = uniqueEmail('member');
    await signUpMember(request, email);
    await page.goto('/member');
    await expect(page).toHaveURL(/\/login$/);
    const form = page.getByRole('main');
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Password').fill(MEMBER_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
  });

  test('a wishlist-e-mail visitor who signs up with that e-mail keeps the wishlist', async ({ page }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('keeper');
    await page.goto('/products?stock=1');
    const card = page.getByRole('article').first();
    const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
    await card.getByRole('button', { name: `Add to wishlist: ${title}` }).click();
    const popup = page.getByRole('dialog', { name: 'Wishlist' });
    await popup.getByLabel('Email address').fill(email);
    await popup.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByTestId('wishlist-count')).toHaveText('1');
    await expect(popup).toBeHidden({ timeout: 8000 });

    await header(page).getByRole('button', { name: 'New customer? Start here' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    const next = dialog.getByRole('button', { name: 'Next' });
    await dialog.getByLabel('Email address').fill(email);
    await next.click();
    await dialog.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await dialog.getByLabel('Confirm password').fill(MEMBER_PASSWORD);
    await dialog.getByLabel('First name').fill('Rana');
    await dialog.getByLabel('Last name').fill('Saad');
    await next.click();
    await dialog.getByLabel('Mobile number', { exact: true }).fill('501234567');
    await dialog.getByLabel('Country', { exact: true }).selectOption({ label: 'United Arab Emirates' });
    await dialog.getByLabel('Gender').selectOption('Female');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(header(page).getByRole('button', { name: 'Hello, Rana' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('wishlistUser'))).toBeNull();

    // The member's wishlist is the one the visitor kept.
    await expect(page.getByTestId('wishlist-count')).toHaveText('1');
    await page.goto('/wishlist');
    const lines = page.getByTestId('wishlist-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.getByRole('link', { name: title })).toBeVisible();
  });

  test("Recent Activities on the dashboard pages through the member's whole activity log", async ({
    page,
    request,
  }) => {
    const member: SignedUpMember = await signUpMember(request);
    // Twelve profile updates: twelve activities, more than the log's first page of ten.
    for (let round = 0; round < 12; round++) {
      const answer = await request.post(`/backend/api/buyers/update/${member.id}`, {
        headers: memberHeaders(member),
        data: {
          first_name: member.first_name,
          last_name: 'Saad',
          mobile: '+971 501234567',
          country_id: 1,
          gender: 'Female',
          age_group: 3,
        },
      });
      expect(answer.ok()).toBe(true);
    }
    await storeSession(page, member);
    await page.goto('/member');
    const card = page.getByRole('region', { name: 'Recent Activities' });
    await expect(card.getByRole('listitem')).toHaveCount(10);
    await card.getByRole('button', { name: 'Show more activities' }).click();
    await expect(card.getByRole('listitem')).toHaveCount(12);
    await expect(card.getByRole('button', { name: 'Show more activities' })).toHaveCount(0);
  });
});
