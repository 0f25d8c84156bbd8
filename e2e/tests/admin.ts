import type { APIRequestContext } from '@playwright/test';

/** The admin the e2e server is started with (playwright.config.ts runs the admin CLI first). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password-2026' };

/** Signs the e2e admin in through the admin API; answers its bearer header. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.post('/backend/api/admin/login', { data: E2E_ADMIN });
  const token = (await answer.json()).data.token as string;
  return { Authorization: `Bearer ${token}` };
}
