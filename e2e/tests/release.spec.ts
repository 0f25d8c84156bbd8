import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type Request,
  test,
} from '@playwright/test';
import { remoteOrigin } from './origins';
import {
  brokenCatalog,
  catalogEntry,
  errorCode,
  type FallbackMarks,
  fallbackMarks,
  foreignBusCatalog,
  goodCatalog,
  LIVE_HEADING,
  NEW_HEADING,
  navigateInPage,
  newShopper,
  pageCatalog,
  plantVersion,
  publishCatalog,
  REPO_ROOT,
  RegistryAdmin,
  releaseCatalog,
  remotesCli,
  removeCatalogCopies,
} from './releases';

/**
 * Issue 18's proof, against the real server with every remote on its own origin: a catalog
 * release goes out to half the shoppers (each sticky), a broken one falls back within the page
 * and is ended by the server itself, a good one is promoted and rolled back, and the history
 * says all of it. Tabs opened before a change keep loading their own version's chunks throughout.
 *
 * The journeys after this file expect the catalog's built-in version: every test starts and ends
 * with the registry reset (no canary, nothing left to roll back).
 */

const SHARE = 50;
/** Bounded: with a 50 % share, 20 new shoppers all on one side happen once in ~500 000 runs. */
const MAX_NEW_SHOPPERS = 20;
/** The server ends the canary after CANARY_ABORT_MIN_LOADS (4, playwright.config.ts) loads. */
const MAX_BROKEN_PAGES = 6;
/** The issue: a dead origin shows the fallback within about 12 s (5 s timeout, one retry). */
const DEAD_ORIGIN_LIMIT_MS = 15_000;

let admin: RegistryAdmin;

test.beforeEach(async ({ request }) => {
  admin = await RegistryAdmin.signIn(request);
  await admin.resetCatalog();
});

test.afterEach(async () => {
  await admin.resetCatalog();
});

test.afterAll(removeCatalogCopies);

const isErrorReport = (request: Request) =>
  request.method() === 'POST' && request.url().endsWith('/remote-errors');

const dealHeading = (page: Page, name: string): Locator =>
  page.getByRole('heading', { level: 2, name, exact: true });

/** Two shoppers (cohort cookies), one inside the catalog's canary and one outside it. */
async function shoppersOnBothSides(
  browser: Browser,
): Promise<{ inside: BrowserContext; outside: BrowserContext }> {
  let inside: BrowserContext | undefined;
  let outside: BrowserContext | undefined;
  for (let tries = 0; tries < MAX_NEW_SHOPPERS && !(inside && outside); tries += 1) {
    const context = await newShopper(browser);
    const { channel } = await catalogEntry(context);
    if (channel === 'canary' && !inside) inside = context;
    else if (channel !== 'canary' && !outside) outside = context;
    else await context.close();
  }
  if (!inside || !outside)
    throw new Error(`no shopper on each side of the canary in ${MAX_NEW_SHOPPERS} tries`);
  return { inside, outside };
}

/** Loads the home page and reloads it twice: the same catalog version and heading every time. */
async function expectStickyHome(page: Page, version: string, heading: string): Promise<void> {
  await page.goto('/');
  for (let reload = 0; reload < 3; reload += 1) {
    if (reload > 0) await page.reload();
    await expect(dealHeading(page, heading)).toBeVisible();
    expect((await pageCatalog(page)).version).toBe(version);
  }
}

/** A page kept open while the registry changes: what it loaded of the catalog, and how. */
interface KeptTab {
  page: Page;
  catalogFiles: string[];
  failures: string[];
  documents: number;
}

