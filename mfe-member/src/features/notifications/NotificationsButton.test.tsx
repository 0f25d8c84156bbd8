import { bus, initialBusStates, type Notification, type User } from '@shop/shared';
import { MemoryRouter } from '@shop/shared/router';
import { installFakeBackend, ok } from '@shop/shared/test/fake-backend';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NO_NOTIFICATIONS, NotificationsButton } from './NotificationsButton';

const MEMBER = { id: 7, token: 'member-token', type: 'Member', first_name: 'Lina' } as User;

/** The notification routes over `items`; answers the calls made, as the backend saw them. */
function serve(items: Notification[]) {
  return installFakeBackend(
    (call) => {
      if (call.path === 'notifications/remove') {
        const { notification_id } = call.body as { notification_id: number };
        items = items.filter((item) => item.id !== notification_id);
        return ok({});
      }
      return ok({ items });
    },
    (call) => ({ path: call.path, body: call.body, authorization: call.authorization ?? undefined }),
  ).calls;
}

describe('header notifications', () => {
  beforeEach(() => act(() => bus.publish('session', { ...initialBusStates.session, user: MEMBER })));
  afterEach(() => act(() => bus.publish('session', initialBusStates.session)));

  it('lists the notes with High priority marked, and dismisses one for a shopper with a token', async () => {
    const calls = serve([
      {
        id: 2,
        note: 'Your order GS-2611-000042 is on its way',
        priority: 'High',
        created_at: '2026-11-25T10:00:00Z',
        order_id: 42,
      },
      {
        id: 1,
        note: 'Welcome to the shop',
        priority: 'Normal',
        created_at: '2026-11-24T10:00:00Z',
        order_id: null,
      },
    ]);
    render(
      <MemoryRouter>
        <NotificationsButton />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('notifications-count')).toHaveTextContent('2'));
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const high = within(panel).getByText('Your order GS-2611-000042 is on its way').closest('li');
    expect(high).toHaveTextContent('High priority');
    expect(
      within(panel).getByRole('link', { name: 'Your order GS-2611-000042 is on its way' }),
    ).toHaveAttribute('href', '/member/orders/42');
    expect(within(panel).queryByRole('link', { name: 'Welcome to the shop' })).toBeNull();
    expect(within(panel).getByText('Welcome to the shop').closest('li')).not.toHaveTextContent(
      'High priority',
    );

    fireEvent.click(within(panel).getByRole('button', { name: /^Dismiss\s*: Welcome to the shop$/ }));
    await waitFor(() => expect(screen.getByTestId('notifications-count')).toHaveTextContent('1'));
    expect(calls.at(-1)).toEqual({
      path: 'notifications/remove',
      body: { notification_id: 1 },
      authorization: 'Bearer member-token',
    });
  });

  it(`says '${NO_NOTIFICATIONS}' when there are none`, async () => {
    serve([]);
    render(
      <MemoryRouter>
        <NotificationsButton />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(await screen.findByText(NO_NOTIFICATIONS)).toBeInTheDocument();
  });
});
