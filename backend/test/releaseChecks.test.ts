/**
 * The release checks refuse, with one sentence naming the remote, the version and what is wrong,
 * every build the shell cannot run; a good build is accepted with the facts release.json records
 * and the SRI hash of its remoteEntry.js. Builds are real folders written to a temp dir.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@shop/contract';
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { FIRST_SCREEN_PROBES } from '@shop/contract/listing';
import { firstScreenAddresses } from '../src/delivery/firstScreen';
import {
  addressKey,
  checkRelease,
  firstScreenProbesOf,
  folderReader,
  type ReleaseCheck,
  requiredExposes,
  type ShellFacts,
  shellFacts,
} from '../src/modules/remotes/releaseChecks';
import { satisfiesRange } from '../src/modules/remotes/versionRange';
import {
  type BuildOptions,
  SHELL_SHARED,
  singletons,
  takingOverReads,
  tempDir,
  writeRemoteBuild,
  writeShellBuild,
} from './releaseFixtures';

const REPO_ROOT = path.resolve(__dirname, '../..');

/** The .ts/.tsx files under the repository's folders `dirs`, tests left out. */
function sourceFiles(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(REPO_ROOT, dir, file)),
  );
}
const SHELL: ShellFacts = { busContractVersion: BUS_CONTRACT_VERSION, shared: SHELL_SHARED };
const VERSION = '0.2.0-3fa9c2d1e0';

let temp: ReturnType<typeof tempDir>;
let builds = 0;
beforeEach(() => {
  temp = tempDir('release-checks');
});
afterEach(() => temp.cleanup());

/** Writes a build with `options` and runs the checks on it against `shell`. */
function check(options: BuildOptions = {}, shell: ShellFacts = SHELL): Promise<ReleaseCheck> {
  builds += 1;
  const dir = writeRemoteBuild(path.join(temp.dir, `build-${builds}`), options);
  return checkRelease(folderReader(dir), options.remote ?? 'catalog', shell, VERSION);
}

async function refusal(options: BuildOptions, shell: ShellFacts = SHELL): Promise<string> {
  const result = await check(options, shell);
  if (result.ok) throw new Error('the build was accepted');
  return result.reason;
}

describe('checkRelease', () => {
  it('accepts a good build, with its exposes, shared singletons, bus contract and the sha384 of remoteEntry.js', async () => {
    const result = await check({ packageVersion: '0.2.0' });
    if (!result.ok) throw new Error(result.reason);
    const entry = readFileSync(path.join(temp.dir, `build-${builds}`, 'remoteEntry.js'));
    expect(result.facts).toEqual({
      packageVersion: '0.2.0',
      busContractVersion: BUS_CONTRACT_VERSION,
      exposes: requiredExposes('catalog'),
      shared: singletons().sort((a, b) => a.name.localeCompare(b.name)),
      integrity: { 'remoteEntry.js': `sha384-${createHash('sha384').update(entry).digest('base64')}` },
    });
  });

  it('refuses a build without remoteEntry.js', async () => {
    expect(await refusal({ remoteEntry: null })).toBe(
      `catalog ${VERSION} is refused: it has no remoteEntry.js.`,
    );
  });

  it('refuses a remoteEntry.js that does not parse as JavaScript (parsed, never run)', async () => {
    const reason = await refusal({ remoteEntry: 'var catalog = {; globalThis.ran = true;' });
    expect(reason).toMatch(
      /^catalog 0\.2\.0-3fa9c2d1e0 is refused: its remoteEntry\.js does not parse as JavaScript \(.+\)\.$/,
    );
    expect('ran' in globalThis).toBe(false);
  });

  it('refuses a build without mf-manifest.json, or with one that is not JSON', async () => {
    expect(await refusal({ manifest: null })).toBe(
      `catalog ${VERSION} is refused: it has no mf-manifest.json.`,
    );
    expect(await refusal({ manifest: '{"name": "catalog",' })).toMatch(
      /^catalog 0\.2\.0-3fa9c2d1e0 is refused: its mf-manifest\.json is not JSON \(.+\)\.$/,
    );
  });

  it('refuses another remote’s build published under this name', async () => {
    const dir = writeRemoteBuild(path.join(temp.dir, 'member'), { remote: 'member' });
    const result = await checkRelease(folderReader(dir), 'catalog', SHELL, VERSION);
    expect(result).toEqual({
      ok: false,
      reason: `catalog ${VERSION} is refused: its mf-manifest.json names the remote "member", not "catalog".`,
    });
  });

  it('refuses a build that no longer exposes a module the shell or another remote loads', async () => {
    const exposes = requiredExposes('catalog').filter((name) => name !== 'SearchBox');
    expect(await refusal({ exposes })).toBe(
      `catalog ${VERSION} is refused: it does not expose SearchBox, which the shell's routes, fragments or other remotes load.`,
    );
    const authExposes = requiredExposes('auth').filter((name) => name !== 'GuestCheckoutPanel');
    expect(await refusal({ remote: 'auth', exposes: authExposes })).toContain(
      'does not expose GuestCheckoutPanel',
    );
  });

  it('refuses a build made against another bus contract major, and one declaring none', async () => {
    expect(await refusal({ busContractVersion: BUS_CONTRACT_VERSION - 1 })).toBe(
      `catalog ${VERSION} is refused: it was built against bus contract ${BUS_CONTRACT_VERSION - 1}, the shell speaks bus contract ${BUS_CONTRACT_VERSION}.`,
    );
    expect(await refusal({ shopBuild: false })).toBe(
      `catalog ${VERSION} is refused: it has no shop-build.json (built before builds declared their bus contract).`,
    );
    expect(await refusal({ busContractVersion: 'two' })).toBe(
      `catalog ${VERSION} is refused: its shop-build.json declares no bus contract version (got "two").`,
    );
  });

  it('refuses a shared singleton the shell’s copy cannot satisfy, or that the shell does not provide', async () => {
    const oldReact = singletons().map((entry) =>
      entry.name === 'react' ? { ...entry, version: '18.3.1', requiredVersion: '^18.2.0' } : entry,
    );
    expect(await refusal({ shared: oldReact })).toBe(
      `catalog ${VERSION} is refused: it requires the singleton react ^18.2.0, the shell provides 19.3.1.`,
    );
    const extra = [
      ...singletons(),
      { name: 'rxjs', version: '7.8.2', requiredVersion: '^7.8.0', singleton: true },
    ];
    expect(await refusal({ shared: extra })).toBe(
      `catalog ${VERSION} is refused: it shares the singleton rxjs, which the shell does not provide.`,
    );
  });

  it('accepts a shared module that is not a singleton whatever the shell has (the remote may bring its own)', async () => {
    const own = [
      ...singletons(),
      { name: 'react-slick', version: '0.31.0', requiredVersion: '^0.31.0', singleton: false },
    ];
    expect((await check({ shared: own })).ok).toBe(true);
  });

  it('accepts a singleton range the shell’s version satisfies', async () => {
    const ranged = singletons().map((entry) =>
      entry.name === 'react' ? { ...entry, requiredVersion: '^19.0.0' } : entry,
    );
    expect((await check({ shared: ranged })).ok).toBe(true);
  });
});

