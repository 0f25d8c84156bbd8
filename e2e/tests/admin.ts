import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The admin the e2e server is started with (playwright.config.ts runs the admin CLI first). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password-2026' };

/** Signs the e2e admin in through the admin API; answers its bearer header. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.post('/backend/api/admin/login', { data: E2E_ADMIN });
  const token = (await answer.json()).data.token as string;
  return { Authorization: `Bearer ${token}` };
}

/** An admin's sign-in: the e2e admin, or a staff admin an owner made. */
export interface AdminLogin {
  email: string;
  password: string;
}

/** Signs `who` in through the back office's form on the page; answers once the frame is there. */
export async function submitSignIn(page: Page, who: AdminLogin = E2E_ADMIN): Promise<void> {
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Opens /admin and signs `who` in through its form. */
export async function signInAt(page: Page, who: AdminLogin = E2E_ADMIN): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
  await submitSignIn(page, who);
}

/**
 * On an order's page: confirms its waiting proof (the payment is then Received) and dispatches
 * it, as the log then says.
 */
export async function confirmProofAndDispatch(page: Page, orderNumber: string): Promise<void> {
  const proofs = page.getByRole('region', { name: 'Proofs of payment' });
  await expect(proofs.getByRole('img', { name: 'Proof of payment' })).toBeVisible();
  await proofs.getByRole('button', { name: 'Confirm proof' }).click();
  await expect(proofs).toContainText('Confirmed');
  await expect(page.getByRole('article', { name: `Order ${orderNumber}` }).locator('header')).toContainText(
    'payment Received',
  );
  await page.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Log' })).toContainText('Order is on its way');
}

/** axe's serious and critical WCAG A/AA findings on the page as it stands. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
