import { installFakeBackend, ok, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen } from '@testing-library/react';
import { listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { adminBuyer } from '../../test/orderFixtures';

beforeEach(() => signOutEverywhere());

const notification = {
  id: 1,
  note: 'x',
  priority: 'High',
  created_at: '2026-11-27T08:00:00.000Z',
  order_id: null,
};

describe('notifications', () => {
  it('sends a note to one member found by an order number, high priority', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/buyers': ok(listPage([adminBuyer()])),
        'POST admin/notifications': ok({ notification }, 201),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/notifications');

    fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'Your gift is ready.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the buyer first.');

    fireEvent.change(screen.getByLabelText('Find the buyer'), { target: { value: 'GS-2611-000041' } });
    fireEvent.keyDown(screen.getByLabelText('Find the buyer'), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mona Haddad mona@example.com' }));
    fireEvent.click(screen.getByLabelText('High priority'));
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));

    expect(await screen.findByRole('status')).toHaveTextContent('The notification is sent to Mona Haddad.');
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { buyer_id: 7, note: 'Your gift is ready.', priority: 'High' },
    ]);
    expect(screen.getByLabelText('Note')).toHaveValue('');
  });

  it('asks before sending a note to every member', async () => {
    const backend = installFakeBackend(routeTable({ 'POST admin/notifications/all': ok({ sent: 3 }, 201) }));
    signIn('owner');
    renderAdmin('/admin/notifications');

    fireEvent.click(await screen.findByLabelText('Every member'));
    expect(screen.queryByLabelText('Find the buyer')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Closed on Friday.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(screen.getByRole('group', { name: 'Send this note to every member?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, send to every member' })).toHaveFocus();
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Yes, send to every member' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The notification is sent to 3 members.');
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { note: 'Closed on Friday.', priority: 'Normal' },
    ]);
  });
});
