/**
 * Issue 21, the back office in the browser: the e2e admin (an owner, made by the admin CLI) signs
 * in at /admin, finds a shopper's Money Exchange Transfer order by its number in the queue (marked
 * new, its proof waiting), is refused its dispatch before the payment is Received, confirms the
 * proof and dispatches it. The pages pass axe, and the queue fits a 390 px phone.
 */
import { expect, test } from '@playwright/test';
import { blockingViolations, confirmProofAndDispatch, E2E_ADMIN } from './admin';
import { inStockProducts, memberHeaders, nth, PROOF_PNG, placeMemberOrder, signUpMember } from './shopper';

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
      file: { name: 'slip.png', mimeType: 'image/png', buffer: PROOF_PNG },
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

  await confirmProofAndDispatch(page, order.number);

  // The queue on a phone: cards, nothing wider than the screen, the search still there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Back to orders' }).click();
  await expect(page.getByTestId('queue-order')).toHaveCount(1);
  await expect(page.getByTestId('queue-order')).not.toContainText('New');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
});
