import type { Activity } from '@shop/shared';
import { fireEvent, screen, within } from '@testing-library/react';
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

  it('pages through the whole activity log on "Show more activities", then offers no more', async () => {
    // 23 activities, 10 a page, newest (id 23) first, as buyers-log pages them.
    const log: Activity[] = Array.from({ length: 23 }, (_, index) => ({
      id: 23 - index,
      action_type: `Activity ${23 - index}`,
      order_id: null,
      action_datetime: '2026-11-20 10:15',
    }));
    const backend = installOrdersBackend({
      'GET buyers/dashboard-stats': () =>
        ok({ ordersCount: 0, messagesCount: 0, cartItemsCount: 0, wishlistItemsCount: 0 }),
      'GET buyers-log': ({ query }) => {
        const page = Number(query.page ?? 1);
        return ok({
          items: log.slice((page - 1) * 10, page * 10),
          _meta: { totalCount: 23, currentPage: page, pageCount: 3, perPage: 10 },
        });
      },
    });
    renderMemberArea('/member');
    const card = (await screen.findByRole('heading', { name: 'Recent Activities' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(card).findAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(within(card).getByRole('button', { name: 'Show more activities' }));
    expect(await within(card).findByText('Activity 13')).toBeInTheDocument();
    fireEvent.click(await within(card).findByRole('button', { name: 'Show more activities' }));
    expect(await within(card).findByText('Activity 1')).toBeInTheDocument();
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.split(' Nov')[0])).toEqual(log.map((row) => row.action_type));
    expect(within(card).queryByRole('button', { name: 'Show more activities' })).not.toBeInTheDocument();
    expect(backend.callsTo('GET buyers-log').map((call) => call.query.page)).toEqual(['1', '2', '3']);
  });

  it('lists an activity once when a new one shifted the pages, and offers to retry a failed page', async () => {
    let failNext = true;
    installOrdersBackend({
      'GET buyers/dashboard-stats': () =>
        ok({ ordersCount: 0, messagesCount: 0, cartItemsCount: 0, wishlistItemsCount: 0 }),
      'GET buyers-log': ({ query }) => {
        const row = (id: number) => ({
          id,
          action_type: `Activity ${id}`,
          order_id: null,
          action_datetime: '2026-11-20 10:15',
        });
        if (query.page !== '2')
          return ok({
            items: [row(3), row(2)],
            _meta: { totalCount: 3, currentPage: 1, pageCount: 2, perPage: 2 },
          });
        if (failNext) {
          failNext = false;
          return refused(500, 'boom');
        }
        // A new activity (4) was logged meanwhile: page 2 now starts with 2, listed already.
        return ok({
          items: [row(2), row(1)],
          _meta: { totalCount: 4, currentPage: 2, pageCount: 2, perPage: 2 },
        });
      },
    });
    renderMemberArea('/member');
    const more = await screen.findByRole('button', { name: 'Show more activities' });
    fireEvent.click(more);
    expect(
      await screen.findByText('The next activities could not be loaded. Please try again.'),
    ).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more activities' }));
    expect(await screen.findByText('Activity 1')).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'Recent Activities' }).closest('section') as HTMLElement;
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((row) => row.textContent?.split(' Nov')[0]),
    ).toEqual(['Activity 3', 'Activity 2', 'Activity 1']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
