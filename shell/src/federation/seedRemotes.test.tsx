/**
 * Start-up without a registry: `/remotes.json` fails, so the page knows no remote, and Retry on a
 * remote's panel must read the registry again and load that remote once the server answers.
 * The federation runtime is a stand-in that loads only what was registered with it (the shell's
 * remoteReleases test drives the real one).
 */
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { RemoteSlot } from '@shop/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { seedRemotes } from './seedRemotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn(), loadRemote: jest.fn() }));

const registered = new Map<string, string>();
const MEMBER_ENTRY = 'https://member.cdn.example/mfe/member/0.1.0-m1/remoteEntry.js';
const MemberPage = Object.assign(() => <p>member page</p>, { busContractVersion: BUS_CONTRACT_VERSION });
let registryUp = false;
const registryReads: RequestInit[] = [];

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  (getInstance as jest.Mock).mockReturnValue({
    registerRemotes: (remotes: { name: string; entry: string }[]) => {
      for (const { name, entry } of remotes) registered.set(name, entry);
    },
  });
  (loadRemote as jest.Mock).mockImplementation(async (id: string) => {
    const remote = id.split('/')[0] ?? id;
    if (registered.get(remote) !== MEMBER_ENTRY) throw new Error(`${remote} is not registered`);
    return { default: MemberPage };
  });
  Object.assign(globalThis, {
    fetch: jest.fn(async (url: string, init: RequestInit) => {
      if (url !== '/remotes.json') return { ok: true, status: 202 };
      registryReads.push(init);
      if (!registryUp) throw new TypeError('Failed to fetch');
      return {
        ok: true,
        status: 200,
        json: async () => ({ member: { entry: MEMBER_ENTRY, version: '0.1.0-m1', channel: 'live' } }),
      };
    }),
  });
});

afterEach(() => jest.restoreAllMocks());

describe('a page whose registry could not be read at start', () => {
  it('shows every remote area as unavailable, and Retry reads the registry again and loads the remote', async () => {
    await expect(seedRemotes()).resolves.toEqual([]);
    render(<RemoteSlot module="member/Page" variant="page" />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(registered.has('member')).toBe(false);

    registryUp = true;
    fireEvent.click(retry);
    expect(await screen.findByText('member page')).toBeInTheDocument();
    expect(registered.get('member')).toBe(MEMBER_ENTRY);
    expect(registryReads).toHaveLength(2);
    expect(registryReads[1]?.cache).toBe('no-cache');
  });
});
