import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, APIResponse, Browser, BrowserContext, Page } from '@playwright/test';
import type {
  Registry,
  RegistryEntry,
  RegistryHistoryEntry,
  ReleaseDescriptor,
  RemoteStatus,
} from '@shop/contract';
import { adminHeaders, E2E_ADMIN } from './admin';
import { SHOP_ORIGIN, shopperStorageState } from './origins';

/**
 * What release.spec.ts needs around the shop: catalog versions made from the built dist without a
 * rebuild (one with a visible change, one that throws while mounting), published with the real
 * release command; the registry changed through the admin API and the operators' CLI; shoppers
 * with a cohort of their own.
 */

const run = promisify(execFile);
export const REPO_ROOT = path.resolve(__dirname, '../..');
const BUILT_CATALOG = path.join(REPO_ROOT, 'mfe-catalog/dist');

/** The folder store the shop and the remotes' origins share (playwright.config.ts). */
export function releasesDir(): string {
  const dir = process.env.E2E_RELEASES_DIR;
  if (!dir) throw new Error('E2E_RELEASES_DIR is not set: run the suite through playwright.config.ts');
  return dir;
}

/** The home page's 'Deal of the Day' heading as the production build compiles it. */
export const LIVE_HEADING = 'Deal of the Day';
const COMPILED_HEADING = `{id:"deal-title",children:"${LIVE_HEADING}"}`;
/** The good release's visible change. */
export const NEW_HEADING = 'Deals Just Dropped';
/** The broken release: the heading throws while the home page renders (at mount, not at load). */
const THROWING_HEADING = '{id:"deal-title",children:(()=>{throw new Error("broken release")})()}';
/** The shell's bus contract major is 2: a build that says 99 must be refused. */
const FOREIGN_BUS_CONTRACT = 99;

/** The temporary copies made by this worker (removeCatalogCopies deletes them). */
const copies = new Set<string>();

export async function removeCatalogCopies(): Promise<void> {
  for (const folder of copies) await rm(folder, { recursive: true, force: true });
  copies.clear();
}

/**
 * A copy of the built catalog with the Deal of the Day heading replaced in every compiled chunk
 * that renders it. The changed files' precompressed copies are dropped: they would still hold
 * the old text, and the remote's origin would send them.
 */
async function catalogCopy(replacement: string | null): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-release-'));
  copies.add(folder);
  const dir = path.join(folder, 'dist');
  await cp(BUILT_CATALOG, dir, { recursive: true });
  if (replacement === null) return dir;
  let changed = 0;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.js'))) {
    const source = await readFile(path.join(dir, file), 'utf8');
    if (!source.includes(COMPILED_HEADING)) continue;
    await writeFile(path.join(dir, file), source.replaceAll(COMPILED_HEADING, replacement));
    await rm(path.join(dir, `${file}.br`), { force: true });
    await rm(path.join(dir, `${file}.gz`), { force: true });
    changed += 1;
  }
  if (changed === 0) throw new Error(`no chunk of ${BUILT_CATALOG} renders ${COMPILED_HEADING}`);
  return dir;
}

export const goodCatalog = () => catalogCopy(`{id:"deal-title",children:"${NEW_HEADING}"}`);
export const brokenCatalog = () => catalogCopy(THROWING_HEADING);

