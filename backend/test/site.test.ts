import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  imagePreload,
  inlineRegistry,
  lowPriorityScripts,
  manifestExposes,
  paintFirst,
  preloadLinks,
  SHELL_START_WAIT_MS,
  scriptJson,
} from '../src/delivery/site';
import { createTestApp, dataOf, type TestContext, targets } from './db';
import { descriptorJson } from './releaseFixtures';

/** A fake repository root with built apps, so the test needs no webpack build. */
function makeSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-site-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><!--REMOTES--></head><body><div id="root"></div><script src="/main.3f9a1c.js"></script></body></html>',
  );
  write('shell/dist/sw.js', 'self.addEventListener("fetch", () => {});');
  write('shell/dist/main.3f9a1c.js', `console.log(${JSON.stringify('shell '.repeat(400))});`);
  write('mfe-catalog/package.json', JSON.stringify({ name: 'mfe-catalog', version: '1.2.3' }));
  write(
    'mfe-catalog/dist/mf-manifest.json',
    JSON.stringify({
      name: 'catalog',
      version: '1.2.3',
      exposes: [
        {
          name: 'HomePage',
          assets: {
            js: { sync: ['home.1.js'], async: ['slider.2.js'] },
            css: { sync: ['home.1.css'], async: [] },
          },
        },
        {
          name: 'ProductPage',
          assets: { js: { sync: ['product.3.js'], async: [] }, css: { sync: [], async: [] } },
        },
        {
          name: 'SearchBox',
          assets: { js: { sync: ['search.4.js'], async: [] }, css: { sync: [], async: [] } },
        },
      ],
    }),
  );
  write('mfe-catalog/dist/remoteEntry.js', 'var catalog = {};');
  write('mfe-catalog/dist/static/js/814.a1b2c3.js', 'export const listing = 1;');
  write(
    '.data/releases/catalog/1.2.2/mf-manifest.json',
    JSON.stringify({ name: 'catalog', version: '1.2.2' }),
  );
  // What the release store wrote when 1.2.2 was published (the store serves only what it published).
  write('.data/releases/catalog/1.2.2/release.json', descriptorJson('catalog', '1.2.2'));
  write('mfe-cart-checkout/package.json', JSON.stringify({ name: 'mfe-cart-checkout', version: '0.4.0' }));
  write('mfe-member/package.json', JSON.stringify({ name: 'mfe-member', version: '0.1.0' }));
  write('mfe-auth/package.json', JSON.stringify({ name: 'mfe-auth', version: '2.0.0-beta.1' }));
  return root;
}

/** Nothing promoted yet: every remote's own build (its built-in version) is live. */
const GENERATED_REGISTRY = {
  catalog: { entry: '/mfe/catalog/1.2.3/remoteEntry.js', version: '1.2.3', channel: 'built-in' },
  cart_checkout: { entry: '/mfe/cart_checkout/0.4.0/remoteEntry.js', version: '0.4.0', channel: 'built-in' },
  member: { entry: '/mfe/member/0.1.0/remoteEntry.js', version: '0.1.0', channel: 'built-in' },
  auth: { entry: '/mfe/auth/2.0.0-beta.1/remoteEntry.js', version: '2.0.0-beta.1', channel: 'built-in' },
};

/** The preload links a painted page's start script adds (paintFirst), as HTML. */
function startLinks(html: string): string {
  const json = /insertAdjacentHTML\('beforeend',("(?:[^"\\]|\\.)*")\)/.exec(html)?.[1];
  return json ? (JSON.parse(json) as string) : '';
}

