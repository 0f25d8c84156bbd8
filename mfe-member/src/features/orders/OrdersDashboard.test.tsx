import { screen, within } from '@testing-library/react';
import { renderMemberArea } from '../../test/fakeBackend';
import { installOrdersBackend, ok, refused } from './fakeOrders';

const stats = (counts: Partial<Record<string, number>>) => () =>
  ok({
    stats: {
      totalOrders: 0,
      pendingOrders: 0,
      dispatchedOrders: 0,
      deliveredOrders: 0,
      canceledOrders: 0,
      ...counts,
    },
  });

describe('/member/orders', () => {
  it('shows a box only for a status whose count is above 0, each opening the listing filtered by it', async () => {
    installOrdersBackend({
      'GET buyer-orders/stats': stats({ totalOrders: 3, pendingOrders: 2, deliveredOrders: 1 }),
    });
    renderMemberArea('/member/orders');
    const boxes = await screen.findByRole('list', { name: 'Orders by status' });
    const links = within(boxes).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '3 Total Orders',
      '2 Pending Orders',
      '1 Delivered Orders',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/member/orders/listing',
      '/member/orders/listing?order_status=Pending',
      '/member/orders/listing?order_status=Delivered',
    ]);
    expect(document.title).toBe('My Orders | Gift Shop');
  });

  it(`says "You don't have any order(s) yet" and shows no box when the total is 0`, async () => {
    installOrdersBackend({ 'GET buyer-orders/stats': stats({ pendingOrders: 1 }) });
    renderMemberArea('/member/orders');
    expect(await screen.findByText("You don't have any order(s) yet")).toBeInTheDocument();
    expect(screen.queryByText(/Pending Orders/)).not.toBeInTheDocument();
  });

  it("shows the spec's error panel when the counts cannot be loaded", async () => {
    installOrdersBackend({ 'GET buyer-orders/stats': () => refused(500, 'boom') });
    renderMemberArea('/member/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('OOPS! something went wrong!');
  });
});
