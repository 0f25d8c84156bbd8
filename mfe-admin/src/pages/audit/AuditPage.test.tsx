import type { AuditEntry } from '@shop/contract/schemas/backOffice';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { fillIn, listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { auditQueryOf, changeLines, detailLines } from './auditDetails';

beforeEach(() => signOutEverywhere());

const XSS = '<img src=x onerror=alert(1)>';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 9,
  admin: { id: 1, email: 'owner@example.com' },
  action: 'POST admin/remotes/:remote/canary',
  object_type: 'remotes',
  object_id: 'catalog',
  reason: `new heading ${XSS}`,
  details: { version: '0.1.0-bbbbbbbbbb', percent: 10, note: { text: XSS, tags: ['a', 'b'] } },
  before: null,
  after: null,
  created_at: '2026-11-27T09:00:00.000Z',
  ...over,
});

/** The audit log's pages hold 50. */
const pageOf = (items: AuditEntry[], currentPage = 1, pageCount = 1) =>
  listPage(items, { currentPage, pageCount, perPage: 50, totalCount: items.length + (pageCount - 1) * 50 });

describe('the audit details as text', () => {
  it('writes nested keys dotted and lists joined', () => {
    expect(detailLines(entry().details)).toEqual([
      'version: 0.1.0-bbbbbbbbbb',
      'percent: 10',
      `note.text: ${XSS}`,
      'note.tags: a, b',
    ]);
    expect(detailLines(null)).toEqual([]);
    expect(detailLines({ empty: {}, none: null })).toEqual(['empty: (empty)', 'none: (none)']);
  });

  it('lists the fields a change changed, before and after', () => {
    const before = { title: 'Mug', price: '12.50', specs: [{ name: 'Colour', value: 'Red' }], hint: null };
    const after = { title: 'Mug', price: '14.00', specs: [{ name: 'Colour', value: 'Blue' }], hint: 'Gift' };
    expect(changeLines(before, after)).toEqual([
      'price: 12.50 → 14.00',
      'specs: {"name":"Colour","value":"Red"} → {"name":"Colour","value":"Blue"}',
      'hint: (none) → Gift',
    ]);
    expect(changeLines(null, { title: 'New' })).toEqual(['title: (none) → New']);
    expect(changeLines({ title: 'Gone' }, null)).toEqual(['title: Gone → (none)']);
    expect(changeLines(null, null)).toEqual([]);
    expect(changeLines(before, before)).toEqual([]);
  });

  it('reads only well-formed filters from the address', () => {
    expect(auditQueryOf(new URLSearchParams('admin= staff &action=&from=2026-11-01&to=nope&page=0'))).toEqual(
      {
        admin: 'staff',
        from: '2026-11-01',
      },
    );
  });
});

describe('the audit log page', () => {
  it('shows who did what, to which object, why, and the details as text', async () => {
    installFakeBackend(routeTable({ 'GET admin/audit': ok(pageOf([entry()])) }));
    signIn('owner');
    const { container } = renderAdmin('/admin/audit');

    const [row] = await screen.findAllByTestId('audit-entry');
    expect(row).toHaveTextContent('POST admin/remotes/:remote/canary');
    expect(row).toHaveTextContent('owner@example.com');
    expect(row).toHaveTextContent('remotes catalog');
    expect(row).toHaveTextContent(`Reason${`new heading ${XSS}`}`);
    expect(row).toHaveTextContent(`note.text: ${XSS}`);
    expect(container.querySelector('img')).toBeNull();
  });

  it("shows a change's fields before and after, as text", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/audit': ok(
          pageOf([entry({ before: { title: XSS, price: '1.00' }, after: { title: 'Safe', price: '1.00' } })]),
        ),
      }),
    );
    signIn('owner');
    const { container } = renderAdmin('/admin/audit');

    const changes = await screen.findByRole('list', { name: 'Changes' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`title: ${XSS} → Safe`]);
    expect(container.querySelector('img')).toBeNull();
  });

  it('sends the filters to the API and keeps them in the address', async () => {
    const backend = installFakeBackend(routeTable({ 'GET admin/audit': ok(pageOf([])) }));
    signIn('owner');
    renderAdmin('/admin/audit');

    const filters = await screen.findByRole('search', { name: 'Filter the audit log' });
    fillIn(
      { 'Admin e-mail': 'staff@', Action: 'remotes', From: '2026-11-01', To: '2026-11-27' },
      within(filters),
    );
    fireEvent.click(within(filters).getByRole('button', { name: 'Filter' }));

    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
    expect(backend.calls.at(-1)?.query).toEqual({
      admin: 'staff@',
      action: 'remotes',
      from: '2026-11-01',
      to: '2026-11-27',
    });
    expect(screen.getByLabelText('Action')).toHaveValue('remotes');
  });

  it('pages through the log', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/audit': (call) => ok(pageOf([entry()], Number(call.query.page ?? 1), 3)),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/audit?action=remotes');

    expect(await screen.findByText(/page 1 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(/page 2 of 3/)).toBeInTheDocument();
    expect(backend.calls.at(-1)?.query).toEqual({ action: 'remotes', page: '2' });
  });

  it('says why the API refuses the dates', async () => {
    installFakeBackend(
      routeTable({
        'GET admin/audit': refused(400, 'VALIDATION_ERROR', 'Invalid to', { to: 'Not before from' }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/audit?from=2026-11-27&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not before from');
  });
});
