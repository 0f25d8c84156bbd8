import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './tests/admin';
import {
  E2E_REMOTES,
  E2E_PORT as PORT,
  REMOTE_ORIGINS,
  remoteOrigin,
  remotePort,
  SHOP_ORIGIN,
  shopperStorageState,
} from './tests/origins';

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
// The release store every server of the run shares (the shop publishes into it, the remotes'
// origins serve from it); set once, like the outbox, so the workers see the same folder.
process.env.E2E_RELEASES_DIR ||= mkdtempSync(path.join(tmpdir(), 'shop-e2e-releases-'));
const releasesDir = process.env.E2E_RELEASES_DIR;
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** One remote's own origin, as a CDN would serve it: every retained version of its files. */
const remoteServer = (remote: (typeof E2E_REMOTES)[number]) => ({
  command: `node ${tsx} ${path.join(root, 'backend/scripts/serve-remote.ts')} ${remote} --port ${remotePort(remote)} --host 127.0.0.1`,
  url: `${remoteOrigin(remote)}/health`,
  timeout: 60_000,
  reuseExistingServer: false,
  env: { RELEASES_DIR: releasesDir, LOG_LEVEL: 'warn' },
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: SHOP_ORIGIN,
    // Journeys mock and count requests with page.route, which does not see what a service worker
    // answers: the worker is kept out of them, and offline.spec.ts turns it on.
    serviceWorkers: 'block',
    // The guests' promo popup counts as already shown; frame.spec.ts starts without it.
    storageState: shopperStorageState(),
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
  // The shop distributed (tests/origins.ts): the shell and the API here, each remote on its own origin.
  webServer: [
    ...E2E_REMOTES.map(remoteServer),
    {
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
        RELEASES_DIR: releasesDir,
        REMOTE_ORIGINS,
        // release.spec.ts: a broken canary is ended by the server after a handful of shoppers'
        // loads, not the production 50 (the 2 % failure rate stays the product's default).
        CANARY_ABORT_MIN_LOADS: '4',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
