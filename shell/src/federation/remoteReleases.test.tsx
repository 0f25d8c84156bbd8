/**
 * A remote version failing in the browser, end to end inside one page: the real Module
 * Federation runtime (init with the shell's retry and fallback plugins), the registry parser,
 * @shop/shared's remote versions and RemoteSlot. Only the network is faked: jsdom does not load
 * scripts, so `servePage` answers each remoteEntry.js <script> the runtime appends (load, error or
 * never) and `fetch` answers the plugins' HEAD probes and `/remotes.json`.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { init } from '@module-federation/enhanced/runtime';
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { RemoteSlot, seedRemoteVersions } from '@shop/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import fallbackPlugin from './fallback-plugin';
import { RETRY_DELAY_MS, SCRIPT_TIMEOUT_MS } from './loadLimits';
import { parseRegistry, readRegistry } from './registry';
import retryPlugin from './retry-plugin';

init({ name: 'shell', remotes: [], plugins: [retryPlugin(), fallbackPlugin()] });
// jsdom's Blob cannot be read back (no text()); Node's is the same Web API and can.
Object.assign(globalThis, { Blob: NodeBlob });

type Exposed = ComponentType<Record<string, unknown>> & { busContractVersion: number };
/** How the fake origin answers a remoteEntry.js: a container, a 404, a dead port, or silence. */
type Answer = { exposes: Record<string, () => Promise<Exposed>> } | 'not-found' | 'refused' | 'hang';

const answers = new Map<string, Answer>();
const appended: HTMLScriptElement[] = [];
const beacons: { url: string; body: Record<string, string> }[] = [];
let registryAnswer: unknown = {};
const fetchCalls: { url: string; init?: RequestInit }[] = [];

/** An exposed module as `exposeWithin` makes it, rendering `text`. */
function exposed(text: string): Exposed {
  return Object.assign(() => <p>{text}</p>, { busContractVersion: BUS_CONTRACT_VERSION });
}
function throwing(): Exposed {
  return Object.assign(
    (): ReactNode => {
      throw new Error('broken release');
    },
    { busContractVersion: BUS_CONTRACT_VERSION },
  );
}

/** A remote version that exposes `Page` rendering `text` (and a `Search` fragment). */
function serving(text: string, Page: Exposed = exposed(text)): Answer {
  return { exposes: { './Page': async () => Page, './Search': async () => exposed(`${text} search`) } };
}

function answerScript(script: HTMLScriptElement): void {
  const answer = answers.get(script.src.split('?')[0] ?? '');
  if (answer === undefined || answer === 'hang') return;
  setTimeout(() => {
    if (typeof answer === 'string') {
      script.dispatchEvent(new Event('error'));
      return;
    }
    // The remoteEntry defines its container under the remote's name, as webpack's does.
    Object.assign(window, {
      catalog: {
        init: () => undefined,
        get: async (expose: string) => {
          const load = answer.exposes[expose];
          if (!load) throw new Error(`no ${expose}`);
          const Component = await load();
          return () => ({ default: Component });
        },
      },
    });
    script.dispatchEvent(new Event('load'));
  }, 20);
}

const appendChild = document.head.appendChild.bind(document.head);

beforeEach(() => {
  jest.useFakeTimers();
  answers.clear();
  appended.length = 0;
  beacons.length = 0;
  fetchCalls.length = 0;
  Reflect.deleteProperty(window, 'catalog');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) {
      appended.push(node);
      answerScript(node);
    }
    return appendChild(node);
  });
  Object.assign(navigator, {
    sendBeacon: (url: string, data: Blob) => {
      void data.text().then((text) => beacons.push({ url, body: JSON.parse(text) }));
      return true;
    },
  });
  Object.assign(globalThis, {
    fetch: jest.fn(async (url: string, init?: RequestInit) => {
      fetchCalls.push({ url, init });
      if (url === '/remotes.json') return { ok: true, status: 200, json: async () => registryAnswer };
      const answer = answers.get(url);
      if (answer === 'refused' || answer === 'hang') throw new TypeError('Failed to fetch');
      const status = answer === 'not-found' || answer === undefined ? 404 : 200;
      return { ok: status === 200, status };
    }),
  });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** Seeds the page's remote versions as bootstrap.tsx does, from a registry as the server sends it. */
