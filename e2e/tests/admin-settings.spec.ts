/**
 * Review finding 3 (issue 21): the owner sets where the shop's mail about every new order goes
 * on the back office's Settings page (PUT admin/settings through the app), sees the API's refusal
 * of something that is no address at the field, and goes back to the shop's own address with an
 * empty field. The page is served with the shop's page CSP (finding 7), passes axe, fits 390 px.
 */
import { expect, test } from '@playwright/test';
import { adminHeaders, blockingViolations, submitSignIn } from './admin';

const ORDER_EMAIL = `orders-${Date.now().toString(36)}@example.com`;

// Other specs read the order mail's address: the setting goes back to SHOP_EMAIL whatever happens.
test.afterAll(async ({ request }) => {
  await request.put('/backend/api/admin/settings', {
    headers: await adminHeaders(request),
    data: { order_email: null },
  });
});

test("the owner changes the new-order e-mail, sees a wrong one refused at the field, and goes back to the shop's", async ({
  page,
}) => {
  const answer = await page.goto('/admin/settings');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'[^;]* 'nonce-[^']+'/);
  expect(policy).not.toContain('unsafe-eval');
  await submitSignIn(page);

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const field = page.getByLabel('E-mail for new orders');
  const shopEmail = await field.inputValue();
  expect(shopEmail).toContain('@');

  await field.fill('not an address');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(ORDER_EMAIL);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = page.getByRole('status');
  await expect(saved).toHaveText(`Saved: mail about new orders now goes to ${ORDER_EMAIL}.`);
  await expect(saved).toBeFocused();
  await page.reload();
  await expect(page.getByLabel('E-mail for new orders')).toHaveValue(ORDER_EMAIL);
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByLabel('E-mail for new orders').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved: mail about new orders now goes to ${shopEmail}.`);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
