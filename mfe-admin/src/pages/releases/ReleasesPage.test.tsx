import type { RegistryHistoryEntry, RemoteStatus } from '@shop/contract';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { formatRate, versionLines } from './releaseStats';

beforeEach(() => signOutEverywhere());

const catalog = (over: Partial<RemoteStatus> = {}): RemoteStatus => ({
  remote: 'catalog',
  live: { version: '0.1.0-aaaaaaaaaa', since: '2026-11-20T10:00:00.000Z' },
  builtIn: '0.1.0-0000000000',
  canary: { version: '0.1.0-bbbbbbbbbb', percent: 10, since: '2026-11-27T09:00:00.000Z' },
  rollbackTo: '0.1.0-0000000000',
  revision: 7,
  lastHour: [
    { version: '0.1.0-aaaaaaaaaa', loads: 190, failures: 0 },
    { version: '0.1.0-bbbbbbbbbb', loads: 39, failures: 1 },
  ],
  ...over,
});

const VERSIONS = {
  versions: [
    { version: '0.1.0-cccccccccc', publishedAt: '2026-11-27T08:00:00.000Z', state: 'retained', bytes: 10 },
    { version: '0.1.0-bbbbbbbbbb', publishedAt: '2026-11-26T08:00:00.000Z', state: 'canary', bytes: 10 },
    { version: '0.1.0-aaaaaaaaaa', publishedAt: '2026-11-20T08:00:00.000Z', state: 'live', bytes: 10 },
    {
      version: '0.1.0-dddddddddd',
      publishedAt: '2026-11-19T08:00:00.000Z',
      state: 'refused',
      refusal: 'bus contract 99',
      bytes: 10,
    },
  ],
};

const HISTORY: RegistryHistoryEntry[] = [
  {
    id: 3,
    remote: 'catalog',
    action: 'canary',
    version: '0.1.0-bbbbbbbbbb',
    fromVersion: '0.1.0-aaaaaaaaaa',
    percent: 10,
    actor: 'owner@example.com',
    reason: '<img src=x onerror=alert(1)> new heading',
    at: '2026-11-27T09:00:00.000Z',
  },
];

describe('the per-version figures', () => {
  it('counts a failure rate of the attempts, as the automatic abort does, and always lists live and canary', () => {
    const lines = versionLines(
      catalog({ lastHour: [{ version: '0.1.0-bbbbbbbbbb', loads: 39, failures: 1 }] }),
    );
    expect(lines).toEqual([
      { version: '0.1.0-aaaaaaaaaa', role: 'live', loads: 0, failures: 0, failureRate: null },
      { version: '0.1.0-bbbbbbbbbb', role: 'canary', loads: 39, failures: 1, failureRate: 0.025 },
    ]);
    expect(formatRate(0.025)).toBe('2.5 %');
    expect(formatRate(0.25)).toBe('25 %');
    expect(formatRate(null)).toBe('—');
  });

  it('names the built-in version live while nothing is promoted', () => {
    const [line] = versionLines(catalog({ live: null, canary: null, lastHour: [] }));
    expect(line).toMatchObject({ version: '0.1.0-0000000000', role: 'built-in' });
  });
});

describe('the releases page', () => {
  it('shows each remote with its live and canary versions, loads and failure rates', async () => {
    installFakeBackend(routeTable({ 'GET admin/remotes': ok({ remotes: [catalog()] }) }));
    signIn('owner');
    renderAdmin('/admin/releases');

    const card = await screen.findByRole('region', { name: 'catalog' });
    expect(card).toHaveTextContent('0.1.0-aaaaaaaaaa since');
    expect(card).toHaveTextContent('0.1.0-bbbbbbbbbb for 10 % of shoppers');
    const canaryRow = within(card).getByRole('row', { name: /0\.1\.0-bbbbbbbbbb \(canary\)/ });
    expect(canaryRow).toHaveTextContent('39');
    expect(canaryRow).toHaveTextContent('2.5 %');
    expect(within(card).getByRole('button', { name: 'Abort the canary…' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Roll back…' })).toBeInTheDocument();
  });

  it('starts a canary with a version, a share and the required reason, sending the revision it saw', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/remotes': ok({ remotes: [catalog({ canary: null })] }),
        'GET admin/remotes/catalog/versions': ok(VERSIONS),
        'POST admin/remotes/catalog/canary': ok({ remote: catalog() }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/releases');

    const opener = await screen.findByRole('button', { name: 'Start a canary…' });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Canary a version of catalog' });
    const version = await within(dialog).findByLabelText('Version');
    // Neither a refused version, nor the live one, nor the one already in canary is offered.
    expect(
      within(version)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['0.1.0-cccccccccc']);
    // Focus starts in the dialog, on its first field.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the canary' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write the reason first.');
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Share of shoppers (%)'), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the history)'), {
      target: { value: 'try the new heading' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the canary' }));

    expect(await screen.findByText('The canary is on.')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.calls.find((call) => call.method === 'POST')?.body).toEqual({
      version: '0.1.0-cccccccccc',
      percent: 25,
      reason: 'try the new heading',
      ifRevision: 7,
    });
  });

  it("keeps the dialog open with the API's refusal, and Escape closes it", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/remotes': ok({ remotes: [catalog()] }),
        'POST admin/remotes/catalog/rollback': refused(
          409,
          'REGISTRY_CHANGED',
          'The registry changed since you looked: reload and try again.',
        ),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/releases');

    fireEvent.click(await screen.findByRole('button', { name: 'Roll back…' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back catalog' });
    expect(dialog).toHaveTextContent('0.1.0-0000000000 becomes live again, and the canary ends.');
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the history)'), {
      target: { value: 'bad numbers' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The registry changed since you looked: reload and try again.',
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the history on demand, its reasons as text', async () => {
    installFakeBackend(
      routeTable({
        'GET admin/remotes': ok({ remotes: [catalog()] }),
        'GET admin/remotes/catalog/history': ok({ history: HISTORY }),
      }),
    );
    signIn('owner');
    const { container } = renderAdmin('/admin/releases');

    const toggle = await screen.findByRole('button', { name: 'Show history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const history = await screen.findByRole('list', { name: 'History of catalog' });
    expect(history).toHaveTextContent('Canary 0.1.0-bbbbbbbbbb at 10 % (was 0.1.0-aaaaaaaaaa)');
    expect(history).toHaveTextContent('by owner@example.com');
    expect(history).toHaveTextContent('Reason: <img src=x onerror=alert(1)> new heading');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Hide history' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('is for owners only: staff get the notice and no call is made', async () => {
    const backend = installFakeBackend(routeTable({}));
    signIn('staff');
    renderAdmin('/admin/releases');

    expect(await screen.findByRole('heading', { name: 'Owners only' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Remote releases' })).not.toBeInTheDocument();
    expect(backend.calls.filter((call) => call.path.startsWith('admin/remotes'))).toEqual([]);
  });
});
