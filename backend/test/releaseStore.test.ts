/**
 * The folder release store keeps every published version whole and never overwrites one: a
 * version is `<packageVersion>-<contentHash>`, the same build published twice is one version
 * ("exists"), and no remote, version or file name reaches outside the store. Real folders in a
 * temp dir, no mocked fs.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { RemoteName } from '@shop/contract';
import {
  builtInDir,
  builtInVersion,
  type FolderReleaseStore,
  ReleaseRefused,
} from '../src/modules/remotes/releaseStore';
import { minuteStore, tempDir, writeRemoteBuild } from './releaseFixtures';

const REPO_ROOT = path.resolve(__dirname, '../..');
const VERSION_NAME = /^0\.1\.0-[0-9a-f]{10}$/;
/** The chunk writeRemoteBuild writes by default. */
const HOME_CHUNK = 'export const page = "home";\n';

let temp: ReturnType<typeof tempDir>;
let store: FolderReleaseStore;
beforeEach(() => {
  temp = tempDir('release-store');
  store = minuteStore(path.join(temp.dir, 'releases'));
});
afterEach(() => temp.cleanup());

const build = (name: string, chunk?: string) => writeRemoteBuild(path.join(temp.dir, name), { chunk });

describe('FolderReleaseStore.publish', () => {
  it('stores a build as <packageVersion>-<contentHash> with its release.json, and serves its files', async () => {
    const dir = build('build');
    const { version, state, descriptor } = await store.publish('catalog', dir);

    expect(state).toBe('published');
    expect(version).toMatch(VERSION_NAME);
    const entry = readFileSync(path.join(dir, 'remoteEntry.js'));
    expect(descriptor).toMatchObject({
      remote: 'catalog',
      version,
      packageVersion: '0.1.0',
      contentHash: version.slice('0.1.0-'.length),
      publishedAt: '2026-11-27T04:01:00.000Z',
      integrity: { 'remoteEntry.js': `sha384-${createHash('sha384').update(entry).digest('base64')}` },
      files: 7,
    });
    expect(await store.descriptor('catalog', version)).toEqual(descriptor);
    expect(await store.versions('catalog')).toEqual([version]);
    expect(await store.readFile('catalog', version, 'remoteEntry.js')).toEqual(entry);
    expect((await store.readFile('catalog', version, 'images/logo.svg'))?.toString()).toContain('<svg');
    expect(await store.readFile('catalog', version, 'missing.js')).toBeNull();
    expect(await store.localDir('catalog', version)).toBe(path.join(store.dir, 'catalog', version));
  });

  it('answers "exists" for the same content published again, and leaves the first copy as it was', async () => {
    const first = await store.publish('catalog', build('first'));
    // A rebuild of the same code: new stamp and precompressed bytes, same files.
    const again = build('again');
    writeFileSync(path.join(again, '.build-stamp'), 'another build time');
    writeFileSync(path.join(again, '875.13cbf8c1.js.gz'), gzipSync(HOME_CHUNK, { level: 1 }));
    const second = await store.publish('catalog', again);

    expect(second).toEqual({ version: first.version, state: 'exists', descriptor: first.descriptor });
    const stored = await store.readFile('catalog', first.version, '875.13cbf8c1.js.gz');
    expect(stored).toEqual(gzipSync(HOME_CHUNK));
    expect(readdirSync(path.join(store.dir, 'catalog'))).toEqual([first.version]);
  });

  it('stores a changed build as a new version beside the old one, newest first', async () => {
    const old = await store.publish('catalog', build('old'));
    const next = await store.publish('catalog', build('next', 'export const page = "new home";\n'));
    expect(next.version).not.toBe(old.version);
    expect(await store.versions('catalog')).toEqual([next.version, old.version]);
    expect(await store.descriptor('catalog', old.version)).toEqual(old.descriptor);
  });

  it('never overwrites a version folder that is already there, even one whose files were changed', async () => {
    const { version } = await store.publish('catalog', build('build'));
    const entry = path.join(store.dir, 'catalog', version, 'remoteEntry.js');
    writeFileSync(entry, 'var catalog = "changed by hand";');
    expect((await store.publish('catalog', build('build-again'))).state).toBe('exists');
    expect(readFileSync(entry, 'utf8')).toBe('var catalog = "changed by hand";');
  });

  it('publishes one version when two publishes of the same build race', async () => {
    const dir = build('build');
    const results = await Promise.all([store.publish('catalog', dir), store.publish('catalog', dir)]);
    expect(results.map((result) => result.state).sort()).toEqual(['exists', 'published']);
    expect(readdirSync(path.join(store.dir, 'catalog'))).toEqual([results[0]?.version]);
  });

  it('refuses a folder that is no release, and leaves nothing behind', async () => {
    const dir = writeRemoteBuild(path.join(temp.dir, 'broken'), { remoteEntry: null });
    await expect(store.publish('catalog', dir)).rejects.toThrow(
      new ReleaseRefused('catalog the new build is refused: it has no remoteEntry.js.'),
    );
    await expect(store.publish('catalog', path.join(temp.dir, 'nowhere'))).rejects.toBeInstanceOf(
      ReleaseRefused,
    );
    expect(
      existsSync(path.join(store.dir, 'catalog')) ? readdirSync(path.join(store.dir, 'catalog')) : [],
    ).toEqual([]);
  });

  it('refuses a build holding a link, which could copy files from outside it', async () => {
    const dir = build('linked');
    symlinkSync('/etc/passwd', path.join(dir, 'passwd.js'));
    await expect(store.publish('catalog', dir)).rejects.toThrow(
      /passwd\.js .* is not a plain file or folder/,
    );
  });

  it('refuses precompressed copies that do not decompress to their file (stale, altered, or alone)', async () => {
    const refusedFor = async (name: string, change: (dir: string) => void) => {
      const dir = build(name);
      change(dir);
      return store.publish('catalog', dir).then(
        () => 'published',
        (error: unknown) => (error instanceof ReleaseRefused ? error.message : String(error)),
      );
    };
    expect(
      await refusedFor('stale-gz', (dir) =>
        writeFileSync(path.join(dir, '875.13cbf8c1.js.gz'), gzipSync('export const page = "old";\n')),
      ),
    ).toMatch(/875\.13cbf8c1\.js\.gz does not decompress to 875\.13cbf8c1\.js/);
    expect(
      await refusedFor('stale-br', (dir) =>
        writeFileSync(path.join(dir, '875.13cbf8c1.js.br'), brotliCompressSync('tampered')),
      ),
    ).toMatch(/875\.13cbf8c1\.js\.br does not decompress to 875\.13cbf8c1\.js/);
    expect(
      await refusedFor('garbage-gz', (dir) =>
        writeFileSync(path.join(dir, '875.13cbf8c1.js.gz'), 'not gzip'),
      ),
    ).toMatch(/875\.13cbf8c1\.js\.gz does not decompress/);
    expect(
      await refusedFor('orphan-br', (dir) =>
        writeFileSync(path.join(dir, 'gone.js.br'), brotliCompressSync('var gone;')),
      ),
    ).toMatch(/gone\.js\.br has no gone\.js beside it/);
    expect(
      await refusedFor('good-br', (dir) =>
        writeFileSync(path.join(dir, '875.13cbf8c1.js.br'), brotliCompressSync(HOME_CHUNK)),
      ),
    ).toBe('published');
  });

  it('refuses a name that is not a remote', async () => {
    await expect(store.publish('../catalog' as RemoteName, build('build'))).rejects.toThrow(
      '"../catalog" is not a remote of the shop',
    );
  });
});

