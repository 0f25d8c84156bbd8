import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE, NO_CACHE, remoteFolders } from '../src/delivery/remoteFiles';
import { buildRemoteOrigin, REMOTE_ORIGIN_HEALTH } from '../src/delivery/remoteOrigin';
import { manifestExposes, moduleAssetLinks, preloadLinks, servedVersion } from '../src/delivery/site';
import { descriptorJson } from './releaseFixtures';

/** A fake repository root: catalog's running build (1.2.3), one published release, and auth. */
function makeRoot(): { root: string; releasesDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-remote-origin-'));
  const releasesDir = path.join(root, 'releases');
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write('mfe-catalog/package.json', JSON.stringify({ name: 'mfe-catalog', version: '1.2.3' }));
  write('mfe-catalog/dist/remoteEntry.js', 'var catalog = "built-in";');
  write('mfe-catalog/dist/remoteEntry.js.gz', gzipSync('var catalog = "built-in";'));
  write('mfe-catalog/dist/home.1a2b3c4d.js', 'export const home = 1;');
  write('mfe-catalog/dist/fonts/shop.woff2', 'wOF2');
  write(
    'mfe-catalog/dist/mf-manifest.json',
    JSON.stringify({
      exposes: [
        {
          name: 'HomePage',
          assets: { js: { sync: ['home.1a2b3c4d.js'] }, css: { sync: ['home.9f8e7d6c.css'] } },
        },
      ],
    }),
  );
  write('secret.txt', 'outside every remote');
  write('releases/catalog/1.2.2-3fa9c2d1e0/remoteEntry.js', 'var catalog = "published";');
  write('releases/catalog/1.2.2-3fa9c2d1e0/release.json', descriptorJson('catalog', '1.2.2-3fa9c2d1e0'));
  // A publish still copying: no release.json yet, so no version.
  write('releases/catalog/1.2.4-0123456789/remoteEntry.js', 'var catalog = "half copied";');
  write('mfe-auth/package.json', JSON.stringify({ name: 'mfe-auth', version: '0.1.0' }));
  write('mfe-auth/dist/remoteEntry.js', 'var auth = {};');
  return { root, releasesDir };
}

describe("a remote's own origin (scripts/serve-remote.ts)", () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    const made = makeRoot();
    root = made.root;
    app = await buildRemoteOrigin({ root, remote: 'catalog', releasesDir: made.releasesDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('serves the built-in version as its package.json version, and every published one', async () => {
    const builtIn = await get('/mfe/catalog/1.2.3/remoteEntry.js');
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.body).toBe('var catalog = "built-in";');
    expect(builtIn.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const published = await get('/mfe/catalog/1.2.2-3fa9c2d1e0/remoteEntry.js');
    expect(published.statusCode).toBe(200);
    expect(published.body).toBe('var catalog = "published";');
  });

  it('lets any origin read every file, and any page time it', async () => {
    for (const url of ['/mfe/catalog/1.2.3/remoteEntry.js', '/mfe/catalog/1.2.3/fonts/shop.woff2']) {
      const answer = await get(url, { origin: 'http://localhost:8281' });
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['timing-allow-origin']).toBe('*');
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('re-validates the files that name the chunks, and keeps hashed chunks for a year', async () => {
    expect((await get('/mfe/catalog/1.2.3/remoteEntry.js')).headers['cache-control']).toBe(NO_CACHE);
    expect((await get('/mfe/catalog/1.2.3/mf-manifest.json')).headers['cache-control']).toBe(NO_CACHE);
    expect((await get('/mfe/catalog/1.2.2-3fa9c2d1e0/release.json')).headers['cache-control']).toBe(NO_CACHE);
    expect((await get('/mfe/catalog/1.2.3/home.1a2b3c4d.js')).headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the precompressed file the client accepts, and answers a matching ETag with 304', async () => {
    const gzipped = await get('/mfe/catalog/1.2.3/remoteEntry.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    const etag = String(gzipped.headers.etag);
    expect((await get('/mfe/catalog/1.2.3/remoteEntry.js', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('sends the headers of a static file: no sniffing, no framing, nothing runs when opened alone', async () => {
    const answer = await get('/mfe/catalog/1.2.3/remoteEntry.js');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('serves only its own remote, and nothing outside the version folders', async () => {
    for (const url of [
      '/mfe/auth/0.1.0/remoteEntry.js',
      '/mfe/catalog/9.9.9/remoteEntry.js',
      '/mfe/catalog/1.2.4-0123456789/remoteEntry.js',
      '/mfe/catalog/1.2.3/missing.js',
      '/mfe/catalog/1.2.3/..%2F..%2Fsecret.txt',
      '/mfe/catalog/..%2F..%2F/secret.txt',
      '/',
    ]) {
      const answer = await get(url);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      // Readable by the page that asked, so it shows as a 404 and not as a CORS failure.
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.json()).toMatchObject({ status: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers its health check (the e2e runner waits for it)', async () => {
    expect((await get(REMOTE_ORIGIN_HEALTH)).statusCode).toBe(200);
  });
});

describe('preloads of a page whose remotes have origins of their own', () => {
  it('reads the version that an absolute entry names, on any origin', () => {
    expect(servedVersion('http://127.0.0.1:8291/mfe/catalog/1.2.3/remoteEntry.js')).toEqual({
      name: 'catalog',
      version: '1.2.3',
    });
    expect(servedVersion('/mfe/auth/0.1.0/mf-manifest.json')).toEqual({ name: 'auth', version: '0.1.0' });
    expect(servedVersion('https://cdn.example.com/catalog/remoteEntry.js')).toBeNull();
  });

  it('preloads a remote entry with SRI as the CORS request with integrity the shell makes', () => {
    const entry = 'http://127.0.0.1:8291/mfe/catalog/1.2.3/remoteEntry.js';
    expect(preloadLinks({ catalog: { entry, integrity: 'sha384-abc+/=' } }, '/')).toContain(
      `<link rel="preload" href="${entry}" as="script" crossorigin="anonymous" integrity="sha384-abc+/=">`,
    );
    // Without SRI the shell loads a plain (no-cors) script: so is the preload.
    expect(preloadLinks({ catalog: { entry } }, '/')).toContain(
      `<link rel="preload" href="${entry}" as="script">`,
    );
  });

  it("preloads the page's module files from the remote's origin, read from the files here", async () => {
    const { root, releasesDir } = makeRoot();
    try {
      const links = await moduleAssetLinks(
        manifestExposes(remoteFolders(root, releasesDir), () => null),
        { catalog: { entry: 'http://127.0.0.1:8291/mfe/catalog/1.2.3/remoteEntry.js' } },
        '/',
      );
      expect(links).toContain(
        '<link rel="preload" href="http://127.0.0.1:8291/mfe/catalog/1.2.3/home.1a2b3c4d.js" as="script">',
      );
      expect(links).toContain(
        '<link rel="preload" href="http://127.0.0.1:8291/mfe/catalog/1.2.3/home.9f8e7d6c.css" as="style">',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
