/**
 * Issue 18: the release store in an S3-compatible bucket. A real S3 server (s3rver, on
 * 127.0.0.1, objects in a temp folder) takes the store's signed requests: publishing, listing,
 * reading back, removing; the API server serves a version's files from the bucket and promotes a
 * version checked from it.
 *
 * About signatures: s3rver 3.7.1 parses a Signature V4 header and refuses an unknown access key,
 * but does not compute V4 signatures (lib/middleware/authentication.js: "Signature version 4
 * calculation is unimplemeneted"), so a wrong secret gets through it. The signing is therefore
 * proved against AWS's own published examples (same inputs, same signatures), and the test below
 * says plainly what s3rver lets through.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { AdminSession } from '@shop/contract';
import S3rver from 's3rver';
import { loadConfig } from '../src/config';
import { remoteFolders } from '../src/delivery/remoteFiles';
import { buildRemoteOrigin } from '../src/delivery/remoteOrigin';
import { toAppError } from '../src/errors';
import { FolderReleaseStore, prepareRelease } from '../src/modules/remotes/releaseStore';
import {
  canonicalQueryString,
  MAX_FILE_BYTES,
  parseListPage,
  releaseStoreOf,
  S3ReleaseStore,
  S3RequestError,
  type S3StoreSettings,
  S3Unavailable,
  signRequest,
  xmlTags,
} from '../src/modules/remotes/s3ReleaseStore';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createTestApp, dataOf, type TestContext } from './db';
import { REMOTE_ENTRY_SOURCE, tempDir, writeRemoteBuild, writeShellBuild } from './releaseFixtures';

const BUCKET = 'releases';
/** The one account s3rver knows. */
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';

/** A port nothing listens on, for s3rver (it takes a fixed one). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let s3: S3rver;
let temp: ReturnType<typeof tempDir>;
let endpoint = '';
let prefixes = 0;

/** A store on its own prefix of the bucket, so each test starts empty. */
function storeFor(changes: Partial<S3StoreSettings> = {}, now?: () => Date): S3ReleaseStore {
  prefixes += 1;
  return new S3ReleaseStore(
    {
      endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      prefix: `test-${prefixes}/`,
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
      ...changes,
    },
    now,
  );
}

/** A clock a minute later on every call: versions() orders by publishedAt. */
function minuteClock(): () => Date {
  let clock = Date.parse('2026-11-27T04:00:00.000Z');
  return () => {
    clock += 60_000;
    return new Date(clock);
  };
}

/** An object as s3rver hands it to anyone (no signature: s3rver lets anonymous reads through). */
const rawObject = (key: string) => fetch(`${endpoint}/${BUCKET}/${key}`);

const build = (name: string, options: Parameters<typeof writeRemoteBuild>[1] = {}) =>
  writeRemoteBuild(path.join(temp.dir, 'builds', name), options);

