import { bus, loadGuestSessionToken, loadUser, loadWishlistUser, type Profile } from '@shop/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { GREETING_BUBBLE_MS } from '../../constants';
import { createFakeBackend, fail, MEMBER, ok, renderInAuth, resetSession } from '../../test/fakeBackend';
import { AuthModals } from './AuthModals';

describe('AuthModals', () => {
  beforeEach(resetSession);
  afterEach(() => jest.useRealTimers());

  it("answers 'session.end' for a sign-out: signs out on the server and goes to the home page", async () => {
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    const backend = createFakeBackend({ 'POST buyers/logout': ok({}) });
    renderInAuth(<AuthModals />, { store: backend.store, path: '/member/orders' });

    await act(() => bus.request('session.end', { reason: 'sign-out' }));

    expect(backend.callsTo('buyers/logout')).toHaveLength(1);
    expect(bus.get('session').user).toBeNull();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  });

  it('stays where it is when the server refuses the logout', async () => {
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const backend = createFakeBackend({ 'POST buyers/logout': fail(500, 'INTERNAL_ERROR', 'boom') });
    renderInAuth(<AuthModals />, { store: backend.store, path: '/member' });

    await act(() => bus.request('session.end', { reason: 'sign-out' }));

    expect(bus.get('session').user).toEqual(MEMBER);
    expect(screen.getByTestId('path')).toHaveTextContent('/member');
    warn.mockRestore();
  });

  it("answers 'session.start' with a sign-in answer: stores the user, clears the guest token and the wishlist user, tells each cut cart line", async () => {
    const wishlistUser = { id: 3, email: 'wish@example.com', token: 'wish-token' };
    act(() => bus.publish('session', { user: null, guestSessionToken: 'guest-cart-5', wishlistUser }));
    const toasts: string[] = [];
    const offToast = bus.handle('ui.toast', ({ message }) => void toasts.push(message));
    renderInAuth(<AuthModals />, { store: createFakeBackend().store });

    await act(() =>
      bus.request('session.start', {
        user: MEMBER,
        cartAdjustments: [{ product_id: 4, title: 'Mug', requested: 3, kept: 1 }],
      }),
    );

    expect(bus.get('session')).toEqual({ user: MEMBER, guestSessionToken: null, wishlistUser: null });
    expect(loadUser()).toEqual(MEMBER);
    expect(loadGuestSessionToken()).toBeNull();
    expect(loadWishlistUser()).toBeNull();
    await waitFor(() => expect(toasts).toEqual(['Only 1 of "Mug" left in stock: your cart now holds 1.']));
    offToast();
  });

  it("answers 'session.end' for a token the server has forgotten: clears the session here only, and stays", async () => {
    act(() =>
      bus.publish('session', { user: MEMBER, guestSessionToken: 'guest-cart-6', wishlistUser: null }),
    );
    const backend = createFakeBackend();
    renderInAuth(<AuthModals />, { store: backend.store, path: '/confirmorder' });

    await act(() => bus.request('session.end', { reason: 'token-gone' }));

    expect(backend.callsTo('buyers/logout')).toHaveLength(0);
    expect(bus.get('session')).toMatchObject({ user: null, guestSessionToken: null });
    expect(loadUser()).toBeNull();
    expect(screen.getByTestId('path')).toHaveTextContent('/confirmorder');
  });

  it("answers 'session.updateUser': the signed-in member takes the changed profile and keeps the token", async () => {
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    renderInAuth(<AuthModals />, { store: createFakeBackend().store });
    const profile: Profile = {
      id: MEMBER.id,
      type: 'Member',
      first_name: 'Leena',
      last_name: MEMBER.last_name,
      email: 'leena@example.com',
      mobile: MEMBER.mobile,
      gender: MEMBER.gender,
      country_id: MEMBER.country_id,
      age_group: null,
      alternate_email: 'other@example.com',
    };

    await act(() => bus.request('session.updateUser', { profile }));
    const updated = {
      ...MEMBER,
      first_name: 'Leena',
      email: 'leena@example.com',
      alternate_email: 'other@example.com',
    };
    expect(bus.get('session').user).toEqual(updated);
    expect(loadUser()).toEqual(updated);

    await act(() =>
      bus.request('session.updateUser', {
        profile: { ...profile, id: MEMBER.id + 1, first_name: 'Someone' },
      }),
    );
    expect(bus.get('session').user).toEqual(updated);
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