describe('checkRelease: the server’s first screen taken over', () => {
  const reads = takingOverReads('catalog') ?? {};
  const listingProbe = FIRST_SCREEN_PROBES.find((probe) => probe.page.startsWith('/products?'));
  if (!listingProbe) throw new Error('the probes have no filtered listing');

  it('accepts a catalog whose pages read every answer the server inlines, in any order of the query', async () => {
    const reordered = Object.fromEntries(
      Object.entries(reads).map(([page, addresses]) => [
        page,
        [
          'exclusive-products',
          ...addresses.map((address) => {
            const [path, search = ''] = address.split('?');
            const params = [...new URLSearchParams(search)].reverse();
            return params.length > 0 ? `${path}?${new URLSearchParams(params)}` : address;
          }),
        ],
      ]),
    );
    expect((await check({ firstScreenReads: reordered })).ok).toBe(true);
  });

  it('refuses a catalog whose listing asks another page size than the server inlined', async () => {
    const [inlined = ''] = firstScreenAddresses(listingProbe.page, 0);
    const otherSize = inlined.replace(/per-page=\d+/, 'per-page=24');
    expect(otherSize).not.toBe(inlined);
    expect(await refusal({ firstScreenReads: { ...reads, [listingProbe.page]: [otherSize] } })).toBe(
      `catalog ${VERSION} is refused: it would not take over the server's first screen of ${listingProbe.page}: its pages do not read ${inlined} (they read ${otherSize}).`,
    );
  });

  it('refuses a catalog whose product page reads its gallery by slug, and one whose home page reads no deal', async () => {
    const product = FIRST_SCREEN_PROBES.find((probe) => probe.productId !== undefined);
    if (!product) throw new Error('the probes have no product page');
    const bySlug = [
      'products/by-slug/oak-box',
      'products/gallery/oak-box',
      `products/grouped-products/${product.productId}`,
    ];
    expect(await refusal({ firstScreenReads: { ...reads, [product.page]: bySlug } })).toBe(
      `catalog ${VERSION} is refused: it would not take over the server's first screen of ${product.page}: its pages do not read products/gallery/${product.productId} (they read ${bySlug.join(', ')}).`,
    );
    expect(await refusal({ firstScreenReads: { ...reads, '/': ['hero-slides'] } })).toContain(
      'its pages do not read deals-of-the-day (they read hero-slides)',
    );
  });

  it('refuses a catalog that declares no reads, or none for a probe page', async () => {
    expect(await refusal({ firstScreenReads: null })).toBe(
      `catalog ${VERSION} is refused: its shop-build.json declares no first-screen reads (built before builds declared them), so nothing shows it takes over the server's first screen.`,
    );
    const { '/products': _dropped, ...withoutListing } = reads;
    expect(await refusal({ firstScreenReads: withoutListing })).toBe(
      `catalog ${VERSION} is refused: its shop-build.json declares no first-screen reads for /products.`,
    );
  });

  it('asks it of the catalog only: the other remotes paint no first screen of the server', async () => {
    expect(Object.keys(reads).sort()).toEqual(FIRST_SCREEN_PROBES.map((probe) => probe.page).sort());
    for (const remote of ['cart_checkout', 'member', 'auth'] as const) {
      expect(firstScreenProbesOf(remote)).toEqual([]);
      expect((await check({ remote, firstScreenReads: null })).ok).toBe(true);
    }
  });

  it('keys addresses as the data cache does: the query’s names sorted', () => {
    expect(addressKey('products?sort=low-to-high&per-page=20&f=%7B%7D')).toBe(
      'products?f=%7B%7D&per-page=20&sort=low-to-high',
    );
    expect(addressKey('hero-slides')).toBe('hero-slides');
  });
});