function seed(registry: unknown): void {
  registryAnswer = registry;
  seedRemoteVersions(parseRegistry(registry), () => readRegistry(fetch, { fresh: true }));
}

/**
 * Lets `ms` of page time pass in steps: React flushes the work an act() scope scheduled only when
 * the scope ends, so one long act would hold every re-render until its last millisecond.
 */
async function advance(ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= STEP_MS) {
    await act(async () => {
      await jest.advanceTimersByTimeAsync(Math.min(STEP_MS, left));
    });
  }
}
const STEP_MS = 50;

/** Script requests for a remoteEntry, its retry (`?retry=1`) included. */
const scriptsFor = (url: string) => appended.filter((script) => script.src.split('?')[0] === url).length;
const errorReports = () =>
  beacons.filter(({ url }) => url === '/backend/api/remote-errors').map(({ body }) => body);
const loadReports = () =>
  beacons.filter(({ url }) => url === '/backend/api/remote-loads').map(({ body }) => body);

const CDN = 'https://catalog.cdn.example';
/** A version's remoteEntry.js; every test names its own versions (the page keeps what it loaded). */
const entryOf = (version: string, origin = CDN) => `${origin}/mfe/catalog/${version}/remoteEntry.js`;

/** The registry a canary shopper gets (with the live version as fallback), or a live one. */
function registryWith(version: string, fallback?: string, fallbackOrigin = CDN) {
  const entry = entryOf(version);
  if (!fallback) return { catalog: { entry, version, channel: 'live' } };
  return {
    catalog: {
      entry,
      version,
      channel: 'canary',
      fallback: { entry: entryOf(fallback, fallbackOrigin), version: fallback },
    },
  };
}

