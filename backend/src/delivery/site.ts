/**
 * Serves the composed shop from one origin: the shell (with SPA fallback), each remote under
 * /mfe/<name>/<version>/ (the running build plus kept older releases, so open tabs keep working
 * after a release), and /remotes.json, the registry the shell reads to find the remotes.
 *
 * Caching: the registry, HTML, manifests and remoteEntry.js must be re-validated on every load
 * (they name the current version); every other built file is content-hashed and kept for a year.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {} from '@fastify/swagger';
import type { Registry, StartupContent } from '@shop/contract';
import type { EndpointTable } from '@shop/contract/endpoint';
import { apiEndpoints } from '@shop/contract/endpoints';
import { FRAME_FRAGMENTS, moduleForPath } from '@shop/contract/routes';
import { REMOTE_NAMES } from '@shop/contract/schemas/remotes';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RELEASES_SUBDIR } from '../config';
import { AppError } from '../errors';
import { builtInVersions, isRemoteName } from '../modules/remotes/releaseStore';
import {
  newNonce,
  PAGE_HEADERS,
  pageContentSecurityPolicy,
  SERVICE_WORKER_FILE,
  serviceWorkerContentSecurityPolicy,
  withNonce,
} from './contentSecurity';
import {
  type AnswerAt,
  FIRST_SCREEN_ID,
  type FirstScreen,
  firstScreenOf,
  type GetPath,
  type ReadAnswer,
} from './firstScreen';
import { FIRST_SCREEN_CSS } from './firstScreenStyles';
import {
  cacheControlFor,
  inside,
  isFile,
  NO_CACHE,
  type RemoteFolders,
  remoteFilesPlugin,
  remoteFolders,
} from './remoteFiles';
import { sendStaticFile } from './sendStaticFile';

export { cacheControlFor, IMMUTABLE, NO_CACHE } from './remoteFiles';

/** The remote release registry as the pages see it (modules/remotes/pageRegistry.ts). */
export interface PageRegistry {
  /** The registry this request's page gets (its canary cohort, its overrides); may set cookies. */
  forPage(request: FastifyRequest, reply: FastifyReply): Promise<Registry>;
  /** A page address that changes the browser's settings (an override) answers here, else null. */
  intercept(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | null>;
  /** Every origin remotes may come from (the service worker's policy). */
  origins(): string[];
}

export interface SiteOptions {
  /** Repository root: holds shell, the mfe-… app folders and .data/releases. */
  root: string;
  /** The registry (PostgreSQL); without one every remote's built-in version is served. */
  registry?: PageRegistry;
  /** Published remote versions, `<releasesDir>/<remote>/<version>/`; default `<root>/.data/releases`. */
  releasesDir?: string;
  /** Where a remote version's files are (the release store); default the folders above. */
  folders?: RemoteFolders;
  /**
   * The startup content to inline into the page (the shell then renders without waiting for
   * its first API round trip). When it fails, the page goes out without it and the shell asks.
   */
  loadStartup?: () => Promise<StartupContent>;
  /**
   * Render the first screen of the catalogue's pages into the HTML (firstScreen.ts); default on.
   * Its data comes from this app's own API.
   */
  firstScreen?: boolean;
  /** The shop's public origin (config PUBLIC_URL), for canonical and Open Graph addresses. */
  publicUrl?: string;
}

/** JSON that is safe inside an inline <script>: nothing in it can close the tag. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What the page helpers read of a registry: each remote's entry and the one it falls back to. */
export type RemotesRegistry = Record<
  string,
  { entry: string; integrity?: string; fallback?: { entry: string } }
>;

export const REMOTES_PLACEHOLDER = '<!--REMOTES-->';
/**
 * Pages and /remotes.json differ per shopper (the canary cohort, a developer's override, the
 * cookie set with them): re-validated on every load, and never kept by a shared cache.
 */
export const PER_SHOPPER = 'private, no-cache';
const API_PREFIX = '/backend/api';
/** Without a registry (a site served with no database): every remote's own build. */
export function builtInRegistry(root: string): Registry {
  const registry: Registry = {};
  const builtIn = builtInVersions(root);
  for (const remote of REMOTE_NAMES) {
    const version = builtIn(remote);
    if (version)
      registry[remote] = { entry: `/mfe/${remote}/${version}/remoteEntry.js`, version, channel: 'built-in' };
  }
  return registry;
}

/** The shell's index.html with the registry inlined, so it can start without fetching /remotes.json. */
export function inlineRegistry(html: string, registry: RemotesRegistry): string {
  const script = `<script>window.__SHOP_REMOTES__=${scriptJson(registry)}</script>`;
  // The placeholder marks the spot; an HTML minifier may drop comments, so </head> is the fallback.
  return html.includes(REMOTES_PLACEHOLDER)
    ? html.replace(REMOTES_PLACEHOLDER, () => script)
    : html.replace('</head>', () => `${script}</head>`);
}

/**
 * A high-priority preload of a page's largest image, so it loads alongside the scripts. With a
 * srcset it names the same candidates and sizes as the <img>, so the browser picks the same file.
 */
export function imagePreload(image: { src: string; srcSet?: string; sizes: string } | null): string {
  if (!image) return '';
  const candidates = image.srcSet
    ? ` imagesrcset="${escapeAttribute(image.srcSet)}" imagesizes="${escapeAttribute(image.sizes)}"`
    : '';
  return `<link rel="preload" href="${escapeAttribute(image.src)}"${candidates} as="image" fetchpriority="high">`;
}

/** Where a first screen's picture preload goes: first in the head, once the viewport is known. */
const VIEWPORT_META = /<meta name="?viewport"?[^>]*>/;
/** The shell's script as its build writes it into index.html (html-webpack-plugin, minified). */
const SHELL_SCRIPT = /<script(?: defer(?:="?defer"?)?)? src="?(\/main\.[0-9a-f]+\.js)"?><\/script>/;
/** How long the shell's script waits at most for the first screen's largest picture. */
export const SHELL_START_WAIT_MS = 3000;

/**
 * Makes the page's largest picture its only download until it is painted: its preload first in
 * the head, and the scripts (the shell's, and the preloads of the remotes' entries and modules,
 * `scriptLinks`) asked for by an inline script at the end of the body once that picture has
 * loaded and a frame has passed (or failed, or after SHELL_START_WAIT_MS). The server painted the
 * first screen: asked at once, ~185 KB of scripts shared the network with the picture and their
 * long tasks held its paint back. The picture is a few KB, so the take-over starts a moment
 * later, and the remotes' files still download alongside the shell's script, not after it. A
 * script and links an inline script adds are allowed by the page's policy (this origin's, the
 * remotes' origins). A page whose shell script is not the build's usual one keeps it, with the
 * links in the head at low priority.
 */
export function paintFirst(
  html: string,
  image: { src: string; srcSet?: string; sizes: string } | null,
  scriptLinks: string,
): string {
  const preload = imagePreload(image);
  // After the viewport meta: before it, the browser picks the preload's candidate for a 980 px
  // wide window, another file than the <img> picks on a phone.
  let page = VIEWPORT_META.test(html)
    ? html.replace(VIEWPORT_META, (tag) => `${tag}${preload}`)
    : html.replace('</head>', () => `${preload}</head>`);
  const script = SHELL_SCRIPT.exec(page);
  if (!script?.[1] || !page.includes('</body>')) {
    return page.replace('</head>', () => `${lowPriorityScripts(scriptLinks)}</head>`);
  }
  page = page.replace(script[0], '');
  const start =
    '<script>(()=>{let started=false;const start=()=>{if(started)return;started=true;' +
    `document.head.insertAdjacentHTML('beforeend',${scriptJson(scriptLinks)});` +
    `const s=document.createElement('script');s.src=${scriptJson(script[1])};document.head.append(s)};` +
    'const painted=()=>requestAnimationFrame(()=>setTimeout(start));' +
    `const img=document.querySelector('#${FIRST_SCREEN_ID} img[fetchpriority="high"]');` +
    "if(!img||img.complete)painted();else{img.addEventListener('load',painted);img.addEventListener('error',painted)}" +
    `setTimeout(start,${SHELL_START_WAIT_MS})})()</script>`;
  return page.replace('</body>', () => `${start}</body>`);
}

/**
 * The page with its first screen: its head tags in place of the shell's default title and
 * description, the stylesheet, the answers for the data kit, and the markup in #root after the
 * frame's band (before #root's closing tag). A page without markup (an unknown product) gets the
 * head tags only, and the shell renders the page's own not-found.
 */
export function withFirstScreen(
  html: string,
  screen: FirstScreen,
  answered: { address: string; at: number },
): string {
  // The address and time the answers were read for: a copy the service worker kept, or kept for
  // another address, is not taken as this page's fresh answers (shared/src/data/inlinedAnswers.ts).
  const head =
    `${screen.head}<style>${FIRST_SCREEN_CSS}</style>` +
    `<script>window.__SHOP_ANSWERS__=${scriptJson(screen.answers)}</script>` +
    `<script>window.__SHOP_ANSWERED__=${scriptJson(answered)}</script>`;
  const page = html
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="?description"?[^>]*>/, '')
    .replace('</head>', () => `${head}</head>`);
  const bodyEnd = page.indexOf('</body>');
  const rootEnd = bodyEnd < 0 ? -1 : page.lastIndexOf('</div>', bodyEnd);
  if (!screen.main || !/<div id="?root"?>/.test(page) || rootEnd < 0) return page;
  const main = `<main id="${FIRST_SCREEN_ID}" class="fs-main">${screen.main}</main>`;
  return page.slice(0, rootEnd) + main + page.slice(rootEnd);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every endpoint by its key, as a plain table (looked up by a path chosen at run time). */
const ENDPOINTS: EndpointTable = apiEndpoints;

/** Whether `data` is an answer of GET `path`, by the contract's schema of that endpoint. */
function isAnswerOf<Path extends GetPath>(path: Path, data: unknown): data is AnswerAt<Path> {
  const endpoint = ENDPOINTS[`GET ${path}`];
  return endpoint !== undefined && Value.Check(endpoint.response, data);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The script a registry entry loads: remoteEntry.js itself, or the one beside a manifest. */
export function entryScript(entry: string): string {
  return entry.replace(/\/mf-manifest\.json$/, '/remoteEntry.js');
}

/** The remote modules a page paints at once: the frame's fragments and the page's own module. */
export function modulesOfPage(pathname: string): string[] {
  const page = moduleForPath(pathname);
  return page ? [...FRAME_FRAGMENTS, page] : [...FRAME_FRAGMENTS];
}

const remoteOf = (moduleId: string) => moduleId.slice(0, moduleId.indexOf('/'));

/**
 * Preload hints for the remotes the requested page paints at once, so the browser fetches their
 * remoteEntry.js while the shell's own script is still loading (the chain main → remoteEntry →
 * chunk otherwise runs one step at a time). A manifest entry is loaded as the remoteEntry.js
 * beside it (the shell does the same: its federation runtime is built without manifest support).
 */
export function preloadLinks(registry: RemotesRegistry, pathname: string): string {
  const names = [...new Set(modulesOfPage(pathname).map(remoteOf))];
  return names
    .map((name) => registry[name])
    .filter((remote): remote is RemotesRegistry[string] => typeof remote?.entry === 'string')
    .map(
      ({ entry, integrity }) =>
        `<link rel="preload" href="${escapeAttribute(entryScript(entry))}" as="script"${integrityAttributes(integrity)}>`,
    )
    .join('');
}

/** Script preloads asked at low priority: they wait behind the page's picture. */
export function lowPriorityScripts(links: string): string {
  return links.replace(/ as="script"/g, ' as="script" fetchpriority="low"');
}

/**
 * A version with recorded SRI is loaded by a CORS script carrying its integrity (the shell's
 * retry plugin): the preload must ask the same way, or the browser cannot use it and fetches
 * the file twice.
 */
function integrityAttributes(integrity: string | undefined): string {
  return integrity ? ` crossorigin="anonymous" integrity="${escapeAttribute(integrity)}"` : '';
}

export interface ManifestExpose {
  name: string;
  assets: { js: { sync: string[] }; css: { sync: string[] } };
}

/**
 * The remote version an entry URL points at, when it has the shop's layout
 * (`[origin]/mfe/<name>/<version>/…`), on this origin or on a remote origin of its own.
 */
export function servedVersion(entry: string): { name: string; version: string } | null {
  let pathname: string;
  try {
    pathname = new URL(entryScript(entry), 'http://this-origin.invalid').pathname;
  } catch {
    return null;
  }
  const served = /^\/mfe\/([^/]+)\/([^/]+)\//.exec(pathname);
  return served?.[1] && served[2] ? { name: served[1], version: served[2] } : null;
}

/**
 * Preload hints for the files of the exposed modules a page mounts (their own JavaScript and
 * CSS, as the remote's mf-manifest.json lists them), so they download with the shell's script
 * instead of after it. Read from the version's files on this machine (a version's files are the
 * same wherever they are served), so remotes on an origin of their own get them too.
 */
export async function moduleAssetLinks(
  exposesOf: ExposesOf,
  registry: RemotesRegistry,
  pathname: string,
): Promise<string> {
  const links: string[] = [];
  const byRemote = new Map<string, string[]>();
  for (const moduleId of modulesOfPage(pathname)) {
    byRemote.set(remoteOf(moduleId), [
      ...(byRemote.get(remoteOf(moduleId)) ?? []),
      moduleId.slice(moduleId.indexOf('/') + 1),
    ]);
  }
  // Every remote at once: each read has its own time budget, they do not add up.
  const perRemote = await Promise.all(
    [...byRemote].map(async ([name, exposed]) => {
      const entry = registry[name]?.entry;
      const served = entry ? servedVersion(entry) : null;
      if (!entry || !served || served.name !== name) return [];
      const exposes = await exposesOf(name, served.version);
      const base = entryScript(entry).replace(/[^/]*$/, '');
      const links: string[] = [];
      for (const expose of exposes.filter((candidate) => exposed.includes(candidate.name))) {
        for (const file of expose.assets.css.sync)
          links.push(`<link rel="preload" href="${escapeAttribute(base + file)}" as="style">`);
        for (const file of expose.assets.js.sync)
          links.push(`<link rel="preload" href="${escapeAttribute(base + file)}" as="script">`);
      }
      return links;
    }),
  );
  links.push(...perRemote.flat());
  return [...new Set(links)].join('');
}

/** Each remote's built-in version by any name (null for a name that is no remote). */
function builtInVersionOf(root: string): (remote: string) => string | null {
  const builtIn = builtInVersions(root);
  return (remote) => (isRemoteName(remote) ? builtIn(remote) : null);
}

/** A remote version's exposes with their files (mf-manifest.json), for the page's preloads. */
export type ExposesOf = (remote: string, version: string) => Promise<ManifestExpose[]>;

/** Published versions' exposes kept in memory: a handful of versions are served at a time. */
export const MANIFEST_CACHE_ENTRIES = 64;
/**
 * How long a page waits for a manifest from the store (S3: a GET) before it goes out without that
 * remote's preloads: they only save a round trip, and must never cost more than one.
 */
export const MANIFEST_READ_BUDGET_MS = 300;

/** `promise`'s value, or null when it takes longer than `ms` (it goes on, unwatched). */
async function withinBudget<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads each version's exposes once: a published version never changes, so its parsed manifest
 * is kept (the newest MANIFEST_CACHE_ENTRIES) and no page reads it from the store again. A read
 * slower than the budget leaves that page without the remote's preloads, and fills the cache for
 * the next page when it ends. The built-in version is not cached: it is the remote's own dist/,
 * which `npm run build` rewrites while the server runs.
 */
export function manifestExposes(
  folders: RemoteFolders,
  builtInVersion: (remote: string) => string | null,
  { entries = MANIFEST_CACHE_ENTRIES, budgetMs = MANIFEST_READ_BUDGET_MS } = {},
): ExposesOf {
  const cache = new Map<string, ManifestExpose[]>();
  const pending = new Map<string, Promise<ManifestExpose[] | null>>();
  /** Newest last (a Map keeps insertion order): the first key is the one to drop. */
  const remember = (key: string, exposes: ManifestExpose[]) => {
    cache.delete(key);
    cache.set(key, exposes);
    const oldest = cache.size > entries ? cache.keys().next().value : undefined;
    if (oldest !== undefined) cache.delete(oldest);
  };
  /** One read per version at a time, however many pages ask for it meanwhile. */
  const load = (remote: string, version: string, key: string): Promise<ManifestExpose[] | null> => {
    const loading = pending.get(key);
    if (loading) return loading;
    const read = manifestOf(folders, remote, version)
      .then(
        (bytes) => {
          const exposes = parseExposes(bytes);
          // A manifest not there (yet) is not remembered: only what a version holds is final.
          if (bytes) remember(key, exposes);
          return exposes;
        },
        () => null,
      )
      .finally(() => pending.delete(key));
    pending.set(key, read);
    return read;
  };
  return async (remote, version) => {
    if (builtInVersion(remote) === version) {
      return parseExposes(await manifestOf(folders, remote, version).catch(() => null));
    }
    const key = `${remote}/${version}`;
    const cached = cache.get(key);
    if (cached) {
      remember(key, cached);
      return cached;
    }
    return (await withinBudget(load(remote, version, key), budgetMs)) ?? [];
  };
}

const isFileList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((file) => typeof file === 'string');

/** Whether a manifest's expose has the asset lists the preloads read (a release is not trusted). */
function isExpose(value: unknown): value is ManifestExpose {
  if (typeof value !== 'object' || value === null) return false;
  const { name, assets } = value as {
    name?: unknown;
    assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } };
  };
  return typeof name === 'string' && isFileList(assets?.js?.sync) && isFileList(assets?.css?.sync);
}