describe('FolderReleaseStore paths', () => {
  it('reads nothing outside a version folder, whatever the remote, version or file name', async () => {
    const { version } = await store.publish('catalog', build('build'));
    writeFileSync(path.join(temp.dir, 'secret.txt'), 'secret');
    const attempts: [string, string, string][] = [
      ['catalog', version, '../../../secret.txt'],
      ['catalog', version, '/etc/passwd'],
      ['catalog', version, 'images/../../../../secret.txt'],
      ['catalog', version, 'remoteEntry.js\0.txt'],
      ['catalog', '..', 'secret.txt'],
      ['catalog', '../..', 'secret.txt'],
      ['..', '..', 'secret.txt'],
      ['catalog/..', version, 'remoteEntry.js'],
    ];
    for (const [remote, name, file] of attempts) {
      expect(await store.readFile(remote as RemoteName, name, file)).toBeNull();
    }
    expect(await store.localDir('catalog', '..')).toBeNull();
    expect(await store.descriptor('catalog', '../catalog')).toBeNull();
    expect(await store.versions('..' as RemoteName)).toEqual([]);
  });

  it('does not follow a link planted inside a version folder', async () => {
    const { version } = await store.publish('catalog', build('build'));
    symlinkSync(
      path.join(temp.dir, 'build/remoteEntry.js'),
      path.join(store.dir, 'catalog', version, 'planted.js'),
    );
    expect(await store.readFile('catalog', version, 'planted.js')).toBeNull();
  });

  it('removes a version whole, and nothing for a name that is not a version', async () => {
    const kept = await store.publish('catalog', build('kept'));
    const gone = await store.publish('catalog', build('gone', 'export const page = "gone";\n'));
    await store.remove('catalog', '..');
    await store.remove('catalog', 'never-published');
    await store.remove('catalog', gone.version);
    expect(await store.versions('catalog')).toEqual([kept.version]);
    expect(readdirSync(path.join(store.dir, 'catalog'))).toEqual([kept.version]);
  });

  it('retires a version at once (one rename: no longer listed nor read), its files deleted by remove', async () => {
    const kept = await store.publish('catalog', build('kept'));
    const gone = await store.publish('catalog', build('gone', 'export const page = "gone";\n'));
    await store.retire('catalog', gone.version);
    expect(await store.versions('catalog')).toEqual([kept.version]);
    expect(await store.descriptor('catalog', gone.version)).toBeNull();
    expect(await store.readFile('catalog', gone.version, 'remoteEntry.js')).toBeNull();
    const left = readdirSync(path.join(store.dir, 'catalog')).filter((name) => name !== kept.version);
    expect(left).toEqual([expect.stringMatching(new RegExp(`^\\.removing-${gone.version}-`))]);
    await store.remove('catalog', gone.version);
    expect(readdirSync(path.join(store.dir, 'catalog'))).toEqual([kept.version]);
  });

  it('deletes the temporary folder of a publish that died long ago, not one under way', async () => {
    const remoteDir = path.join(store.dir, 'catalog');
    mkdirSync(path.join(remoteDir, '.incoming-died'), { recursive: true });
    mkdirSync(path.join(remoteDir, '.removing-died'));
    mkdirSync(path.join(remoteDir, '.incoming-under-way'));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(remoteDir, '.incoming-died'), twoHoursAgo, twoHoursAgo);
    utimesSync(path.join(remoteDir, '.removing-died'), twoHoursAgo, twoHoursAgo);

    const { version } = await store.publish('catalog', build('build'));
    expect(readdirSync(remoteDir).sort()).toEqual(['.incoming-under-way', version]);
  });

  it('lists no folder without a release.json as a version (a publish that never finished)', async () => {
    const { version } = await store.publish('catalog', build('build'));
    mkdirSync(path.join(store.dir, 'catalog', '0.1.0-halfdone00'));
    mkdirSync(path.join(store.dir, 'catalog', '.incoming-abc'));
    expect(await store.versions('catalog')).toEqual([version]);
  });
});

