import { bus } from '@shop/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { GREETING_BUBBLE_MS } from '../../constants';
import { createFakeBackend, fail, MEMBER, ok, renderInAuth, resetSession } from '../../test/fakeBackend';
import { AuthModals } from './AuthModals';

describe('AuthModals', () => {
  beforeEach(resetSession);
  afterEach(() => jest.useRealTimers());

  it("answers 'session.logout': signs out on the server and goes to the home page", async () => {
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    const backend = createFakeBackend({ 'POST buyers/logout': ok({}) });
    renderInAuth(<AuthModals />, { store: backend.store, path: '/member/orders' });

    await act(() => bus.request('session.logout'));

    expect(backend.callsTo('buyers/logout')).toHaveLength(1);
    expect(bus.get('session').user).toBeNull();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  });

  it('stays where it is when the server refuses the logout', async () => {
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const backend = createFakeBackend({ 'POST buyers/logout': fail(500, 'INTERNAL_ERROR', 'boom') });
    renderInAuth(<AuthModals />, { store: backend.store, path: '/member' });

    await act(() => bus.request('session.logout'));

    expect(bus.get('session').user).toEqual(MEMBER);
    expect(screen.getByTestId('path')).toHaveTextContent('/member');
    warn.mockRestore();
  });

  it('greets a member who signs in, and the bubble disappears after 10 s', async () => {
    jest.useFakeTimers();
    renderInAuth(<AuthModals />, { store: createFakeBackend().store });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Welcome, Lina!'));
    act(() => jest.advanceTimersByTime(GREETING_BUBBLE_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not greet a member whose session was restored at start', () => {
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    renderInAuth(<AuthModals />, { store: createFakeBackend().store });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