/** The built catalog, saying it was built against another bus contract major. */
export async function foreignBusCatalog(): Promise<string> {
  const dir = await catalogCopy(null);
  const buildFile = path.join(dir, 'shop-build.json');
  const build = JSON.parse(await readFile(buildFile, 'utf8')) as Record<string, unknown>;
  await writeFile(buildFile, JSON.stringify({ ...build, busContractVersion: FOREIGN_BUS_CONTRACT }));
  return dir;
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs an npm script of the repository (as an operator would), never throwing on its exit code. */
async function npmRun(args: string[], env: Record<string, string>): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** `npm run release -- catalog --from <dir>` into the shared store. */
export const releaseCatalog = (from: string) =>
  npmRun(['release', '--', 'catalog', '--from', from], { RELEASES_DIR: releasesDir() });

/** Publishes a folder and answers the version name the store gave it (`0.1.0-<hash>`). */
export async function publishCatalog(from: string): Promise<string> {
  const result = await releaseCatalog(from);
  const version = /catalog (\S+) (?:published|already published)/.exec(result.stdout)?.[1];
  if (result.code !== 0 || !version) {
    throw new Error(`release failed (${result.code}): ${result.stdout}${result.stderr}`);
  }
  return version;
}

/**
 * Puts a folder into the store the way another pipeline could have (no checks at publish): the
 * registry's own checks must still refuse it.
 */
export async function plantVersion(from: string, version: string): Promise<void> {
  const target = path.join(releasesDir(), 'catalog', version);
  await mkdir(path.dirname(target), { recursive: true });
  await cp(from, target, { recursive: true });
  const descriptor: ReleaseDescriptor = {
    remote: 'catalog',
    version,
    packageVersion: '0.1.0',
    contentHash: version.split('-')[1] ?? '0000000000',
    publishedAt: new Date().toISOString(),
    busContractVersion: FOREIGN_BUS_CONTRACT,
    exposes: [],
    shared: [],
    integrity: { 'remoteEntry.js': 'sha384-AAAA' },
    files: 1,
    bytes: 1,
  };
  await writeFile(path.join(target, 'release.json'), JSON.stringify(descriptor));
}

/** `npm run remotes -- …` against the test server, signed in as the e2e admin. */
export const remotesCli = (args: string[]) =>
  npmRun(['remotes', '--', ...args], {
    SHOP_URL: SHOP_ORIGIN,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });

type Envelope<T> = { status: true; data: T } | { status: false; error: { code: string; message: string } };

/** The registry's admin API (`/backend/api/admin/remotes…`) as the e2e admin. */
export class RegistryAdmin {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly headers: Record<string, string>,
  ) {}

  static async signIn(request: APIRequestContext): Promise<RegistryAdmin> {
    return new RegistryAdmin(request, await adminHeaders(request));
  }

  async catalog(): Promise<RemoteStatus> {
    const answer = await this.request.get('/backend/api/admin/remotes', { headers: this.headers });
    const body = (await answer.json()) as Envelope<{ remotes: RemoteStatus[] }>;
    const found = body.status ? body.data.remotes.find((remote) => remote.remote === 'catalog') : undefined;
    if (!found) throw new Error(`GET admin/remotes answered ${answer.status()}`);
    return found;
  }

  /** The catalog's registry history, newest first. */
  async history(): Promise<RegistryHistoryEntry[]> {
    const answer = await this.request.get('/backend/api/admin/remotes/catalog/history', {
      headers: this.headers,
    });
    const body = (await answer.json()) as Envelope<{ history: RegistryHistoryEntry[] }>;
    if (!body.status) throw new Error(`GET admin/remotes/catalog/history answered ${answer.status()}`);
    return body.data.history;
  }

  /** POST admin/remotes/catalog/<operation>: the raw answer (refusals are asserted by the tests). */
  change(operation: 'promote' | 'canary' | 'rollback' | 'abort', body: Record<string, unknown>) {
    return this.request.post(`/backend/api/admin/remotes/catalog/${operation}`, {
      headers: this.headers,
      data: body,
    });
  }

  async override(entry: string): Promise<string> {
    const answer = await this.request.post('/backend/api/admin/remotes/overrides', {
      headers: this.headers,
      data: { remote: 'catalog', entry, minutes: 10 },
    });
    const body = (await answer.json()) as Envelope<{ path: string }>;
    if (!body.status) throw new Error(`override refused: ${body.error.message}`);
    return body.data.path;
  }

  /**
   * Leaves the catalog as the rest of the suite expects it: no canary, the built-in version live
   * (every rollback undone until there is nothing left to roll back to).
   */
  async resetCatalog(): Promise<void> {
    if ((await this.catalog()).canary) await this.change('abort', { reason: 'e2e: clean up' });
    for (let step = 0; step < 50; step += 1) {
      const answer = await this.change('rollback', { reason: 'e2e: clean up' });
      if (answer.status() === 409) return;
      if (!answer.ok()) throw new Error(`rollback answered ${answer.status()}`);
    }
    throw new Error('the catalog could not be rolled back to its built-in version');
  }
}

/** An error envelope's code. */
export async function errorCode(answer: APIResponse): Promise<string> {
  const body = (await answer.json()) as Envelope<unknown>;
  return body.status ? 'OK' : body.error.code;
}

/**
 * Marks in every page of a context (performance.now(), ms since the navigation began): when the
 * catalog's mount failure was caught (RemoteSlot logs it) and when the live version's heading
 * was rendered. Runs in the browser: self-contained.
 */
function markFallback(liveHeading: string): void {
  const marks: { failed?: number; live?: number } = {};
  Object.assign(window, { __releaseMarks: marks });
  const log = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (marks.failed === undefined && String(args[0]).includes('catalog/HomePage failed')) {
      marks.failed = performance.now();
    }
    log(...args);
  };
  new MutationObserver(() => {
    if (marks.live === undefined && document.getElementById('deal-title')?.textContent === liveHeading) {
      marks.live = performance.now();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

export type FallbackMarks = { failed?: number; live?: number };

export const fallbackMarks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __releaseMarks: FallbackMarks }).__releaseMarks);

/** A shopper's own browser: the suite's usual context options, the fallback marks in every page. */
export async function newShopper(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: SHOP_ORIGIN,
    serviceWorkers: 'block',
    storageState: shopperStorageState(),
  });
  await context.addInitScript(markFallback, LIVE_HEADING);
  // Chromium shows Playwright a beacon's body only when the request is routed.
  await context.route('**/backend/api/remote-errors', (route) => route.continue());
  return context;
}

/** The catalog entry this context's cohort gets now (`/remotes.json`, which also sets the cohort). */
export async function catalogEntry(context: BrowserContext): Promise<RegistryEntry> {
  const registry = (await (await context.request.get('/remotes.json')).json()) as Registry;
  const entry = registry.catalog;
  if (!entry) throw new Error('the registry has no catalog');
  return entry;
}

/** The catalog entry the page was served with (inlined into it). */
export const pageCatalog = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __SHOP_REMOTES__: Registry }).__SHOP_REMOTES__.catalog as RegistryEntry,
  );

/** A navigation inside the page (the router's history), never a document load. */
export async function navigateInPage(page: Page, pathname: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
}