describe('release.json', () => {
  it('makes a folder no version unless it has every field of the contract (publishedAt missing, a wrong type)', async () => {
    const { version, descriptor } = await store.publish('catalog', build('build'));
    const other = await store.publish('catalog', build('other', 'export const other = 1;\n'));
    const rewrite = (name: string, value: unknown) => {
      const file = path.join(store.dir, 'catalog', name, 'release.json');
      chmodSync(file, 0o644);
      writeFileSync(file, JSON.stringify(value));
    };
    const { publishedAt: _dropped, ...withoutDate } = descriptor;
    rewrite(version, withoutDate);
    rewrite(other.version, { ...other.descriptor, files: 'many' });
    expect(await store.versions('catalog')).toEqual([]);
    expect(await store.descriptor('catalog', version)).toBeNull();
    expect(await store.localDir('catalog', version)).toBeNull();
  });
});

describe('built-in version', () => {
  it('is each remote’s own dist, named by its package.json version', () => {
    expect(builtInDir(REPO_ROOT, 'cart_checkout')).toBe(path.join(REPO_ROOT, 'mfe-cart-checkout', 'dist'));
    const packageJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mfe-catalog/package.json'), 'utf8'));
    expect(builtInVersion(REPO_ROOT, 'catalog')).toBe(packageJson.version);
  });
});
