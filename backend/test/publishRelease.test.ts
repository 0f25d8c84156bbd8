/**
 * `npm run release -- <remote>` (backend/scripts/publishRelease.ts) on a repository of its own in
 * a temp dir: it builds the remote alone (and the shell only when none is built), checks it against
 * the shell, publishes it, and answers a refusal with the reason. The build step writes real build
 * folders (releaseFixtures); webpack itself is scripts/build.mjs's, run by the e2e suite.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publishRelease, type ReleaseRequest, remoteOf } from '../scripts/publishRelease';
import { FolderReleaseStore } from '../src/modules/remotes/releaseStore';
import { tempDir, writeRemoteBuild, writeShellBuild } from './releaseFixtures';

let temp: ReturnType<typeof tempDir>;
let built: string[][];
let request: ReleaseRequest;

/** A build step writing the fixture build of each app folder it is asked for. */
async function buildApps(dirs: string[]): Promise<void> {
  built.push(dirs);
  for (const dir of dirs) {
    if (dir === 'shell') writeShellBuild(temp.dir);
    else writeRemoteBuild(path.join(temp.dir, dir, 'dist'), { remote: remoteOf(dir) ?? 'catalog' });
  }
}

beforeEach(() => {
  temp = tempDir('release-command');
  built = [];
  mkdirSync(path.join(temp.dir, 'mfe-catalog'), { recursive: true });
  writeFileSync(path.join(temp.dir, 'mfe-catalog/package.json'), JSON.stringify({ version: '0.3.0' }));
  request = {
    root: temp.dir,
    releasesDir: path.join(temp.dir, 'releases'),
    remote: 'catalog',
    build: true,
    buildApps,
  };
});
afterEach(() => temp.cleanup());

describe('npm run release', () => {
  it('builds the remote alone, checks it and publishes it, saying the version, its size and the time taken', async () => {
    writeShellBuild(temp.dir);
    const outcome = await publishRelease(request);
    if (!outcome.ok) throw new Error(outcome.reason);

    expect(built).toEqual([['mfe-catalog']]);
    expect(outcome.state).toBe('published');
    expect(outcome.summary).toMatch(
      new RegExp(`^catalog ${outcome.version} published: \\d+\\.\\d MiB in 7 files, \\d+\\.\\d s$`),
    );
    const store = new FolderReleaseStore(request.releasesDir);
    expect(await store.versions('catalog')).toEqual([outcome.version]);
  });

  it('builds the shell first when none is built to check against', async () => {
    const outcome = await publishRelease(request);
    expect(outcome.ok).toBe(true);
    expect(built).toEqual([['shell', 'mfe-catalog']]);
  });

  it('publishes a folder built elsewhere (--from) or the existing dist (--no-build) without building', async () => {
    writeShellBuild(temp.dir);
    const artifact = writeRemoteBuild(path.join(temp.dir, 'ci-artifact'), {
      chunk: 'export const ci = 1;\n',
    });
    const fromCi = await publishRelease({ ...request, from: artifact });
    writeRemoteBuild(path.join(temp.dir, 'mfe-catalog/dist'));
    const existing = await publishRelease({ ...request, build: false });

    expect(built).toEqual([]);
    expect(fromCi).toMatchObject({ ok: true, state: 'published' });
    expect(existing).toMatchObject({ ok: true, state: 'published' });
    const again = await publishRelease({ ...request, from: artifact });
    expect(again).toMatchObject({ ok: true, state: 'exists' });
    expect(again.ok && again.summary).toContain('already published (same content)');
  });

  it('refuses a build the checks refuse, with the reason naming the remote and the build, and publishes nothing', async () => {
    writeShellBuild(temp.dir, { busContractVersion: 99 });
    const outcome = await publishRelease(request);
    expect(outcome).toEqual({
      ok: false,
      reason:
        'catalog 0.3.0 (built in mfe-catalog/dist) is refused: it was built against bus contract 2, the shell speaks bus contract 99.',
    });
    expect(await new FolderReleaseStore(request.releasesDir).versions('catalog')).toEqual([]);
  });

  it.each([
    ['catalog', 'catalog'],
    ['mfe-cart-checkout', 'cart_checkout'],
    ['mfe-member/', 'member'],
    ['shell', null],
    ['../catalog', null],
  ])('reads the remote named %s as %s', (name, remote) => {
    expect(remoteOf(name)).toBe(remote);
  });
});
