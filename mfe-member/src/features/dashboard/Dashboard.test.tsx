import { screen, within } from '@testing-library/react';
import { renderMemberArea } from '../../test/fakeBackend';
import { installOrdersBackend, ok, refused } from '../orders/fakeOrders';

describe('/member dashboard', () => {
  it('shows the four stat boxes, each leading to its page', async () => {
    installOrdersBackend({
      'GET buyers/dashboard-stats': () =>
        ok({ ordersCount: 4, messagesCount: 2, cartItemsCount: 3, wishlistItemsCount: 0 }),
      'GET buyers-log': () =>
        ok({ items: [], _meta: { totalCount: 0, currentPage: 1, pageCount: 0, perPage: 10 } }),
    });
    renderMemberArea('/member');
    const orders = await screen.findByRole('link', { name: '4 Orders' });
    expect(orders).toHaveAttribute('href', '/member/orders');
    expect(screen.getByRole('link', { name: '2 Messages' })).toHaveAttribute('href', '/member/messages');
    expect(screen.getByRole('link', { name: '3 Cart Items' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: '0 Wishlist Items' })).toHaveAttribute('href', '/wishlist');
  });

  it("lists the 'Recent Activities' newest first, as the log answers them", async () => {
    installOrdersBackend({
      'GET buyers/dashboard-stats': () =>
        ok({ ordersCount: 1, messagesCount: 0, cartItemsCount: 0, wishlistItemsCount: 0 }),
      'GET buyers-log': () =>
        ok({
          items: [
            { id: 9, action_type: 'Password changed', order_id: null, action_datetime: '2026-11-21 09:00' },
            { id: 8, action_type: 'Order placed', order_id: 4, action_datetime: '2026-11-20 10:15' },
          ],
          _meta: { totalCount: 2, currentPage: 1, pageCount: 1, perPage: 10 },
        }),
    });
    renderMemberArea('/member');
    const card = (await screen.findByRole('heading', { name: 'Recent Activities' })).closest(
      'section',
    ) as HTMLElement;
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Password changed Nov 21, 2026, 9:00 AM',
      'Order placed Nov 20, 2026, 10:15 AM',
    ]);
  });

  it('keeps the boxes when only the activities fail, with the error panel in the card', async () => {
    installOrdersBackend({
      'GET buyers/dashboard-stats': () =>
        ok({ ordersCount: 1, messagesCount: 0, cartItemsCount: 0, wishlistItemsCount: 0 }),
      'GET buyers-log': () => refused(500, 'boom'),
    });
    renderMemberArea('/member');
    expect(await screen.findByRole('link', { name: '1 Orders' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('OOPS! something went wrong!');
  });
});
