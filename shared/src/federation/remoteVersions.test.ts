import { getInstance } from '@module-federation/enhanced/runtime';
import { canFallBack, fallBack, refreshRemote, remoteLocation, seedRemoteVersions } from './remoteVersions';

// A minimal stand-in for the page's federation instance: this unit's job is which location it
// registers, not loading (the shell's remoteReleases test drives the real runtime).
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
(getInstance as jest.Mock).mockReturnValue({ registerRemotes });

const LIVE = { entry: 'https://cdn.example/mfe/catalog/0.1.0-l/remoteEntry.js', version: '0.1.0-l' };
const CANARY = 'https://cdn.example/mfe/catalog/0.2.0-c/remoteEntry.js';
const canaryRegistry = (fallback = LIVE) => ({
  catalog: {
    entry: CANARY,
    version: '0.2.0-c',
    channel: 'canary' as const,
    integrity: 'sha384-x=',
    fallback,
  },
});

describe('remote versions of the page', () => {
  beforeEach(() => {
    registerRemotes.mockClear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('registers each remote of the registry with the runtime, its integrity where the retry plugin reads it', () => {
    seedRemoteVersions(canaryRegistry());
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'catalog', entry: CANARY }], { force: true });
    expect(window.__SHOP_REMOTE_INTEGRITY__?.[CANARY]).toBe('sha384-x=');
    expect(remoteLocation('catalog')).toEqual({ entry: CANARY, version: '0.2.0-c', integrity: 'sha384-x=' });
  });

  it('falls back once: the fallback is registered, and its own failure ends in the panel', () => {
    seedRemoteVersions(canaryRegistry());
    Object.assign(window, { webpackChunkcatalog: [['chunks of the failed version']] });
    expect(fallBack('catalog', CANARY, 'mount')).toBe(true);
    expect(remoteLocation('catalog')).toEqual(LIVE);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'catalog', entry: LIVE.entry }], {
      force: true,
    });
    // The live version's webpack runtime must not adopt the failed version's chunks.
    expect('webpackChunkcatalog' in window).toBe(false);
    // A second slot that failed on the canary loads again, from the fallback.
    expect(fallBack('catalog', CANARY, 'mount')).toBe(true);
    expect(fallBack('catalog', LIVE.entry, 'mount')).toBe(false);
    expect(registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('does not wait on the same silent origin twice: no fallback after a timeout there', () => {
    seedRemoteVersions(canaryRegistry());
    expect(canFallBack('catalog', CANARY, 'timeout')).toBe(false);
    expect(canFallBack('catalog', CANARY, 'not-found')).toBe(true);
    seedRemoteVersions(
      canaryRegistry({ entry: 'https://backup.example/catalog/remoteEntry.js', version: '0.1.0-l' }),
    );
    expect(canFallBack('catalog', CANARY, 'timeout')).toBe(true);
  });

  it('has no fallback for a remote the registry gives none, nor for one it does not list', () => {
    seedRemoteVersions({
      auth: { entry: '/mfe/auth/0.1.0/remoteEntry.js', version: '0.1.0', channel: 'live' },
    });
    expect(fallBack('auth', '/mfe/auth/0.1.0/remoteEntry.js', 'script-error')).toBe(false);
    expect(fallBack('nobody', undefined, 'script-error')).toBe(false);
  });

  it('Retry takes the registry as it is now, and may fall back again from there', async () => {
    const released = { entry: 'https://cdn.example/mfe/catalog/0.3.0-r/remoteEntry.js', version: '0.3.0-r' };
    seedRemoteVersions(canaryRegistry(), async () => ({
      catalog: { ...released, channel: 'canary', fallback: LIVE },
    }));
    fallBack('catalog', CANARY, 'not-found');
    await refreshRemote('catalog');
    expect(remoteLocation('catalog')).toEqual(released);
    expect(canFallBack('catalog', released.entry, 'mount')).toBe(true);
  });

  it('Retry registers the known version again when the registry cannot be read', async () => {
    seedRemoteVersions(canaryRegistry(), async () => {
      throw new Error('offline');
    });
    registerRemotes.mockClear();
    await refreshRemote('catalog');
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'catalog', entry: CANARY }], { force: true });
  });
});
