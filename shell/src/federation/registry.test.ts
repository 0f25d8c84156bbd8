import { parseRegistry, readRegistry } from './registry';

describe('remote registry', () => {
  afterEach(() => {
    delete window.__SHOP_REMOTES__;
  });

  it('accepts one entry URL per remote', () => {
    expect(parseRegistry({ catalog: { entry: 'https://cdn.example/catalog/remoteEntry.js' } })).toEqual({
      catalog: { entry: 'https://cdn.example/catalog/remoteEntry.js' },
    });
  });

  it('loads the remoteEntry.js beside a manifest entry (the runtime is built without manifests)', () => {
    expect(parseRegistry({ catalog: { entry: '/mfe/catalog/0.1.0/mf-manifest.json' } })).toEqual({
      catalog: { entry: '/mfe/catalog/0.1.0/remoteEntry.js' },
    });
  });

  it('rejects a remote without an entry', () => {
    expect(() => parseRegistry({ catalog: {} })).toThrow('remotes.json: catalog has no entry');
    expect(() => parseRegistry(null)).toThrow('remotes.json is not an object');
  });

  it('uses the registry inlined into the page without fetching', async () => {
    window.__SHOP_REMOTES__ = { auth: { entry: '/mfe/auth/0.1.0/remoteEntry.js' } };
    const fetchImpl = jest.fn();
    await expect(readRegistry(fetchImpl)).resolves.toEqual({
      auth: { entry: '/mfe/auth/0.1.0/remoteEntry.js' },
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches /remotes.json when nothing is inlined and fails loudly on an error answer', async () => {
    const ok = jest
      .fn()
      .mockResolvedValue({ ok: true, status: 200, json: async () => ({ member: { entry: 'm.json' } }) });
    await expect(readRegistry(ok)).resolves.toEqual({ member: { entry: 'm.json' } });
    expect(ok).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
    const broken = jest.fn().mockResolvedValue({ ok: false, status: 503 });
    await expect(readRegistry(broken)).rejects.toThrow('remotes.json answered 503');
  });
});