describe.each(targets)('site delivery on %s', (target) => {
  let root: string;
  let ctx: TestContext;
  beforeAll(async () => {
    root = makeSite();
    ctx = await createTestApp(target, { site: { root }, products: 4 });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it("serves /remotes.json from the apps' versions, per shopper: never cached by a shared cache", async () => {
    const response = await get('/remotes.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('Cookie');
    expect(JSON.parse(response.body)).toEqual(GENERATED_REGISTRY);
  });

  it('falls back to the shell for client routes, with the registry inlined', async () => {
    for (const url of ['/', '/product/deluxe-oak-birthday-box-146', '/member/orders?page=2']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).not.toContain('<!--REMOTES-->');
      const inlined = /<script nonce="[^"]+">window\.__SHOP_REMOTES__=(.*?)<\/script>/.exec(response.body);
      expect(JSON.parse(inlined?.[1] ?? 'null')).toEqual(GENERATED_REGISTRY);
    }
  });

  it("sends a page policy of this origin and the remotes' origins, with a fresh nonce on every inline script", async () => {
    const first = await get('/products');
    const second = await get('/products');
    const policy = String(first.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("object-src 'none'");
    // Every inline script carries this answer's nonce; scripts with src are left alone.
    const inline = first.body.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? [];
    expect(inline.length).toBeGreaterThanOrEqual(2);
    for (const tag of inline) expect(tag).toBe(`<script nonce="${nonce}">`);
    expect(second.headers['content-security-policy']).not.toBe(policy);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets the page load remotes from the origins the registry names, and nothing else', async () => {
    const crossOrigin = await createTestApp(target, {
      site: { root },
      releases: { remoteOrigins: { catalog: 'http://localhost:9101' } },
      products: 0,
    });
    try {
      const page = await crossOrigin.app.inject({ method: 'GET', url: '/' });
      expect(page.body).toContain('"entry":"http://localhost:9101/mfe/catalog/1.2.3/remoteEntry.js"');
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self' http:\/\/localhost:9101 'nonce-/);
      expect(policy).toContain("connect-src 'self' http://localhost:9101");
    } finally {
      await crossOrigin.close();
    }
  });

  it('serves the service worker from the root, never cached, with a policy that lets it fetch this origin', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers['content-security-policy'])).toBe(
      "default-src 'none'; connect-src 'self'; img-src 'self'",
    );
  });

  it('puts the security headers on API answers too, with a closed policy', async () => {
    const response = await get('/backend/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('inlines the startup content, so the shell needs no first API round trip', async () => {
    const response = await get('/products');
    const inlined = /<script nonce="[^"]+">window\.__SHOP_STARTUP__=(.*?)<\/script>/.exec(response.body);
    const startup = JSON.parse(inlined?.[1] ?? 'null') as {
      currencies: { default: string };
      sitemap: unknown[];
    };
    expect(startup.currencies.default).toBe('USD');
    expect(startup.sitemap.length).toBeGreaterThan(0);
  });

  it('preloads the largest picture of the home page, the listing and a product page, nothing for others', async () => {
    // The same candidates the <img> of the first screen has (firstScreen.ts), so the browser
    // takes the preloaded file for it.
    const hint = (body: string) =>
      /<link rel="preload" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="[^"]+" as="image" fetchpriority="high">/.exec(
        body,
      );
    const renditionsOf = (source: string | undefined) => source?.replace(/\.svg(\?.*)?$/, '/');
    const [firstSlide] = dataOf<{ items: { image: string }[] }>(await get('/backend/api/hero-slides')).items;
    expect(hint((await get('/')).body)?.[2]).toContain(renditionsOf(firstSlide?.image));

    const [card] = dataOf<{ items: { id: number; slug: string; image: string }[] }>(
      await get('/backend/api/products?per-page=1'),
    ).items;
    const gallery = dataOf<{ items: { type: string; image: string }[] }>(
      await get(`/backend/api/products/gallery/${card?.id}`),
    );
    const firstImage = gallery.items[0]?.type === 'Image' ? gallery.items[0].image : undefined;
    const view = /\?view=\d+$/.exec(firstImage ?? '')?.[0] ?? '';
    expect(hint((await get(`/product/${card?.slug}`)).body)?.[1]).toMatch(
      new RegExp(`^${renditionsOf(firstImage)}\\d+\\.webp${view.replace('?', '\\?')}$`),
    );
    expect(hint((await get('/products')).body)?.[2]).toContain(renditionsOf(card?.image));

    expect(hint((await get('/product/no-such-product')).body)).toBeNull();
    expect(hint((await get('/cart')).body)).toBeNull();
  });

  it('preloads no API answer: the first screen inlines the answers it was made from', async () => {
    const [card] = dataOf<{ items: { slug: string }[] }>(await get('/backend/api/products?per-page=1')).items;
    for (const url of ['/', '/products', `/product/${card?.slug}`, '/product/%E0%A4%A']) {
      expect((await get(url)).body).not.toContain('as="fetch"');
    }
  });

  it("preloads the files of the modules the page mounts, from the remote's manifest", async () => {
    // The home page is painted by the server: its start script adds them (paintFirst).
    const home = startLinks((await get('/')).body);
    expect(home).toContain('<link rel="preload" href="/mfe/catalog/1.2.3/home.1.css" as="style">');
    expect(home).toContain('<link rel="preload" href="/mfe/catalog/1.2.3/home.1.js" as="script">');
    expect(home).toContain('<link rel="preload" href="/mfe/catalog/1.2.3/search.4.js" as="script">');
    // Loaded on demand later: not part of the first load.
    expect(home).not.toContain('slider.2.js');
    expect(home).not.toContain('product.3.js');
    // An unknown product has no first screen: its preloads are in its head.
    expect((await get('/product/some-slug')).body).toContain('/mfe/catalog/1.2.3/product.3.js');
    // A page without a first screen is painted by its scripts: their preloads are in its head.
    expect((await get('/cart')).body).toContain(
      '<link rel="preload" href="/mfe/cart_checkout/0.4.0/remoteEntry.js" as="script">',
    );
  });

  it('asks for the scripts once the first screen’s picture is painted, on the pages the server painted', async () => {
    const home = (await get('/')).body;
    const head = home.slice(0, home.indexOf('</head>'));
    // The picture is the head's only download; the scripts come with the start script.
    expect(head).toContain('as="image"');
    expect(head).not.toMatch(/as="script"|main\.3f9a1c\.js/);
    expect(home).not.toContain('<script src="/main.3f9a1c.js">');
    expect(home).toMatch(
      /<script nonce="[^"]+">\(\(\)=>\{let started=false;.*"\/main\.3f9a1c\.js".*<\/script><\/body>/,
    );
    expect(startLinks(home)).toContain(
      '<link rel="preload" href="/mfe/catalog/1.2.3/remoteEntry.js" as="script">',
    );
    // The shopper's own pages have no first screen: the shell's script as the build wrote it.
    const cart = (await get('/cart')).body;
    expect(cart).toContain('<script src="/main.3f9a1c.js"></script>');
    expect(cart).not.toContain('let started=false');
  });

  it('caches hashed shell files for a year and compresses them', async () => {
    const response = await get('/main.3f9a1c.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('gzip');
    const revalidated = await get('/main.3f9a1c.js', { 'if-none-match': String(response.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect((await get('/missing.3f9a1c.js')).statusCode).toBe(404);
  });

  it('serves the running remote version with CORS and the right caching', async () => {
    const manifest = await get('/mfe/catalog/1.2.3/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(JSON.parse(manifest.body)).toMatchObject({ name: 'catalog', version: '1.2.3' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');

    const entry = await get('/mfe/catalog/1.2.3/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await get('/mfe/catalog/1.2.3/static/js/814.a1b2c3.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps an older release online and 404s versions that do not exist', async () => {
    const old = await get('/mfe/catalog/1.2.2/mf-manifest.json');
    expect(old.statusCode).toBe(200);
    expect(JSON.parse(old.body)).toEqual({ name: 'catalog', version: '1.2.2' });
    for (const url of [
      '/mfe/catalog/9.9.9/mf-manifest.json',
      '/mfe/nobody/1.0.0/mf-manifest.json',
      '/mfe/catalog/1.2.3/nothing.js',
      '/mfe/catalog/1.2.3/%2e%2e/package.json',
      '/mfe/catalog/1.2.3/../../mfe-catalog/package.json',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body).status).toBe(false);
    }
  });

  it('keeps answering unknown API routes with the JSON 404 envelope', async () => {
    const response = await get('/backend/api/not-a-route');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(response.body)).toMatchObject({ status: false, error: { code: 'NOT_FOUND' } });
    expect((await get('/backend/api/health')).statusCode).toBe(200);
  });
});

describe('inlineRegistry', () => {
  const registry = { catalog: { entry: '/mfe/catalog/0.1.0/mf-manifest.json' } };

  it('puts the registry where the placeholder is', () => {
    const html = inlineRegistry('<head><!--REMOTES--><title>t</title></head>', registry);
    expect(html).toBe(
      '<head><script>window.__SHOP_REMOTES__={"catalog":{"entry":"/mfe/catalog/0.1.0/mf-manifest.json"}}</script><title>t</title></head>',
    );
  });

  it('falls back to the end of <head> when a minifier dropped the placeholder', () => {
    expect(inlineRegistry('<head><title>t</title></head><body></body>', registry)).toMatch(
      /<title>t<\/title><script>window\.__SHOP_REMOTES__=\{.*\}<\/script><\/head><body>/,
    );
  });

  it('cannot be broken out of its script tag', () => {
    const html = inlineRegistry('<head></head>', { x: { entry: '</script><script>alert(1)</script>' } });
    expect(html).not.toContain('</script><script>alert(1)');
  });
});

describe('imagePreload', () => {
  it('escapes the address so it cannot break out of the attribute', () => {
    expect(imagePreload({ src: '/x.svg?a=1&b="><script>', sizes: '100vw' })).toBe(
      '<link rel="preload" href="/x.svg?a=1&amp;b=&quot;>&lt;script>" as="image" fetchpriority="high">',
    );
    expect(imagePreload(null)).toBe('');
  });
});

describe('paintFirst', () => {
  const INDEX =
    '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
    '<style>.boot{}</style><script defer src=/main.beb8172f.js></script><link href=/main.05c2901d.css rel=stylesheet></head>' +
    '<body><div id=root></div></body></html>';
  const picture = { src: '/p/640.webp', srcSet: '/p/320.webp 320w, /p/640.webp 640w', sizes: '100vw' };
  const LINKS = '<link rel="preload" href="/mfe/catalog/1/remoteEntry.js" as="script">';

  it('preloads the picture right after the viewport meta: its candidate is picked for the phone’s width', () => {
    const page = paintFirst(INDEX, picture, LINKS);
    expect(page).toContain(
      `<meta name=viewport content="width=device-width,initial-scale=1">${imagePreload(picture)}<style>`,
    );
  });

  it('asks for the shell’s script and the remotes’ preloads once the picture is painted, or after the wait', () => {
    const page = paintFirst(INDEX, picture, LINKS);
    expect(page).not.toContain('main.beb8172f.js></script>');
    expect(page.slice(0, page.indexOf('</head>'))).not.toContain('as="script"');
    const loader = /<script>(.*)<\/script><\/body>/.exec(page)?.[1] ?? '';
    expect(loader).toContain('s.src="/main.beb8172f.js"');
    expect(loader).toContain(`insertAdjacentHTML('beforeend',${scriptJson(LINKS)})`);
    expect(loader).toContain('#first-screen img[fetchpriority="high"]');
    expect(loader).toContain("addEventListener('load',painted)");
    expect(loader).toContain("addEventListener('error',painted)");
    expect(loader).toContain(`setTimeout(start,${SHELL_START_WAIT_MS})`);
    // The stylesheet is left as it is.
    expect(page).toContain('<link href=/main.05c2901d.css rel=stylesheet>');
  });

  it('starts the scripts at the next frame in a page without a picture', () => {
    const page = paintFirst(INDEX, null, LINKS);
    expect(page).not.toContain('as="image"');
    expect(page).toContain('if(!img||img.complete)painted()');
  });

  it('keeps a shell script it does not recognise, with the links in the head at low priority', () => {
    const other = INDEX.replace(
      '<script defer src=/main.beb8172f.js></script>',
      '<script type=module src=/app.js></script>',
    );
    expect(paintFirst(other, picture, LINKS)).toBe(
      other
        .replace('initial-scale=1">', () => `initial-scale=1">${imagePreload(picture)}`)
        .replace('</head>', () => `${lowPriorityScripts(LINKS)}</head>`),
    );
  });

  it('asks script preloads at low priority, nothing else', () => {
    expect(
      lowPriorityScripts(
        '<link rel="preload" href="/a.js" as="script"><link rel="preload" href="/a.css" as="style">',
      ),
    ).toBe(
      '<link rel="preload" href="/a.js" as="script" fetchpriority="low"><link rel="preload" href="/a.css" as="style">',
    );
  });
});

describe('scriptJson', () => {
  it('keeps a value from closing its script tag', () => {
    const json = scriptJson({ text: '</script><script>alert(1)</script>\u2028' });
    expect(json).not.toContain('</script>');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>\u2028' });
  });
});

describe('preloadLinks', () => {
  const registry = {
    catalog: { entry: '/mfe/catalog/0.1.0/mf-manifest.json' },
    cart_checkout: { entry: '/mfe/cart_checkout/0.1.0/mf-manifest.json' },
    member: { entry: '/mfe/member/0.1.0/mf-manifest.json' },
    auth: { entry: 'https://cdn.example.com/auth/remoteEntry.js' },
  };

  it("preloads the remoteEntry of every remote the header paints, not the member area's", () => {
    const links = preloadLinks(registry, '/products');
    expect(links).not.toContain('mf-manifest.json');
    expect(links).toContain('<link rel="preload" href="/mfe/catalog/0.1.0/remoteEntry.js" as="script">');
    expect(links).toContain(
      '<link rel="preload" href="https://cdn.example.com/auth/remoteEntry.js" as="script">',
    );
    expect(links).not.toContain('/mfe/member/');
  });

  it('adds the member area under /member', () => {
    expect(preloadLinks(registry, '/member/orders')).toContain('/mfe/member/0.1.0/remoteEntry.js');
  });

  it('escapes an entry so it cannot break out of the attribute', () => {
    expect(preloadLinks({ catalog: { entry: '"><script>x</script>' } }, '/')).not.toContain('"><script>');
  });
});

describe('manifestExposes (the preloads of a page)', () => {
  const manifest = (file: string) =>
    Buffer.from(
      JSON.stringify({
        exposes: [{ name: 'Home', assets: { js: { sync: [file] }, css: { sync: [] } } }],
      }),
    );
  /** A store with no folder here (S3), counting its reads; `delayMs` makes each read that slow. */
  const bucket = (delayMs = 0) => {
    const reads: string[] = [];
    return {
      reads,
      folders: {
        localDir: async () => null,
        readFile: async (remote: string, version: string) => {
          reads.push(`${remote}/${version}`);
          if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
          return manifest(`${version}.js`);
        },
      },
    };
  };

  it('reads a published version once, however many pages ask (versions never change)', async () => {
    const { reads, folders } = bucket();
    const exposesOf = manifestExposes(folders, () => null);
    for (let page = 0; page < 3; page++) {
      expect((await exposesOf('catalog', '0.1.0-aaaaaaaaaa'))[0]?.assets.js.sync).toEqual([
        '0.1.0-aaaaaaaaaa.js',
      ]);
    }
    expect(reads).toEqual(['catalog/0.1.0-aaaaaaaaaa']);
  });

  it('keeps a bounded number of versions: the oldest is read again once pushed out', async () => {
    const { reads, folders } = bucket();
    const exposesOf = manifestExposes(folders, () => null, { entries: 2 });
    for (const version of ['0.1.0-0000000001', '0.1.0-0000000002', '0.1.0-0000000003', '0.1.0-0000000001'])
      await exposesOf('catalog', version);
    expect(reads).toEqual([
      'catalog/0.1.0-0000000001',
      'catalog/0.1.0-0000000002',
      'catalog/0.1.0-0000000003',
      'catalog/0.1.0-0000000001',
    ]);
  });

  it('does not wait for a slow store past its budget: no preloads for that page, the next one has them', async () => {
    const { reads, folders } = bucket(400);
    const exposesOf = manifestExposes(folders, () => null, { budgetMs: 50 });
    const started = Date.now();
    expect(await exposesOf('catalog', '0.1.0-bbbbbbbbbb')).toEqual([]);
    expect(Date.now() - started).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await exposesOf('catalog', '0.1.0-bbbbbbbbbb')).toHaveLength(1);
    expect(reads).toHaveLength(1);
  });

  it('a store that fails costs the page its preloads only, and is asked again next time', async () => {
    let calls = 0;
    const exposesOf = manifestExposes(
      {
        localDir: async () => null,
        readFile: async () => {
          calls += 1;
          throw new Error('bucket away');
        },
      },
      () => null,
    );
    expect(await exposesOf('catalog', '0.1.0-cccccccccc')).toEqual([]);
    expect(await exposesOf('catalog', '0.1.0-cccccccccc')).toEqual([]);
    expect(calls).toBe(2);
  });

  it('reads the built-in version (the remote’s dist, rebuilt in place) on every page', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'built-in-'));
    try {
      writeFileSync(path.join(dir, 'mf-manifest.json'), manifest('first.js'));
      const exposesOf = manifestExposes({ localDir: async () => dir }, (remote) =>
        remote === 'catalog' ? '0.1.0' : null,
      );
      expect((await exposesOf('catalog', '0.1.0'))[0]?.assets.js.sync).toEqual(['first.js']);
      writeFileSync(path.join(dir, 'mf-manifest.json'), manifest('rebuilt.js'));
      expect((await exposesOf('catalog', '0.1.0'))[0]?.assets.js.sync).toEqual(['rebuilt.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
