/**
 * Issue 21, the owners' back office pages: the owner creates a staff admin in the app; the staff
 * admin signs in and has no releases page (not in the navigation, "Owners only" at its address,
 * and the API answers 403); the owner canaries a published catalog, promotes it and rolls it back,
 * each with a reason in a dialog, and finds every step in the remote's history and the audit log.
 * The pages pass axe and fit a 390 px phone.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { blockingViolations, E2E_ADMIN, signInAt } from './admin';
import { goodCatalog, publishCatalog, removeCatalogCopies } from './releases';

const STAFF = {
  email: `staff-${Date.now().toString(36)}@example.com`,
  password: 'staff-password-2026',
};
const REASONS = {
  canary: 'e2e owner: try the new heading on 10 %',
  promote: 'e2e owner: the canary looked fine',
  rollback: 'e2e owner: <b>back</b> to the built-in heading',
};

test.afterAll(removeCatalogCopies);

/** Runs one release operation of the catalog through its dialog, with the keyboard where it can. */
async function releaseStep(page: Page, button: string, submit: string, reason: string): Promise<void> {
  const catalog = page.getByTestId('remote-catalog');
  await catalog.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Focus starts inside the dialog, and Tab keeps it there.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  for (let press = 0; press < 8; press += 1) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await dialog.getByLabel('Reason (kept in the history)').fill(reason);
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function staffSession(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, STAFF);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  for (const ownersPage of ['Remote releases', 'Audit log', 'Staff']) {
    await expect(page.getByRole('link', { name: ownersPage })).toHaveCount(0);
  }
  await page.goto('/admin/releases');
  await expect(page.getByRole('heading', { level: 1, name: 'Owners only' })).toBeVisible();
  await expect(page.getByTestId('remote-catalog')).toHaveCount(0);
  // The API refuses the staff admin anyway.
  const token = await page.evaluate(() => {
    const stored = localStorage.getItem('adminSession');
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });
  const answer = await page.request.get('/backend/api/admin/remotes', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(403);
  await context.close();
}

test('the owner adds a staff admin who cannot reach the releases; the owner canaries, promotes and rolls back the catalog with reasons, seen in the history and the audit log', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const version = await publishCatalog(await goodCatalog());

  // The owner creates a staff admin with a password of their choosing.
  await signInAt(page);
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Add a staff admin' });
  await form.getByLabel('E-mail').fill(STAFF.email);
  await form.getByLabel('Password (optional)').fill(STAFF.password);
  await form.getByRole('button', { name: 'Create staff admin' }).click();
  await expect(page.getByTestId('created-password')).toHaveText(STAFF.password);
  const row = page.getByRole('row', { name: new RegExp(STAFF.email) });
  await expect(row).toContainText('staff');
  await expect(row).toContainText('Active');
  expect(await blockingViolations(page)).toEqual([]);

  await staffSession(browser);

  // The owner's releases page: canary, promote, roll back, each with its reason.
  await page.getByRole('link', { name: 'Remote releases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remote releases' })).toBeVisible();
  const catalog = page.getByTestId('remote-catalog');
  await expect(catalog).toContainText('built-in (nothing promoted yet)');
  expect(await blockingViolations(page)).toEqual([]);

  await catalog.getByRole('button', { name: 'Start a canary…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Canary a version of catalog' });
  await expect(dialog.getByLabel('Version')).toHaveValue(version);
  expect(await blockingViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(catalog.getByRole('button', { name: 'Start a canary…' })).toBeFocused();

  await releaseStep(page, 'Start a canary…', 'Start the canary', REASONS.canary);
  await expect(catalog.getByRole('status')).toHaveText('The canary is on.');
  await expect(catalog).toContainText(`${version} for 10 % of shoppers`);
  await expect(catalog.getByRole('row', { name: new RegExp(`${version} \\(canary\\)`) })).toBeVisible();

  await releaseStep(page, 'Promote…', 'Promote', REASONS.promote);
  await expect(catalog.getByRole('status')).toHaveText('The version is live.');
  await expect(catalog).toContainText(`${version} since`);

  await releaseStep(page, 'Roll back…', 'Roll back', REASONS.rollback);
  await expect(catalog.getByRole('status')).toHaveText('Rolled back.');
  await expect(catalog).toContainText('built-in (nothing promoted yet)');

  await catalog.getByRole('button', { name: 'Show history' }).click();
  const history = catalog.getByRole('list', { name: 'History of catalog' });
  await expect(history.getByRole('listitem').nth(0)).toContainText(`Rolled back`);
  await expect(history.getByRole('listitem').nth(0)).toContainText(`Reason: ${REASONS.rollback}`);
  await expect(history.getByRole('listitem').nth(1)).toContainText(`Promoted ${version}`);
  await expect(history.getByRole('listitem').nth(2)).toContainText(`Canary ${version} at 10 %`);
  await expect(history).toContainText(E2E_ADMIN.email);
  await expect(history.locator('b')).toHaveCount(0);

  // The releases page on a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The audit log: the three registry changes and the staff account, filtered by action.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel('Action').fill('remotes');
  await filters.getByLabel('Admin e-mail').fill(E2E_ADMIN.email);
  await filters.getByLabel('Action').press('Enter');
  await expect(page).toHaveURL(/action=remotes/);
  // Newest first (release.spec.ts, when it ran before, left older rows of its own).
  const entries = page.getByTestId('audit-entry');
  await expect(entries.nth(0)).toContainText('POST admin/remotes/:remote/rollback');
  await expect(entries.nth(0)).toContainText(REASONS.rollback);
  await expect(entries.nth(1)).toContainText('POST admin/remotes/:remote/promote');
  await expect(entries.nth(1)).toContainText(`version: ${version}`);
  await expect(entries.nth(2)).toContainText('POST admin/remotes/:remote/canary');
  await expect(entries.nth(2)).toContainText('percent: 10');
  expect(await blockingViolations(page)).toEqual([]);

  await filters.getByLabel('Action').fill('POST admin/admins');
  await filters.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(/action=POST/);
  await expect(entries.first()).toContainText(`email: ${STAFF.email}`);
  await expect(entries.first()).not.toContainText(STAFF.password);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