describe('a remote version that fails in the browser', () => {
  it('loads the fallback version once, without a reload, when the canary answers 404, and reports not-found', async () => {
    answers.set(entryOf('0.2.0-c1'), 'not-found');
    answers.set(entryOf('0.1.0-l1'), serving('live catalog'));
    seed(registryWith('0.2.0-c1', '0.1.0-l1'));
    render(<RemoteSlot module="catalog/Page" variant="page" />);
    await advance(1_000);
    expect(screen.getByText('live catalog')).toBeInTheDocument();
    // A 404 is final: no second request for the canary.
    expect(scriptsFor(entryOf('0.2.0-c1'))).toBe(1);
    expect(errorReports()).toEqual([
      { remote: 'catalog', version: '0.2.0-c1', kind: 'not-found', route: '/' },
    ]);
    expect(loadReports()).toEqual([{ remote: 'catalog', version: '0.1.0-l1' }]);
  });

  it('mounts the fallback version when the canary throws while mounting, and reports mount', async () => {
    answers.set(entryOf('0.2.0-c2'), serving('broken', throwing()));
    answers.set(entryOf('0.1.0-l2'), serving('live catalog'));
    seed(registryWith('0.2.0-c2', '0.1.0-l2'));
    render(<RemoteSlot module="catalog/Page" variant="page" />);
    await advance(1_000);
    expect(screen.getByText('live catalog')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(errorReports()).toEqual([{ remote: 'catalog', version: '0.2.0-c2', kind: 'mount', route: '/' }]);
    expect(loadReports()).toEqual([{ remote: 'catalog', version: '0.1.0-l2' }]);
  });

  it('falls back only once: when the fallback fails too, the panel with Retry shows', async () => {
    answers.set(entryOf('0.2.0-c3'), 'not-found');
    answers.set(entryOf('0.1.0-l3'), serving('broken', throwing()));
    seed(registryWith('0.2.0-c3', '0.1.0-l3'));
    render(<RemoteSlot module="catalog/Page" variant="page" />);
    await advance(1_000);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(scriptsFor(entryOf('0.2.0-c3'))).toBe(1);
    expect(scriptsFor(entryOf('0.1.0-l3'))).toBe(1);
    expect(errorReports().map(({ version, kind }) => `${version} ${kind}`)).toEqual([
      '0.2.0-c3 not-found',
      '0.1.0-l3 mount',
    ]);
    expect(loadReports()).toEqual([]);
  });

  it('gives a silent origin 5 s, tries once more, and mounts the fallback from another origin within 12 s', async () => {
    answers.set(entryOf('0.2.0-c4'), 'hang');
    answers.set(entryOf('0.1.0-l4', 'https://backup.cdn.example'), serving('live from the backup origin'));
    seed(registryWith('0.2.0-c4', '0.1.0-l4', 'https://backup.cdn.example'));
    render(<RemoteSlot module="catalog/Page" variant="page" />);
    await advance(SCRIPT_TIMEOUT_MS + 100);
    expect(scriptsFor(entryOf('0.2.0-c4'))).toBe(1);
    await advance(RETRY_DELAY_MS);
    // The one retry, given the same 5 s, at a URL of its own (see retry-plugin.ts).
    expect(appended.map(({ src }) => src)).toEqual([entryOf('0.2.0-c4'), `${entryOf('0.2.0-c4')}?retry=1`]);
    await advance(SCRIPT_TIMEOUT_MS - 200);
    expect(screen.queryByText('live from the backup origin')).not.toBeInTheDocument();
    await advance(12_000 - 2 * SCRIPT_TIMEOUT_MS - RETRY_DELAY_MS + 100);
    expect(screen.getByText('live from the backup origin')).toBeInTheDocument();
    expect(scriptsFor(entryOf('0.2.0-c4'))).toBe(2);
    expect(errorReports()).toEqual([{ remote: 'catalog', version: '0.2.0-c4', kind: 'timeout', route: '/' }]);
  });

  it('shows the panel after about 10 s when the fallback is on the same silent origin', async () => {
    answers.set(entryOf('0.2.0-c5'), 'hang');
    answers.set(entryOf('0.1.0-l5'), 'hang');
    seed(registryWith('0.2.0-c5', '0.1.0-l5'));
    render(<RemoteSlot module="catalog/Page" variant="page" />);
    await advance(2 * SCRIPT_TIMEOUT_MS);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await advance(RETRY_DELAY_MS + 200);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(scriptsFor(entryOf('0.1.0-l5'))).toBe(0);
  });

  it('retries an origin that refuses the connection once, then mounts the fallback and reports script-error', async () => {
    answers.set(entryOf('0.2.0-c11'), 'refused');
    answers.set(entryOf('0.1.0-l11'), serving('live after a refusal'));
    const registry = registryWith('0.2.0-c11', '0.1.0-l11');
    seed({ catalog: { ...registry.catalog, integrity: 'sha384-c11=' } });
    render(<RemoteSlot module="catalog/Page" variant="page" />);
    await advance(1_000);
    expect(screen.getByText('live after a refusal')).toBeInTheDocument();
    expect(scriptsFor(entryOf('0.2.0-c11'))).toBe(2);
    // The retry keeps the version's integrity.
    expect(appended.slice(0, 2).map(({ integrity }) => integrity)).toEqual(['sha384-c11=', 'sha384-c11=']);
    expect(errorReports()).toEqual([
      { remote: 'catalog', version: '0.2.0-c11', kind: 'script-error', route: '/' },
    ]);
  });

  it('counts an origin that first stays silent as timed out, however its retry fails, and probes it no more', async () => {
    answers.set(entryOf('0.2.0-c12'), 'hang');
    answers.set(entryOf('0.1.0-l12'), 'hang');
    seed(registryWith('0.2.0-c12', '0.1.0-l12'));
    render(<RemoteSlot module="catalog/Page" variant="page" />);
    await advance(SCRIPT_TIMEOUT_MS + 100);
    answers.set(entryOf('0.2.0-c12'), 'refused');
    await advance(RETRY_DELAY_MS + 200);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(fetchCalls.filter(({ url }) => url === entryOf('0.2.0-c12'))).toEqual([]);
    expect(errorReports()).toEqual([
      { remote: 'catalog', version: '0.2.0-c12', kind: 'timeout', route: '/' },
    ]);
  });

  it('reports once per remote, version and kind, however many slots of it the page has', async () => {
    answers.set(entryOf('0.2.0-c6'), 'not-found');
    answers.set(entryOf('0.1.0-l6'), serving('live'));
    seed(registryWith('0.2.0-c6', '0.1.0-l6'));
    render(
      <>
        <RemoteSlot module="catalog/Page" variant="page" />
        <RemoteSlot module="catalog/Search" />
      </>,
    );
    await advance(1_000);
    expect(screen.getByText('live')).toBeInTheDocument();
    expect(screen.getByText('live search')).toBeInTheDocument();
    expect(errorReports()).toEqual([
      { remote: 'catalog', version: '0.2.0-c6', kind: 'not-found', route: '/' },
    ]);
    expect(loadReports()).toEqual([{ remote: 'catalog', version: '0.1.0-l6' }]);
  });

  it('Retry reads /remotes.json again and loads the version it names now', async () => {
    answers.set(entryOf('0.2.0-gone7'), 'not-found');
    answers.set(entryOf('0.3.0-fixed7'), serving('fixed catalog'));
    seed(registryWith('0.2.0-gone7'));
    render(<RemoteSlot module="catalog/Page" variant="page" />);
    await advance(1_000);
    registryAnswer = registryWith('0.3.0-fixed7');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(1_000);
    expect(screen.getByText('fixed catalog')).toBeInTheDocument();
    const registryReads = fetchCalls.filter(({ url }) => url === '/remotes.json');
    expect(registryReads).toHaveLength(1);
    expect(registryReads[0]?.init?.cache).toBe('no-cache');
  });

  it('loads a remoteEntry with its recorded integrity as a CORS request', async () => {
    answers.set(entryOf('0.1.0-l8'), serving('checked'));
    seed({
      catalog: { entry: entryOf('0.1.0-l8'), version: '0.1.0-l8', channel: 'live', integrity: 'sha384-abc=' },
    });
    render(<RemoteSlot module="catalog/Page" />);
    await advance(1_000);
    expect(screen.getByText('checked')).toBeInTheDocument();
    expect(appended[0]?.integrity).toBe('sha384-abc=');
    expect(appended[0]?.crossOrigin).toBe('anonymous');
  });

  it("retries an exposed module's chunk once when it fails to load", async () => {
    let loads = 0;
    answers.set(entryOf('0.1.0-l9'), {
      exposes: {
        './Page': async () => {
          loads += 1;
          if (loads === 1) throw Object.assign(new Error('Loading chunk 18 failed.'), { type: 'error' });
          return exposed('second try');
        },
      },
    });
    seed(registryWith('0.1.0-l9'));
    render(<RemoteSlot module="catalog/Page" />);
    await advance(1_000);
    expect(screen.getByText('second try')).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('does not retry a chunk that answers 404, and falls back', async () => {
    const chunk = `${CDN}/mfe/catalog/0.2.0-c10/18.js`;
    answers.set(entryOf('0.2.0-c10'), {
      exposes: {
        './Page': async () => {
          throw Object.assign(new Error('Loading chunk 18 failed.'), { type: 'missing', request: chunk });
        },
      },
    });
    answers.set(entryOf('0.1.0-l10'), serving('live after a missing chunk'));
    seed(registryWith('0.2.0-c10', '0.1.0-l10'));
    render(<RemoteSlot module="catalog/Page" />);
    await advance(1_000);
    expect(screen.getByText('live after a missing chunk')).toBeInTheDocument();
    expect(fetchCalls.filter(({ url }) => url === chunk)).toHaveLength(1);
    expect(errorReports()).toEqual([
      { remote: 'catalog', version: '0.2.0-c10', kind: 'not-found', route: '/' },
    ]);
  });
});
