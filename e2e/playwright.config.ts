import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './tests/admin';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const root = path.resolve(__dirname, '..');
// Debian's Chromium where present (no browser downloads here); Playwright's own elsewhere.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
// Every run starts from a freshly seeded database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
// Where the server writes its e-mails (.eml); the tests read password-reset links from it. Set in
// the environment once, by the runner, so the worker processes (which load this file again)
// look in the same folder.
process.env.E2E_OUTBOX_DIR ||= mkdtempSync(path.join(tmpdir(), 'shop-e2e-outbox-'));
const outboxDir = process.env.E2E_OUTBOX_DIR;
const tsx = path.join(root, 'node_modules/.bin/tsx');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Journeys mock and count requests with page.route, which does not see what a service worker
    // answers: the worker is kept out of them, and offline.spec.ts turns it on.
    serviceWorkers: 'block',
    // The guests' promo popup counts as already shown, so it never lands on a journey's controls;
    // frame.spec.ts starts without it to test the popup itself.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://localhost:${PORT}`,
          localStorage: [{ name: 'promoPopupHiddenUntil', value: String(Date.now() + 7 * 24 * 3600 * 1000) }],
        },
      ],
    },
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: {
    // The production builds (scripts/build.mjs runs first in `npm run test:e2e`) on the real server,
    // with the shop's admin made first by the admin CLI, as an operator would (the CLI may not open
    // a PGlite folder a running server holds).
    command: [
      `node ${tsx} ${path.join(root, 'backend/scripts/admin.ts')} create-admin ${E2E_ADMIN.email}`,
      `node ${tsx} ${path.join(root, 'backend/src/server.ts')}`,
    ].join(' && '),
    url: `http://localhost:${PORT}/backend/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      OUTBOX_DIR: outboxDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every journey comes from 127.0.0.1: the suite signs up far more members, guests and
      // wishlist users in an hour than the per-client defaults allow one address.
      RATE_LIMITS: 'signUp=500,registerGuest=500,registerWishlist=500,checkEmailExist=500',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
