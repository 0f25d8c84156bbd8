import { installFakeBackend, ok, refused } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { fillIn, listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { queueOrder } from '../../test/orderFixtures';

beforeEach(() => signOutEverywhere());

const page = (items: ReturnType<typeof queueOrder>[], currentPage = 1, pageCount = 1) =>
  ok(listPage(items, { currentPage, pageCount }));

describe('the order queue', () => {
  it('marks new orders and waiting proofs, and links each order', async () => {
    installFakeBackend(() =>
      page([
        queueOrder({ proof_pending: true }),
        queueOrder({ id: 40, order_id: 'GS-2611-000040', is_new: false }),
      ]),
    );
    signIn('staff');
    renderAdmin('/admin/orders');

    const cards = await screen.findAllByTestId('queue-order');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('New');
    expect(cards[0]).toHaveTextContent('Proof to check');
    expect(cards[0]).toHaveTextContent('Mona Haddad');
    expect(cards[0]).toHaveTextContent('$130.00');
    expect(cards[1]).not.toHaveTextContent('New');
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'GS-2611-000040' })).toHaveAttribute(
      'href',
      '/admin/orders/40',
    );
  });

  it('searches and filters through the API, and says when nothing matches', async () => {
    const backend = installFakeBackend(() => page([]));
    signIn('staff');
    renderAdmin('/admin/orders');
    await screen.findByText('No orders yet.');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), {
      target: { value: ' mona ' },
    });
    fillIn({ 'Payment method': 'Bank Transfer', 'Placed from': '2026-11-01' });
    fireEvent.click(screen.getByLabelText('Only new orders'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No orders match this search.')).toBeInTheDocument();
    expect(backend.calls.at(-1)?.query).toEqual({
      q: 'mona',
      payment_method: 'Bank Transfer',
      from: '2026-11-01',
      new: 'true',
    });
  });

  it('folds the filters past the search behind a toggle, open while a filter is in force', async () => {
    installFakeBackend(() => page([]));
    signIn('staff');
    const { unmount } = renderAdmin('/admin/orders');
    await screen.findByText('No orders yet.');
    const toggle = screen.getByRole('button', { name: 'More filters' });
    const more = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(more).toContainElement(screen.getByLabelText('Order status'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('data-open', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveAttribute('data-open', 'true');
    unmount();

    renderAdmin('/admin/orders?payment_method=Bank+Transfer');
    await screen.findByText('No orders match this search.');
    expect(screen.getByRole('button', { name: 'More filters' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("shows the API's reason for a search it refuses", async () => {
    installFakeBackend(() =>
      refused(400, 'VALIDATION', 'Invalid query', { to: 'to must not be before from' }),
    );
    signIn('staff');
    renderAdmin('/admin/orders?from=2026-11-20&to=2026-11-01');

    expect(await screen.findByRole('alert')).toHaveTextContent('to must not be before from');
  });

  it('pages through the queue', async () => {
    const backend = installFakeBackend((call) => page([queueOrder()], Number(call.query.page ?? 1), 3));
    signIn('staff');
    renderAdmin('/admin/orders');

    expect(await screen.findByText('1 order, page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));

    expect(await screen.findByText('1 order, page 2 of 3')).toBeInTheDocument();
    expect(backend.calls.at(-1)?.query).toEqual({ page: '2' });
  });

  it('marks every order seen for this admin', async () => {
    const backend = installFakeBackend((call) => (call.method === 'POST' ? ok({}) : page([queueOrder()])));
    signIn('owner');
    renderAdmin('/admin/orders');
    await screen.findAllByTestId('queue-order');

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as seen' }));

    await screen.findAllByTestId('queue-order');
    expect(backend.calls.find((call) => call.method === 'POST')?.path).toBe('admin/orders/seen');
  });
});