beforeAll(async () => {
  temp = tempDir('s3-store');
  const port = await freePort();
  mkdirSync(path.join(temp.dir, 's3'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: path.join(temp.dir, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.close();
  temp.cleanup();
});

describe('Signature V4', () => {
  it("signs AWS's documented example (GET /test.txt, Range bytes=0-9) to AWS's signature", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const headers = signRequest({
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      query: [],
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  const example = {
    host: 'examplebucket.s3.amazonaws.com',
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    date: new Date('2013-05-24T00:00:00Z'),
  };
  const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  it.each([
    {
      what: 'PUT Object (a body, an encoded key, extra headers)',
      input: {
        method: 'PUT',
        path: '/test%24file.text',
        query: [],
        headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: createHash('sha256').update('Welcome to Amazon S3.').digest('hex'),
      },
      signature: '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    },
    {
      what: 'GET Bucket lifecycle (a query parameter without a value)',
      input: { method: 'GET', path: '/', query: [['lifecycle', '']] as const, payloadHash: EMPTY },
      signature: 'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    },
    {
      what: 'GET Bucket, list objects (query parameters sorted)',
      input: {
        method: 'GET',
        path: '/',
        query: [
          ['prefix', 'J'],
          ['max-keys', '2'],
        ] as const,
        payloadHash: EMPTY,
      },
      signature: '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    },
  ])("signs AWS's documented example $what to AWS's signature", ({ input, signature }) => {
    expect(signRequest({ ...example, ...input }).authorization).toMatch(
      new RegExp(`, Signature=${signature}$`),
    );
  });

  it('sorts the canonical query by encoded name, then by encoded value (not by the joined k=v)', () => {
    // Joined strings would put `a-b=1` before `a=2` ('-' sorts before '='); the key `a` comes first.
    expect(
      canonicalQueryString([
        ['a-b', '1'],
        ['a', '2'],
        ['a', '10'],
        ['prefix', 'x y'],
      ]),
    ).toBe('a=10&a=2&a-b=1&prefix=x%20y');
  });

  it('a request signed by an access key the server does not know is refused (403 InvalidAccessKeyId)', async () => {
    const stranger = storeFor({ accessKeyId: 'NOT-A-KEY' });
    await expect(stranger.versions('catalog')).rejects.toMatchObject({
      name: 'S3RequestError',
      status: 403,
      code: 'InvalidAccessKeyId',
    });
    await expect(stranger.publish('catalog', build('stranger'))).rejects.toBeInstanceOf(S3RequestError);
  });

  it('s3rver does not check the signature itself: a wrong secret gets through (proved above instead)', async () => {
    // If s3rver ever starts computing V4 signatures this fails: then assert a 403 SignatureDoesNotMatch.
    await expect(storeFor({ secretAccessKey: 'wrong secret' }).versions('catalog')).resolves.toEqual([]);
  });
});

describe('RELEASES_S3_* settings', () => {
  const base = {
    RELEASES_S3_ENDPOINT: 'http://127.0.0.1:4569',
    RELEASES_S3_BUCKET: 'releases',
    RELEASES_S3_ACCESS_KEY_ID: 'id',
    RELEASES_S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('unset: the folder store; set: the bucket, region us-east-1 and no prefix by default', () => {
    expect(loadConfig({}).releases.s3).toBeNull();
    expect(releaseStoreOf(loadConfig({}).releases)).toBeInstanceOf(FolderReleaseStore);
    const { releases } = loadConfig({ ...base, RELEASES_S3_PREFIX: '/shop/releases/' });
    expect(releases.s3).toEqual({
      endpoint: 'http://127.0.0.1:4569',
      bucket: 'releases',
      region: 'us-east-1',
      prefix: 'shop/releases/',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(releaseStoreOf(releases)).toBeInstanceOf(S3ReleaseStore);
  });

  it('takes AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY when the store has no credentials of its own', () => {
    const { RELEASES_S3_ACCESS_KEY_ID: _id, RELEASES_S3_SECRET_ACCESS_KEY: _secret, ...bare } = base;
    expect(
      loadConfig({ ...bare, AWS_ACCESS_KEY_ID: 'aws-id', AWS_SECRET_ACCESS_KEY: 'aws-secret' }).releases.s3,
    ).toMatchObject({ accessKeyId: 'aws-id', secretAccessKey: 'aws-secret' });
    expect(() => loadConfig(bare)).toThrow('needs credentials');
  });

  it('refuses half a setting or a wrong one at start, naming it', () => {
    expect(() => loadConfig({ RELEASES_S3_BUCKET: 'releases' })).toThrow('without RELEASES_S3_ENDPOINT');
    expect(() => loadConfig({ ...base, RELEASES_S3_ENDPOINT: 'ftp://host' })).toThrow('RELEASES_S3_ENDPOINT');
    expect(() => loadConfig({ ...base, RELEASES_S3_ENDPOINT: 'http://host/path' })).toThrow(
      'RELEASES_S3_ENDPOINT',
    );
    expect(() => loadConfig({ ...base, RELEASES_S3_BUCKET: 'No_Such' })).toThrow('RELEASES_S3_BUCKET');
    expect(() => loadConfig({ ...base, RELEASES_S3_REGION: 'EU West' })).toThrow('RELEASES_S3_REGION');
    expect(() => loadConfig({ ...base, RELEASES_S3_PREFIX: 'a/../b' })).toThrow('RELEASES_S3_PREFIX');
  });
});

describe('a bucket that is away', () => {
  it('answers 503 STORE_UNAVAILABLE with Retry-After wherever it surfaces (files, admin routes), never 500', () => {
    const answer = toAppError(new S3Unavailable('GET shop/catalog/x/release.json: connection refused'));
    expect(answer).toMatchObject({ statusCode: 503, code: 'STORE_UNAVAILABLE' });
    expect(answer.headers).toEqual({ 'retry-after': '5' });
  });
});

describe('the listing parser', () => {
  it('reads keys, common prefixes and the continuation token, decoding entities', () => {
    const page = parseListPage(
      '<?xml version="1.0"?><ListBucketResult><Prefix>p/</Prefix><IsTruncated>true</IsTruncated>' +
        '<NextContinuationToken>a&amp;b</NextContinuationToken><Contents><Key>p/a&lt;b&#x41;</Key></Contents>' +
        '<CommonPrefixes><Prefix>p/0.1.0-abc/</Prefix></CommonPrefixes></ListBucketResult>',
    );
    expect(page).toEqual({ keys: ['p/a<bA'], prefixes: ['p/0.1.0-abc/'], next: 'a&b' });
  });

  it('refuses what is not a listing, unknown entities and markup inside a value', () => {
    expect(() => parseListPage('<Error><Code>AccessDenied</Code></Error>')).toThrow('not a ListBucketResult');
    expect(() => xmlTags('<Key>&bogus;</Key>', 'Key')).toThrow('unknown entity');
    expect(() => xmlTags('<Key>a<b/></Key>', 'Key')).toThrow('markup');
    expect(() => xmlTags('<Key>open', 'Key')).toThrow('unclosed');
    expect(() =>
      parseListPage('<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>'),
    ).toThrow('continuation token');
  });
});

describe('S3ReleaseStore on s3rver', () => {
  it('publishes a build as <packageVersion>-<contentHash>, the name the folder store gives it, and reads it back', async () => {
    const store = storeFor();
    const dir = build('first');
    const published = await store.publish('catalog', dir);
    expect(published.state).toBe('published');
    expect(published.version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    const folder = tempDir('s3-folder');
    try {
      expect((await new FolderReleaseStore(folder.dir).publish('catalog', dir)).version).toBe(
        published.version,
      );
    } finally {
      folder.cleanup();
    }
    expect(await store.versions('catalog')).toEqual([published.version]);
    expect(await store.descriptor('catalog', published.version)).toEqual(published.descriptor);
    expect(published.descriptor).toMatchObject({ remote: 'catalog', files: 7 });
    expect((await store.readFile('catalog', published.version, 'remoteEntry.js'))?.toString()).toBe(
      REMOTE_ENTRY_SOURCE,
    );
    expect((await store.readFile('catalog', published.version, 'images/logo.svg'))?.toString()).toContain(
      '<svg',
    );
    expect(await store.readFile('catalog', published.version, 'missing.js')).toBeNull();
    expect(await store.readFile('catalog', published.version, '../x/remoteEntry.js')).toBeNull();
    expect(await store.readFile('catalog', published.version, 'images/../remoteEntry.js')).toBeNull();
    expect(await store.readFile('catalog', '..', 'remoteEntry.js')).toBeNull();
    expect(await store.localDir()).toBeNull();
    // Each file carries its type, as a CDN in front of the bucket would pass it on.
    const entry = await rawObject(`test-${prefixes}/catalog/${published.version}/remoteEntry.js`);
    expect(entry.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const release = await rawObject(`test-${prefixes}/catalog/${published.version}/release.json`);
    expect(release.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('refuses a build that is no release, storing nothing', async () => {
    const store = storeFor();
    await expect(store.publish('catalog', build('no-entry', { remoteEntry: null }))).rejects.toThrow(
      'no remoteEntry.js',
    );
    expect(await store.versions('catalog')).toEqual([]);
  });

  it('never overwrites a version: the same build again answers "exists" with the first descriptor', async () => {
    const store = storeFor({}, minuteClock());
    const first = await store.publish('catalog', build('same'));
    const again = await store.publish('catalog', build('same-copy'));
    expect(again).toEqual({ version: first.version, state: 'exists', descriptor: first.descriptor });
  });

  it('uploads release.json last: a version whose upload died before it is not listed, read nor served, and a new publish completes it', async () => {
    const store = storeFor();
    const dir = build('killed', { chunk: 'export const page = "killed";\n' });
    const puts: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        puts.push(url.slice(url.lastIndexOf('/') + 1));
        if (url.endsWith('/release.json')) return Promise.reject(new Error('killed'));
      }
      return realFetch(input, init);
    });
    try {
      await expect(store.publish('catalog', dir)).rejects.toThrow('killed');
    } finally {
      spy.mockRestore();
    }
    expect(puts.at(-1)).toBe('release.json');
    expect(puts.slice(0, -1).sort()).toEqual(
      [
        '.build-stamp',
        '875.13cbf8c1.js',
        '875.13cbf8c1.js.gz',
        'logo.svg',
        'mf-manifest.json',
        'remoteEntry.js',
        'shop-build.json',
      ].sort(),
    );
    const { version } = await prepareRelease('catalog', dir);
    // The files are in the bucket, yet the version is no version.
    expect((await rawObject(`test-${prefixes}/catalog/${version}/remoteEntry.js`)).status).toBe(200);
    expect(await store.versions('catalog')).toEqual([]);
    expect(await store.descriptor('catalog', version)).toBeNull();
    expect(await store.readFile('catalog', version, 'remoteEntry.js')).toBeNull();

    const completed = await store.publish('catalog', dir);
    expect(completed).toMatchObject({ version, state: 'published' });
    expect(await store.versions('catalog')).toEqual([version]);
  });

  it('reads no file larger than the cap: one over it is an error, not a 20 MB buffer', async () => {
    const store = storeFor();
    const { version } = await store.publish(
      'catalog',
      build('capped', { chunk: 'export const v = "cap";\n' }),
    );
    const realFetch = globalThis.fetch;
    const spy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) =>
        String(input).endsWith('/875.13cbf8c1.js')
          ? Promise.resolve(new Response(new Uint8Array(MAX_FILE_BYTES + 1)))
          : realFetch(input, init),
      );
    try {
      await expect(store.readFile('catalog', version, '875.13cbf8c1.js')).rejects.toThrow(
        `more than the ${MAX_FILE_BYTES} bytes`,
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('lists versions newest first, per remote', async () => {
    const store = storeFor({}, minuteClock());
    const names: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      names.push(
        (await store.publish('catalog', build(`order-${name}`, { chunk: `export const v = "${name}";\n` })))
          .version,
      );
    }
    await store.publish('auth', build('order-auth', { remote: 'auth' }));
    expect(await store.versions('catalog')).toEqual([...names].reverse());
    expect(await store.versions('auth')).toHaveLength(1);
    expect(await store.versions('member')).toEqual([]);
  });

  it('removes a version whole: no longer listed, read, nor in the bucket; others stay', async () => {
    const store = storeFor({}, minuteClock());
    const kept = await store.publish('catalog', build('keep', { chunk: 'export const v = "keep";\n' }));
    const gone = await store.publish('catalog', build('gone', { chunk: 'export const v = "gone";\n' }));
    await store.remove('catalog', gone.version);
    expect(await store.versions('catalog')).toEqual([kept.version]);
    expect(await store.readFile('catalog', gone.version, 'remoteEntry.js')).toBeNull();
    for (const file of ['remoteEntry.js', 'images/logo.svg', 'release.json']) {
      expect((await rawObject(`test-${prefixes}/catalog/${gone.version}/${file}`)).status).toBe(404);
    }
    expect((await store.readFile('catalog', kept.version, 'remoteEntry.js'))?.toString()).toBe(
      REMOTE_ENTRY_SOURCE,
    );
    await expect(store.remove('catalog', gone.version)).resolves.toBeUndefined();
  });

  it('retires a version with one delete (its release.json): no longer a version, its files left for remove', async () => {
    const store = storeFor({}, minuteClock());
    const gone = await store.publish('catalog', build('retired', { chunk: 'export const v = "retired";\n' }));
    await store.retire('catalog', gone.version);
    expect(await store.versions('catalog')).toEqual([]);
    expect(await store.readFile('catalog', gone.version, 'remoteEntry.js')).toBeNull();
    const base = `test-${prefixes}/catalog/${gone.version}`;
    expect((await rawObject(`${base}/release.json`)).status).toBe(404);
    expect((await rawObject(`${base}/remoteEntry.js`)).status).toBe(200);
    await store.remove('catalog', gone.version);
    expect((await rawObject(`${base}/remoteEntry.js`)).status).toBe(404);
  });
});

describe('the API server with the S3 store', () => {
  const PASSWORD = 'correct horse battery staple';
  let ctx: TestContext;
  let token = '';
  let store: S3ReleaseStore;
  let version = '';
  let unfinished = '';

  beforeAll(async () => {
    const root = writeShellBuild(path.join(temp.dir, 'site'));
    writeFileSync(
      path.join(root, 'shell/dist/index.html'),
      '<!doctype html><html><head><!--REMOTES--></head><body><div id="root"></div></body></html>',
    );
    writeRemoteBuild(path.join(root, 'mfe-catalog/dist'));
    writeFileSync(
      path.join(root, 'mfe-catalog/package.json'),
      JSON.stringify({ name: 'mfe-catalog', version: '0.1.0' }),
    );
    store = storeFor({}, minuteClock());
    version = (await store.publish('catalog', build('served', { chunk: 'export const page = "s3";\n' })))
      .version;
    // An upload that died before its release.json: its files are in the bucket, it is no version.
    const dir = build('unfinished', { chunk: 'export const page = "unfinished";\n' });
    unfinished = (await prepareRelease('catalog', dir)).version;
    const realFetch = globalThis.fetch;
    const spy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) =>
        init?.method === 'PUT' && String(input).endsWith('/release.json')
          ? Promise.reject(new Error('killed'))
          : realFetch(input, init),
      );
    await expect(store.publish('catalog', dir)).rejects.toThrow('killed');
    spy.mockRestore();

    ctx = await createTestApp('pglite', {
      products: 0,
      auth: { scryptLogN: 10 },
      site: { root },
      releases: { root, releasesDir: path.join(root, '.data/releases'), store },
    });
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'ops@example.com', PASSWORD);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/login',
      payload: { email: 'ops@example.com', password: PASSWORD },
    });
    token = dataOf<AdminSession>(login).token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('serves /mfe/catalog/<version>/remoteEntry.js from the bucket: type, CORS, no-cache, an ETag that answers 304', async () => {
    const response = await get(`/mfe/catalog/${version}/remoteEntry.js`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(REMOTE_ENTRY_SOURCE);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get(`/mfe/catalog/${version}/remoteEntry.js`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const chunk = await get(`/mfe/catalog/${version}/875.13cbf8c1.js`);
    expect(chunk.body).toBe('export const page = "s3";\n');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(`/mfe/catalog/${version}/images/logo.svg`)).headers['content-type']).toBe(
      'image/svg+xml',
    );
  });

  it('answers 404 for anything not in a published version', async () => {
    expect((await get(`/mfe/catalog/${version}/missing.js`)).statusCode).toBe(404);
    expect((await get(`/mfe/catalog/${unfinished}/remoteEntry.js`)).statusCode).toBe(404);
    expect((await get('/mfe/catalog/0.1.0-0000000000/remoteEntry.js')).statusCode).toBe(404);
    expect((await get(`/mfe/catalog/${version}/..%2F..%2Frelease.json`)).statusCode).toBe(404);
    // `..` alone normalizes to itself: it must not reach the bucket (signed and sent paths differ).
    // (inject resolves `%2e%2e` in the URL itself, so the route's reader is asked directly.)
    const folders = remoteFolders(path.join(temp.dir, 'site'), store);
    expect(await folders.readFile?.('catalog', version, '..')).toBeNull();
    expect(await store.readFile('catalog', version, '..')).toBeNull();
    expect(await store.readFile('catalog', version, 'images/..')).toBeNull();
    expect((await get(`/mfe/katalog/${version}/remoteEntry.js`)).statusCode).toBe(404);
    // The built-in version still comes from the remote's own build folder.
    expect((await get('/mfe/catalog/0.1.0/remoteEntry.js')).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After, never 500, while the bucket cannot be reached (s3rver stopped)', async () => {
    const port = await freePort();
    mkdirSync(path.join(temp.dir, 's3-down'));
    const down = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory: path.join(temp.dir, 's3-down'),
      configureBuckets: [{ name: BUCKET }],
    });
    await down.run();
    const downStore = new S3ReleaseStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      region: 'us-east-1',
      prefix: '',
      accessKeyId: KEY_ID,
      secretAccessKey: SECRET,
    });
    const published = (await downStore.publish('catalog', build('down'))).version;
    await down.close();
    const root = path.join(temp.dir, 'site');
    const origin = await buildRemoteOrigin({
      root,
      remote: 'catalog',
      folders: remoteFolders(root, downStore),
    });
    try {
      const response = await origin.inject({
        method: 'GET',
        url: `/mfe/catalog/${published}/remoteEntry.js`,
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(JSON.parse(response.body).error.code).toBe('STORE_UNAVAILABLE');
    } finally {
      await origin.close();
    }
  });

  it('answers 503, never 500, when the bucket itself fails (5xx)', async () => {
    const spy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    try {
      const response = await get(`/mfe/catalog/${version}/875.13cbf8c1.js`);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      spy.mockRestore();
    }
  });

  it("a remote's own origin (serve-remote) serves the bucket's versions the same way", async () => {
    const origin = await buildRemoteOrigin({
      root: path.join(temp.dir, 'site'),
      remote: 'catalog',
      folders: remoteFolders(path.join(temp.dir, 'site'), store),
    });
    try {
      const response = await origin.inject({ method: 'GET', url: `/mfe/catalog/${version}/remoteEntry.js` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(REMOTE_ENTRY_SOURCE);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(
        (await origin.inject({ method: 'GET', url: `/mfe/catalog/${unfinished}/remoteEntry.js` })).statusCode,
      ).toBe(404);
      expect(
        (await origin.inject({ method: 'GET', url: '/mfe/catalog/0.1.0/remoteEntry.js' })).statusCode,
      ).toBe(200);
    } finally {
      await origin.close();
    }
  });

  it('lists the bucket’s versions and promotes one after checking it from the bucket', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/backend/api/admin/remotes/catalog/versions',
      headers: auth,
    });
    expect(
      dataOf<{ versions: { version: string }[] }>(listed).versions.map((entry) => entry.version),
    ).toEqual([version]);
    const promoted = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/remotes/catalog/promote',
      headers: auth,
      payload: { version, reason: 'served from S3' },
    });
    expect(promoted.statusCode).toBe(200);
    const registry = JSON.parse((await get('/remotes.json')).body) as Record<
      string,
      { entry: string; integrity?: string }
    >;
    expect(registry.catalog?.entry).toBe(`/mfe/catalog/${version}/remoteEntry.js`);
    expect(registry.catalog?.integrity).toMatch(/^sha384-/);
    // Each folder's release.json is read once for the list (the descriptors come with the versions).
    const realFetch = globalThis.fetch;
    const reads: string[] = [];
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input).endsWith('/release.json')) reads.push(String(input));
      return realFetch(input, init);
    });
    try {
      await ctx.app.inject({
        method: 'GET',
        url: '/backend/api/admin/remotes/catalog/versions',
        headers: auth,
      });
    } finally {
      spy.mockRestore();
    }
    // Two folders in the bucket (the version and the unfinished upload): two reads, not three.
    expect(reads).toHaveLength(2);
    const unpublished = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/remotes/catalog/promote',
      headers: auth,
      payload: { version: unfinished, reason: 'no release.json' },
    });
    expect(unpublished.statusCode).toBe(404);
  });
});
