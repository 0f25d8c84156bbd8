/**
 * Issue 21, the back office in the browser: the e2e admin (an owner, made by the admin CLI) signs
 * in at /admin, finds a shopper's Money Exchange Transfer order by its number in the queue (marked
 * new, its proof waiting), is refused its dispatch before the payment is Received, confirms the
 * proof and dispatches it. The pages pass axe, and the queue fits a 390 px phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from './admin';
import { inStockProducts, memberHeaders, nth, placeMemberOrder, signUpMember } from './shopper';

/** 1×1 PNG: a real image, recognised by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** axe's serious and critical WCAG A/AA findings on the page as it stands. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test('an owner finds a transfer order by number, is refused its dispatch before payment, confirms the proof and dispatches it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await signUpMember(request);
  const order = await placeMemberOrder(
    request,
    member,
    nth(await inStockProducts(request), 0).id,
    'Money Exchange Transfer',
  );
  const uploaded = await request.post('/backend/api/buyer-orders/proof-of-payment', {
    headers: memberHeaders(member),
    multipart: {
      order_id: String(order.id),
      comments: 'Sent at the exchange',
      file: { name: 'slip.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(uploaded.ok()).toBe(true);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  // The shop's frame is not there: the back office has its own.
  await expect(page.locator('[data-boundary="shell"]')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.number);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${order.number}`));
  const card = page.getByTestId('queue-order');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('New');
  await expect(card).toContainText('Proof to check');
  await expect(card).toContainText('Money Exchange Transfer');
  expect(await blockingViolations(page)).toEqual([]);

  await card.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recipient' })).toContainText('Phone:');

  await page.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'A Money Exchange Transfer order is dispatched only once its payment is Received (an owner may override with a reason).',
  );
  // An owner is offered the override; this journey pays first instead.
  await expect(page.getByLabel('Reason to dispatch before the payment is received')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  const proofs = page.getByRole('region', { name: 'Proofs of payment' });
  await expect(proofs.getByRole('img', { name: 'Proof of payment' })).toBeVisible();
  await proofs.getByRole('button', { name: 'Confirm proof' }).click();
  await expect(proofs).toContainText('Confirmed');
  await expect(page.getByRole('article', { name: `Order ${order.number}` }).locator('header')).toContainText(
    'payment Received',
  );

  await page.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Log' })).toContainText('Order is on its way');

  // The queue on a phone: cards, nothing wider than the screen, the search still there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Back to orders' }).click();
  await expect(page.getByTestId('queue-order')).toHaveCount(1);
  await expect(page.getByTestId('queue-order')).not.toContainText('New');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
});