/** Opens the home page in a tab that will be kept open (a marker tells any reload). */
async function openKeptTab(context: BrowserContext, heading: string): Promise<KeptTab> {
  const page = await context.newPage();
  const tab: KeptTab = { page, catalogFiles: [], failures: [], documents: 0 };
  page.on('response', (response) => {
    if (!response.url().includes('/mfe/catalog/')) return;
    tab.catalogFiles.push(response.url());
    if (response.status() >= 400) tab.failures.push(`${response.url()} ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('/mfe/'))
      tab.failures.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('domcontentloaded', () => {
    tab.documents += 1;
  });
  await page.goto('/');
  await expect(dealHeading(page, heading)).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __keptTab: true }));
  return tab;
}

/**
 * Navigates inside the kept tab to a catalog page it has not shown yet: the page's chunks load
 * (from the version the tab started with), the page shows, nothing failed, nothing reloaded.
 */
async function keepBrowsing(tab: KeptTab, pathname: string, ready: (page: Page) => Locator): Promise<void> {
  const before = tab.catalogFiles.length;
  await navigateInPage(tab.page, pathname);
  await expect.poll(() => tab.catalogFiles.length).toBeGreaterThan(before);
  await expect(ready(tab.page)).toBeVisible();
  await expect(tab.page.locator('[data-remote-fallback]')).toHaveCount(0);
  expect(tab.failures).toEqual([]);
  expect(tab.documents).toBe(1);
  expect(await tab.page.evaluate(() => '__keptTab' in window)).toBe(true);
}

/** Every catalog file the tab loaded came from one version's folder on the catalog's origin. */
function expectOneVersion(tab: KeptTab, version: string): void {
  const folder = `${remoteOrigin('catalog')}/mfe/catalog/${version}/`;
  expect(tab.catalogFiles.filter((url) => !url.startsWith(folder))).toEqual([]);
}

/**
 * One page of the in-canary shopper on the broken canary: the broken version throws while the
 * home page mounts, the live version's page takes its place in the same document, and the
 * failure is reported. Answers the fallback's marks (failure caught, live heading rendered).
 */
async function brokenCanaryPage(
  shopper: BrowserContext,
  broken: string,
  live: string,
): Promise<FallbackMarks> {
  const page = await shopper.newPage();
  let documents = 0;
  page.on('domcontentloaded', () => {
    documents += 1;
  });
  const reported = page.waitForRequest(isErrorReport);
  const answered = page.waitForResponse((response) => isErrorReport(response.request()));
  await page.goto('/');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  expect(await pageCatalog(page)).toMatchObject({
    version: broken,
    channel: 'canary',
    fallback: { version: live },
  });
  await expect(dealHeading(page, LIVE_HEADING)).toBeVisible();
  await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
  expect((await reported).postDataJSON()).toEqual({
    remote: 'catalog',
    version: broken,
    kind: 'mount',
    route: '/',
  });
  expect((await answered).ok()).toBe(true);
  expect(documents).toBe(1);
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
  const marks = await fallbackMarks(page);
  await page.close();
  return marks;
}

test('a catalog release: canary, a broken canary ended by itself, promote, roll back, all in the history', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const builtIn = (await admin.catalog()).builtIn;
  expect(builtIn).not.toBeNull();
  const live = builtIn ?? '';
  const slug = (
    (await (await request.get('/backend/api/products?per-page=1')).json()) as {
      data: { items: { slug: string }[] };
    }
  ).data.items[0]?.slug;
  expect(slug).toBeTruthy();

  // A shopper's tab opened before any release, kept open to the end.
  const earlyShopper = await newShopper(browser);
  const earlyTab = await openKeptTab(earlyShopper, LIVE_HEADING);

  // Publish a catalog with a visible change (the real release command) and canary it at 50 %.
  const good = await publishCatalog(await goodCatalog());
  expect(good).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
  const canary = await admin.change('canary', {
    version: good,
    percent: SHARE,
    reason: 'e2e: new deal heading',
  });
  expect(canary.ok()).toBe(true);
  expect((await admin.catalog()).canary).toMatchObject({ version: good, percent: SHARE });

  // One shopper gets the new version, another the old one, each sticky across reloads.
  const { inside, outside } = await shoppersOnBothSides(browser);
  const insidePage = await inside.newPage();
  const outsidePage = await outside.newPage();
  await expectStickyHome(insidePage, good, NEW_HEADING);
  await expectStickyHome(outsidePage, live, LIVE_HEADING);
  // The in-canary shopper keeps a tab of the new version open to the end as well.
  const canaryTab = await openKeptTab(inside, NEW_HEADING);
  await keepBrowsing(earlyTab, '/about', (page) => page.locator('#content-heading'));

  // A version that throws while mounting, in canary: its shoppers fall back to the live version
  // within the page and report it, until the server ends the canary by itself.
  const broken = await publishCatalog(await brokenCatalog());
  expect(
    (await admin.change('canary', { version: broken, percent: SHARE, reason: 'e2e: broken' })).ok(),
  ).toBe(true);
  const fallbackTimes: number[] = [];
  for (let pages = 0; pages < MAX_BROKEN_PAGES && (await admin.catalog()).canary; pages += 1) {
    const marks = await brokenCanaryPage(inside, broken, live);
    expect(marks.failed).toBeDefined();
    expect(marks.live).toBeGreaterThan(marks.failed ?? Number.POSITIVE_INFINITY);
    fallbackTimes.push((marks.live ?? 0) - (marks.failed ?? 0));
  }
  const afterAbort = await admin.catalog();
  expect(afterAbort.canary).toBeNull();
  expect(afterAbort.lastHour.find((stats) => stats.version === broken)?.failures).toBe(fallbackTimes.length);
  const [aborted] = await admin.history();
  expect(aborted).toMatchObject({ action: 'auto-abort', version: broken, actor: 'system' });
  console.log(
    `[release.spec] broken mount → live content: ${fallbackTimes.map((ms) => `${Math.round(ms)} ms`).join(', ')} (${fallbackTimes.length} pages until the auto-abort)`,
  );
  test
    .info()
    .annotations.push({ type: 'fallback after a mount failure (ms)', description: fallbackTimes.join(', ') });
  // The canary is over: the same shopper gets the live version again, without a failure.
  await expectStickyHome(insidePage, live, LIVE_HEADING);
  await keepBrowsing(earlyTab, '/contact', (page) => page.getByRole('heading', { level: 1 }));

  // Promote the good version: everyone gets it.
  expect((await admin.change('promote', { version: good, reason: 'e2e: ship the new heading' })).ok()).toBe(
    true,
  );
  await expectStickyHome(insidePage, good, NEW_HEADING);
  await expectStickyHome(outsidePage, good, NEW_HEADING);
  expect(await pageCatalog(outsidePage)).toMatchObject({ channel: 'live', fallback: { version: live } });
  await keepBrowsing(earlyTab, '/products', (page) => page.locator('#listing-title'));

  // Roll back, with the operators' CLI: everyone is on the built-in version again.
  const rolledBack = await remotesCli([
    'rollback',
    'catalog',
    '--reason',
    'e2e: back to the built-in heading',
  ]);
  expect(rolledBack.code, rolledBack.stderr).toBe(0);
  expect((await admin.catalog()).live).toBeNull();
  await expectStickyHome(outsidePage, live, LIVE_HEADING);
  await keepBrowsing(earlyTab, `/product/${slug}`, (page) => page.locator('#product-title'));
  // The tab opened on the canary still loads that version's chunks after its rollback.
  await keepBrowsing(canaryTab, '/products', (page) => page.locator('#listing-title'));
  expectOneVersion(earlyTab, live);
  expectOneVersion(canaryTab, good);

  // `npm run remotes -- history catalog` shows every step, newest first.
  const history = await remotesCli(['history', 'catalog']);
  expect(history.code, history.stderr).toBe(0);
  const lines = history.stdout.split('\n');
  const steps: [action: string, version: string][] = [
    ['rollback', good],
    ['promote', good],
    ['auto-abort', broken],
    ['canary', broken],
    ['canary', good],
  ];
  let previous = -1;
  for (const [action, version] of steps) {
    const at = lines.findIndex(
      (line, index) => index > previous && new RegExp(`\\s${action}\\s`).test(line) && line.includes(version),
    );
    expect(at, `${action} ${version} after line ${previous} of:\n${history.stdout}`).toBeGreaterThan(
      previous,
    );
    previous = at;
  }
  expect(lines[previous]).toContain('e2e-admin@example.com');
  await Promise.all([earlyShopper.close(), inside.close(), outside.close()]);
});

test("typo'd registry writes are refused and the shop keeps serving", async ({ browser }) => {
  test.setTimeout(90_000);
  const before = await admin.catalog();
  const good = await publishCatalog(await goodCatalog());

  const tooMany = await admin.change('canary', { version: good, percent: 150, reason: 'e2e: typo' });
  expect(tooMany.status()).toBe(400);
  const unknown = await admin.change('promote', { version: '0.1.0-ffffffffff', reason: 'e2e: typo' });
  expect(unknown.status()).toBe(404);
  const badName = await admin.change('promote', { version: '../auth/0.1.0', reason: 'e2e: typo' });
  expect(badName.status()).toBe(400);
  const noReason = await admin.change('promote', { version: good });
  expect(noReason.status()).toBe(400);
  const cli = await remotesCli(['canary', 'catalog', good, '150', '--reason', 'e2e: typo']);
  expect(cli.code).not.toBe(0);

  // A build against another bus contract: the release command refuses to publish it, and a copy
  // put into the store by other means is refused by the registry's own checks.
  const foreign = await foreignBusCatalog();
  const release = await releaseCatalog(foreign);
  expect(release.code).toBe(1);
  expect(release.stderr).toMatch(/bus contract/i);
  const planted = `0.1.0-${Date.now().toString(16).padStart(10, '0').slice(-10)}`;
  await plantVersion(foreign, planted);
  const refused = await admin.change('canary', { version: planted, percent: SHARE, reason: 'e2e: refused' });
  expect(refused.status()).toBe(409);
  expect(await errorCode(refused)).toBe('RELEASE_REFUSED');
  const [refusal] = await admin.history();
  expect(refusal).toMatchObject({ action: 'refused', version: planted });

  // Nothing changed, and a shopper still gets the shop.
  const after = await admin.catalog();
  expect(after).toMatchObject({ live: before.live, canary: null, revision: before.revision });
  const shopper = await newShopper(browser);
  const page = await shopper.newPage();
  await page.goto('/');
  await expect(dealHeading(page, LIVE_HEADING)).toBeVisible();
  expect(await pageCatalog(page)).toMatchObject({ version: before.builtIn, channel: 'built-in' });
  await shopper.close();
});

/** The listing's page size as the built catalog compiles it (ListingPage via apiQueryFromFilters). */
const COMPILED_PAGE_SIZE = /\{"per-page":([A-Za-z_$][\w$]*)\.perPage\?\?20\}/g;
const OTHER_PAGE_SIZE = 24;

/**
 * The built catalog as a change of its listing's page size would build it: the listing asks 24
 * products where the server's first screen inlined 20, and its shop-build.json says so (its
 * build writes what the pages read, firstScreenReads.ts, held to them by the catalog's tests).
 * Its listing would ask the API again and show a skeleton where the server's cards were.
 */
async function otherPageSizeCatalog(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-release-reads-'));
  const dir = path.join(folder, 'dist');
  await cp(path.join(REPO_ROOT, 'mfe-catalog/dist'), dir, { recursive: true });
  let changed = 0;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.js'))) {
    const source = await readFile(path.join(dir, file), 'utf8');
    const changedSource = source.replace(
      COMPILED_PAGE_SIZE,
      (_match, filters: string) => `{"per-page":${filters}.perPage??${OTHER_PAGE_SIZE}}`,
    );
    if (changedSource === source) continue;
    await writeFile(path.join(dir, file), changedSource);
    await rm(path.join(dir, `${file}.br`), { force: true });
    await rm(path.join(dir, `${file}.gz`), { force: true });
    changed += 1;
  }
  if (changed === 0) throw new Error(`no chunk of the built catalog compiles ${COMPILED_PAGE_SIZE}`);
  const buildFile = path.join(dir, 'shop-build.json');
  const build = JSON.parse(await readFile(buildFile, 'utf8')) as {
    firstScreenReads: Record<string, string[]>;
  };
  build.firstScreenReads['/products'] = [`products?per-page=${OTHER_PAGE_SIZE}`];
  await writeFile(buildFile, JSON.stringify(build));
  return { dir, remove: () => rm(folder, { recursive: true, force: true }) };
}

test('a catalog whose pages would not read the answers the server inlines is refused: it would not take over the first screen', async () => {
  const before = await admin.catalog();
  const other = await otherPageSizeCatalog();
  try {
    // The release command refuses to publish it…
    const release = await releaseCatalog(other.dir);
    expect(release.code).toBe(1);
    expect(release.stderr).toContain("would not take over the server's first screen of /products");
    expect(release.stderr).toContain('products?per-page=20');

    // …and a copy put into the store by other means is refused by the registry's checks.
    const planted = `0.1.0-${(Date.now() + 1).toString(16).padStart(10, '0').slice(-10)}`;
    await plantVersion(other.dir, planted);
    for (const operation of ['canary', 'promote'] as const) {
      const refused = await admin.change(operation, {
        version: planted,
        percent: operation === 'canary' ? SHARE : undefined,
        reason: 'e2e: does not take over',
      });
      expect(refused.status()).toBe(409);
      expect(await errorCode(refused)).toBe('RELEASE_REFUSED');
    }
    const [refusal] = await admin.history();
    expect(refusal).toMatchObject({ action: 'refused', version: planted });
    expect(await admin.catalog()).toMatchObject({
      live: before.live,
      canary: null,
      revision: before.revision,
    });

    // The same build with its listing as it was is accepted: only the reads were wrong.
    expect((await releaseCatalog(await goodCatalog())).code).toBe(0);
  } finally {
    await other.remove();
  }
});

/** A TCP server that accepts connections and never answers: a remote origin gone silent. */
async function silentOrigin(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port for the silent origin');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

test('a catalog whose origin never answers gives way to the live version within about 12 s', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const live = (await admin.catalog()).builtIn;
  const origin = await silentOrigin();
  try {
    const override = await admin.override(`http://127.0.0.1:${origin.port}/remoteEntry.js`);
    const shopper = await newShopper(browser);
    const page = await shopper.newPage();
    const reported = page.waitForRequest(isErrorReport, { timeout: 30_000 });
    // The dead script keeps the load event from firing: wait for the document only.
    await page.goto(override, { waitUntil: 'domcontentloaded' });
    expect(await pageCatalog(page)).toMatchObject({ channel: 'override', fallback: { version: live } });
    await expect(dealHeading(page, LIVE_HEADING)).toBeVisible({ timeout: 30_000 });
    expect((await reported).postDataJSON()).toMatchObject({
      remote: 'catalog',
      version: 'override',
      kind: 'timeout',
    });
    const { live: shownAt } = await fallbackMarks(page);
    console.log(
      `[release.spec] dead origin → live content: ${Math.round(shownAt ?? -1)} ms after navigation start`,
    );
    test.info().annotations.push({ type: 'dead origin → fallback (ms)', description: String(shownAt) });
    expect(shownAt).toBeLessThan(DEAD_ORIGIN_LIMIT_MS);
    await shopper.close();
  } finally {
    await origin.close();
  }
});