describe('requiredExposes', () => {
  it('lists what the shell’s routes, its frame and the other remotes load from each remote', () => {
    expect(requiredExposes('catalog')).toEqual([
      'ContactPage',
      'ContentPage',
      'HomePage',
      'ProductListPage',
      'ProductPage',
      'SearchBox',
      'SiteMapMenu',
    ]);
    expect(requiredExposes('auth')).toEqual(
      expect.arrayContaining(['AuthModals', 'GuestCheckoutPanel', 'LoginPage', 'UserMenu']),
    );
    expect(requiredExposes('member')).toEqual(['MemberArea', 'NotificationsButton']);
  });

  it('covers every module a RemoteSlot mounts by name, in the shell or in any remote', () => {
    const mounted = sourceFiles([
      'shell/src',
      'mfe-catalog/src',
      'mfe-cart-checkout/src',
      'mfe-member/src',
      'mfe-auth/src',
    ])
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/<RemoteSlot module="([a-z_]+)\/(\w+)"/g)])
      .map(([, remote, name]) => ({ remote, name }));
    expect(mounted.length).toBeGreaterThan(5);
    for (const { remote, name } of mounted) {
      expect(requiredExposes(remote as RemoteName)).toContain(name);
    }
  });

  it.each([
    ['catalog', 'mfe-catalog'],
    ['cart_checkout', 'mfe-cart-checkout'],
    ['member', 'mfe-member'],
    ['auth', 'mfe-auth'],
  ] as const)('is exposed by the %s remote’s own federation config', (remote, folder) => {
    const config = readFileSync(path.join(REPO_ROOT, folder, 'module-federation.config.mjs'), 'utf8');
    const exposed = [...config.matchAll(/'\.\/([A-Za-z]+)':/g)].map((match) => match[1]);
    expect(exposed).toEqual(expect.arrayContaining(requiredExposes(remote)));
  });
});

describe('shellFacts', () => {
  it('reads the shared versions and the bus contract of the built shell', async () => {
    const root = writeShellBuild(temp.dir, { busContractVersion: 3 });
    expect(await shellFacts(root)).toEqual({ busContractVersion: 3, shared: SHELL_SHARED });
  });

  it('takes this checkout’s bus contract for a shell built before builds declared theirs', async () => {
    const root = writeShellBuild(temp.dir, { busContractVersion: null });
    expect((await shellFacts(root)).busContractVersion).toBe(BUS_CONTRACT_VERSION);
  });

  it('throws when no shell is built, rather than check against nothing', async () => {
    await expect(shellFacts(temp.dir)).rejects.toThrow(/shell\/dist\/mf-manifest\.json is missing/);
    writeShellBuild(temp.dir);
    writeFileSync(path.join(temp.dir, 'shell/dist/mf-manifest.json'), '{"shared": 3}');
    await expect(shellFacts(temp.dir)).rejects.toThrow(/no readable shared list/);
  });
});

describe('satisfiesRange', () => {
  it.each([
    ['19.3.1', '19.3.1', true],
    ['19.3.2', '19.3.1', false],
    ['19.3.1', '^19.0.0', true],
    ['20.0.0', '^19.0.0', false],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['19.3.9', '~19.3.1', true],
    ['19.4.0', '~19.3.1', false],
    ['19.3.1', '*', true],
    ['19.3.1', '', true],
    ['19.3.1', '19.x', true],
    ['19.3.1', '>=18.2.0 <20', true],
    ['20.0.0', '>=18.2.0 <20', false],
    ['19.3.1', '^18.2.0 || ^19.0.0', true],
    ['19.3.1', '>= 19.0.0', true],
  ])('%s satisfies "%s": %s', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected);
  });

  it.each([
    ['19.3.1', 'latest'],
    ['19.3.1', '1.0.0 - 2.0.0'],
    ['next', '^19.0.0'],
  ])('cannot read %s against "%s" (null, so the checks refuse by name)', (version, range) => {
    expect(satisfiesRange(version, range)).toBeNull();
  });
});
