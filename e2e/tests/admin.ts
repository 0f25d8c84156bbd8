import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';

/** The admin the e2e server is started with (playwright.config.ts runs the admin CLI first). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password-2026' };

/** Signs the e2e admin in through the admin API; answers its bearer header. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.post('/backend/api/admin/login', { data: E2E_ADMIN });
  const token = (await answer.json()).data.token as string;
  return { Authorization: `Bearer ${token}` };
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
