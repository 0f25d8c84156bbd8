import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMemberArea } from '../../test/fakeBackend';
import { installOrdersBackend, ok, order } from './fakeOrders';

const page = (items: unknown[], currentPage = 1, pageCount = 1) =>
  ok({ items, _meta: { totalCount: items.length, currentPage, pageCount, perPage: 10 } });

describe('/member/orders/listing', () => {
  it('shows order_id, created_at, the status badge, payment (Received as Done) and the total with its symbol', async () => {
    installOrdersBackend({
      'GET buyer-orders': () =>
        page([
          order(1, { order_status: 'Payment Pending' }),
          order(2, { order_status: 'Delivered', payment_status: 'Received' }),
        ]),
    });
    renderMemberArea('/member/orders/listing');
    const first = (await screen.findByRole('link', { name: 'GS-2611-000041' })).closest('tr') as HTMLElement;
    expect(first).toHaveTextContent('Nov 20, 2026, 10:15 AM');
    expect(within(first).getByText('Payment Pending')).toHaveClass('warning');
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('AED 135.50');
    const second = screen.getByRole('link', { name: 'GS-2611-000042' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('Delivered')).toHaveClass('success');
    expect(second).toHaveTextContent('Done');
    expect(screen.getByRole('link', { name: 'GS-2611-000042' })).toHaveAttribute('href', '/member/orders/2');
  });

  it('reads the filters and the page from the address and sends them to buyer-orders', async () => {
    const backend = installOrdersBackend({ 'GET buyer-orders': () => page([order(1)], 2, 3) });
    renderMemberArea('/member/orders/listing?order_status=Pending&duration=last_7_days&page=2');
    await screen.findByText('Page 2 of 3');
    expect(backend.callsTo('GET buyer-orders')[0]?.query).toEqual({
      order_status: 'Pending',
      duration: 'last_7_days',
      page: '2',
    });
    expect(screen.getByLabelText('Order status')).toHaveValue('Pending');
    expect(screen.getByLabelText('Duration')).toHaveValue('last_7_days');
  });

  it('ignores a filter value or page it does not know instead of failing the list', async () => {
    const backend = installOrdersBackend({ 'GET buyer-orders': () => page([order(1)]) });
    renderMemberArea(
      '/member/orders/listing?order_status=bogus&duration=forever&payment_status=Received&page=-1',
    );
    await screen.findByRole('link', { name: 'GS-2611-000041' });
    expect(backend.callsTo('GET buyer-orders')[0]?.query).toEqual({ payment_status: 'Received' });
    expect(screen.getByLabelText('Order status')).toHaveValue('');
  });

  it('puts a chosen filter in the address, back at page 1, and the next page too', async () => {
    const backend = installOrdersBackend({
      'GET buyer-orders': (call) => page([order(1)], Number(call.query.page ?? 1), 3),
    });
    renderMemberArea('/member/orders/listing?page=2');
    await screen.findByText('Page 2 of 3');
    fireEvent.change(screen.getByLabelText('Payment status'), { target: { value: 'Received' } });
    await waitFor(() => expect(backend.calls.at(-1)?.query).toEqual({ payment_status: 'Received' }));
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(backend.calls.at(-1)?.query).toEqual({ payment_status: 'Received', page: '2' }),
    );
  });

  it(`says "You don't have any order(s) yet" when the member has no order at all`, async () => {
    installOrdersBackend({ 'GET buyer-orders': () => page([]) });
    renderMemberArea('/member/orders/listing');
    expect(await screen.findByText("You don't have any order(s) yet")).toBeInTheDocument();
    expect(screen.queryByText('No orders match this filter.')).not.toBeInTheDocument();
  });

  it("says 'No orders match this filter.' when a filter leaves nothing, and offers all orders again", async () => {
    const backend = installOrdersBackend({
      'GET buyer-orders': (call) => (call.query.order_status === 'Cancel' ? page([]) : page([order(1)])),
    });
    renderMemberArea('/member/orders/listing?order_status=Cancel&duration=last_7_days');
    expect(await screen.findByText(/No orders match this filter\./)).toBeInTheDocument();
    expect(screen.queryByText("You don't have any order(s) yet")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(await screen.findByRole('link', { name: 'GS-2611-000041' })).toBeInTheDocument();
    expect(backend.calls.at(-1)?.query).toEqual({});
  });
});