/**
 * A version's mf-manifest.json, from its folder here or its store (S3); null when it has none.
 * Throws when it cannot be read now (a store away): that is not remembered.
 */
async function manifestOf(folders: RemoteFolders, remote: string, version: string): Promise<Buffer | null> {
  const dir = await folders.localDir(remote, version);
  if (dir) {
    try {
      return await readFile(path.join(dir, 'mf-manifest.json'));
    } catch (error) {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')
        return null;
      throw error;
    }
  }
  return (await folders.readFile?.(remote, version, 'mf-manifest.json')) ?? null;
}

/**
 * The exposes of a remote's mf-manifest.json that name their files; nothing when it is missing or
 * unreadable. A version's manifest comes from its build: one of another shape must cost the page
 * its preloads, never the page.
 */
function parseExposes(bytes: Buffer | null): ManifestExpose[] {
  if (!bytes) return [];
  try {
    const manifest: unknown = JSON.parse(bytes.toString('utf8'));
    const exposes =
      typeof manifest === 'object' && manifest !== null ? Reflect.get(manifest, 'exposes') : null;
    return Array.isArray(exposes) ? exposes.filter(isExpose) : [];
  } catch {
    return [];
  }
}

export async function sitePlugin(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const root = path.resolve(options.root);
  const shellDist = path.join(root, 'shell', 'dist');
  const folders =
    options.folders ??
    remoteFolders(root, path.resolve(options.releasesDir ?? path.join(root, RELEASES_SUBDIR)));
  const exposesOf = manifestExposes(folders, builtInVersionOf(root));
  const registryOf = (request: FastifyRequest, reply: FastifyReply) =>
    options.registry ? options.registry.forPage(request, reply) : Promise.resolve(builtInRegistry(root));
  const loadStartupSafely = async (): Promise<StartupContent | null> => {
    if (!options.loadStartup) return null;
    try {
      return await options.loadStartup();
    } catch (error) {
      app.log.warn({ err: error }, 'startup content not inlined; the shell will fetch it');
      return null;
    }
  };
  // The first screen reads this app's own API, so its answers are the very ones the page's
  // client would get (same routes, same serialisation), under the addresses it would ask.
  const readAnswer: ReadAnswer = async (path, address) => {
    const response = await app.inject({ method: 'GET', url: `${API_PREFIX}/${address}` });
    // Only a 404 means "no such thing" (an unknown product gets noindex); anything else (a
    // database away) sends the bare shell, so a crawl during an outage drops no product.
    if (response.statusCode === 404) return null;
    if (response.statusCode !== 200) throw new Error(`GET ${address} answered ${response.statusCode}`);
    const body: unknown = response.json();
    if (!isRecord(body) || body.status !== true) return null;
    const { data } = body;
    return isAnswerOf(path, data) ? data : null;
  };
  const publicUrl = (request: FastifyRequest) =>
    (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  const firstScreenSafely = async (
    request: FastifyRequest,
    pathname: string,
    startup: StartupContent | null,
  ): Promise<FirstScreen | null> => {
    if (options.firstScreen === false) return null;
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    try {
      return await firstScreenOf(pathname, search, {
        read: readAnswer,
        startup,
        publicUrl: publicUrl(request),
      });
    } catch (error) {
      // A database away: the page goes out as the bare shell, which asks the API itself.
      app.log.warn({ err: error }, 'first screen not rendered; the page goes out without it');
      return null;
    }
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const indexFile = path.join(shellDist, 'index.html');
    if (!(await isFile(indexFile)))
      throw AppError.notFound('The shop is not built yet: run `npm run build`.');
    const intercepted = await options.registry?.intercept(request, reply);
    if (intercepted) return intercepted;
    const registry = await registryOf(request, reply);
    const pathname = request.url.split('?')[0] ?? '/';
    const [startup, assets] = await Promise.all([
      loadStartupSafely(),
      moduleAssetLinks(exposesOf, registry, pathname),
    ]);
    const screen = await firstScreenSafely(request, pathname, startup);
    const remotePreloads = `${preloadLinks(registry, pathname)}${assets}`;
    // A page the server painted: its largest picture first and alone (the first screen's
    // answers are inline: of its content only the picture is to fetch), the scripts asked for
    // once it is painted (paintFirst). Without a first screen the scripts paint the page: they
    // go first.
    const painted = Boolean(screen?.main);
    const preloads = painted ? '' : `${imagePreload(screen?.image ?? null)}${remotePreloads}`;
    const startupScript = startup ? `<script>window.__SHOP_STARTUP__=${scriptJson(startup)}</script>` : '';
    const index = await readFile(indexFile, 'utf8');
    const shell = inlineRegistry(
      painted ? paintFirst(index, screen?.image ?? null, remotePreloads) : index,
      registry,
    ).replace('</head>', () => `${startupScript}${preloads}</head>`);
    const html = screen ? withFirstScreen(shell, screen, { address: request.url, at: Date.now() }) : shell;
    const nonce = newNonce();
    return reply
      .header('cache-control', PER_SHOPPER)
      .header('vary', 'Cookie')
      .header('content-security-policy', pageContentSecurityPolicy(nonce, registry))
      .headers(PAGE_HEADERS)
      .type('text/html; charset=utf-8')
      .send(withNonce(html, nonce));
  };

  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', PER_SHOPPER)
      .header('vary', 'Cookie')
      .send(await registryOf(request, reply)),
  );

  // Every retained version of every remote (also when a remote has an origin of its own: a tab
  // that loaded it from here before keeps working).
  await app.register(remoteFilesPlugin, { root, releasesDir: options.releasesDir, folders });

  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      throw AppError.badRequest('The address is not valid percent-encoding.');
    }
    if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
      throw AppError.notFound(`Route ${request.method} ${pathname} not found.`);
    }
    const relative = pathname.replace(/^\/+/, '');
    if (relative === '' || relative === 'index.html') return sendIndex(request, reply);
    const file = inside(shellDist, relative);
    if (file && relative === SERVICE_WORKER_FILE && (await isFile(file))) {
      // A worker's own fetches obey the policy its script came with, not the page's.
      reply.header(
        'content-security-policy',
        serviceWorkerContentSecurityPolicy(options.registry?.origins() ?? []),
      );
      return sendStaticFile(request, reply, file, NO_CACHE);
    }
    if (file && (await isFile(file))) return sendStaticFile(request, reply, file, cacheControlFor(file));
    // A client-side route (/product/some-slug, /member/orders): the shell's router handles it.
    if (path.extname(relative) === '') return sendIndex(request, reply);
    throw AppError.notFound(`No file ${pathname}.`);
  };
  app.get('/', { schema: { hide: true } }, shell);
  app.get('/*', { schema: { hide: true } }, shell);
}
