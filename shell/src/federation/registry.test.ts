import { overrides, parseRegistry, readRegistry } from './registry';

const CANARY = {
  entry: 'https://cdn.example/mfe/catalog/0.2.0-3fa9c2d1e0/remoteEntry.js',
  version: '0.2.0-3fa9c2d1e0',
  channel: 'canary',
  integrity: 'sha384-abc+/=',
  fallback: { entry: '/mfe/catalog/0.1.0/remoteEntry.js', version: '0.1.0' },
};

describe('remote registry', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    delete window.__SHOP_REMOTES__;
    jest.restoreAllMocks();
  });

  it('keeps each remote’s version, channel, integrity and fallback', () => {
    expect(parseRegistry({ catalog: CANARY })).toEqual({ catalog: CANARY });
  });

  it('reads a registry of entries only (a server before issue 18) as version "unknown" on the live channel', () => {
    expect(parseRegistry({ catalog: { entry: 'https://cdn.example/catalog/remoteEntry.js' } })).toEqual({
      catalog: { entry: 'https://cdn.example/catalog/remoteEntry.js', version: 'unknown', channel: 'live' },
    });
  });

  it('loads the remoteEntry.js beside a manifest entry (the runtime is built without manifests)', () => {
    expect(
      parseRegistry({ catalog: { entry: '/mfe/catalog/0.1.0/mf-manifest.json', version: '0.1.0' } }),
    ).toEqual({
      catalog: { entry: '/mfe/catalog/0.1.0/remoteEntry.js', version: '0.1.0', channel: 'live' },
    });
  });

  it('skips only a malformed remote, with a console error naming it, and keeps the other three', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const registry = parseRegistry({
      catalog: {},
      cart_checkout: { entry: '/mfe/cart_checkout/0.1.0/remoteEntry.js', version: '0.1.0', channel: 'live' },
      member: { entry: '/mfe/member/0.1.0/remoteEntry.js', version: '0.1.0', channel: 'live' },
      auth: { entry: '/mfe/auth/0.1.0/remoteEntry.js', version: '0.1.0', channel: 'live' },
    });
    expect(Object.keys(registry)).toEqual(['cart_checkout', 'member', 'auth']);
    expect(error).toHaveBeenCalledWith('[shop] remotes.json: catalog has no entry; skipped');
  });

  it.each([
    ['an entry that is not a string', { entry: 42 }, 'has no entry'],
    ['a version with a slash', { entry: 'e.js', version: '../1' }, 'has an invalid version ../1'],
    ['an unknown channel', { entry: 'e.js', channel: 'beta' }, 'has an unknown channel beta'],
    ['a malformed integrity', { entry: 'e.js', integrity: 'md5-x' }, 'has an invalid integrity'],
    ['a fallback without entry', { entry: 'e.js', fallback: { version: '1' } }, 'fallback has no entry'],
    ['an entry that is not an object', 'e.js', 'is not an object'],
  ])('skips a remote with %s', (_case, spec, reason) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseRegistry({ catalog: spec, auth: { entry: 'a.js' } })).toEqual({
      auth: { entry: 'a.js', version: 'unknown', channel: 'live' },
    });
    expect(error).toHaveBeenCalledWith(`[shop] remotes.json: catalog ${reason}; skipped`);
  });

  it('refuses a registry that is not an object at all', () => {
    expect(() => parseRegistry(null)).toThrow('remotes.json is not an object');
  });

  it('lists the remotes a developer override points elsewhere', () => {
    const registry = parseRegistry({
      catalog: { entry: 'http://localhost:3001/remoteEntry.js', version: 'local', channel: 'override' },
      auth: { entry: '/mfe/auth/0.1.0/remoteEntry.js', version: '0.1.0', channel: 'live' },
    });
    expect(overrides(registry)).toEqual([
      { remote: 'catalog', entry: 'http://localhost:3001/remoteEntry.js' },
    ]);
  });

  it('uses the registry inlined into the page without fetching', async () => {
    window.__SHOP_REMOTES__ = { auth: { entry: '/mfe/auth/0.1.0/remoteEntry.js', version: '0.1.0' } };
    const fetchImpl = jest.fn();
    await expect(readRegistry(fetchImpl)).resolves.toEqual({
      auth: { entry: '/mfe/auth/0.1.0/remoteEntry.js', version: '0.1.0', channel: 'live' },
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches /remotes.json afresh (no-cache, time-limited) when Retry asks, even with a registry inlined', async () => {
    window.__SHOP_REMOTES__ = { auth: { entry: 'inlined.js' } };
    const ok = jest
      .fn()
      .mockResolvedValue({ ok: true, status: 200, json: async () => ({ member: { entry: 'm.js' } }) });
    await expect(readRegistry(ok, { fresh: true })).resolves.toEqual({
      member: { entry: 'm.js', version: 'unknown', channel: 'live' },
    });
    expect(ok).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache', signal: expect.any(AbortSignal) });
  });

  it('fails loudly on an error answer', async () => {
    const broken = jest.fn().mockResolvedValue({ ok: false, status: 503 });
    await expect(readRegistry(broken)).rejects.toThrow('remotes.json answered 503');
  });
});
