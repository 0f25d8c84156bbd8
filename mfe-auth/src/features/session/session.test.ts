import { bus, loadGuestSessionToken, loadUser, loadWishlistUser, saveWishlistUser } from '@shop/shared';
import { createFakeBackend, fail, MEMBER, ok, resetSession } from '../../test/fakeBackend';
import { logout, register, signIn } from './session';

describe('session: signing in', () => {
  beforeEach(resetSession);

  it('sends the guest cart token, stores the user, and clears the guest token and the wishlist user', async () => {
    bus.publish('session', { user: null, guestSessionToken: 'guest-cart-1', wishlistUser: null });
    saveWishlistUser({ id: 3, email: 'wish@example.com', token: 'wish-token' });
    const backend = createFakeBackend({ 'POST buyers/login': ok({ user: MEMBER }) });
    const seen: Array<{ user: string | null; guest: string | null }> = [];
    const subscription = bus
      .select('session')
      .subscribe((s) => seen.push({ user: s.user?.token ?? null, guest: s.guestSessionToken }));

    const outcome = await backend.store.dispatch(
      signIn({ email: ' lina@example.com ', password: 'Secret123' }),
    );
    subscription.unsubscribe();

    expect(outcome).toEqual({ ok: true, user: MEMBER });
    expect(backend.callsTo('buyers/login')[0]?.body).toEqual({
      email: 'lina@example.com',
      password: 'Secret123',
      guest_cart_session_token: 'guest-cart-1',
      wishlist_token: null,
    });
    expect(bus.get('session')).toEqual({ user: MEMBER, guestSessionToken: null, wishlistUser: null });
    expect(loadUser()).toEqual(MEMBER);
    expect(loadGuestSessionToken()).toBeNull();
    expect(loadWishlistUser()).toBeNull();
    // One change: the cart owner sees the new shopper with the spent guest token already gone.
    expect(seen).toEqual([
      { user: null, guest: 'guest-cart-1' },
      { user: 'member-token', guest: null },
    ]);
  });

  it('tells the shopper, product by product, which guest-cart lines were cut to the stock', async () => {
    const toasts: string[] = [];
    const stop = bus.handle('ui.toast', ({ message }) => {
      toasts.push(message);
    });
    const backend = createFakeBackend({
      'POST buyers/login': ok({
        user: MEMBER,
        cart_adjustments: [
          { product_id: 4, title: 'Lavender Candle', requested: 5, kept: 2 },
          { product_id: 9, title: 'Walnut Box', requested: 1, kept: 0 },
        ],
      }),
    });
    await backend.store.dispatch(signIn({ email: 'lina@example.com', password: 'Secret123' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(toasts).toEqual([
      'Only 2 of "Lavender Candle" left in stock: your cart now holds 2.',
      '"Walnut Box" is out of stock and was removed from your cart.',
    ]);
  });

  it("answers a wrong password with 'Incorrect username or password. Please try again'", async () => {
    const backend = createFakeBackend({
      'POST buyers/login': fail(401, 'INVALID_CREDENTIALS', 'Invalid e-mail or password'),
    });
    await expect(backend.store.dispatch(signIn({ email: 'a@b.co', password: 'x' }))).resolves.toEqual({
      ok: false,
      message: 'Incorrect username or password. Please try again',
    });
    expect(bus.get('session').user).toBeNull();
  });

  it('shows the server text when sign-in is throttled, and the generic text when the server is down', async () => {
    const throttled = createFakeBackend({
      'POST buyers/login': fail(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Try again in 60 seconds.'),
    });
    await expect(throttled.store.dispatch(signIn({ email: 'a@b.co', password: 'x' }))).resolves.toEqual({
      ok: false,
      message: 'Too many attempts. Try again in 60 seconds.',
    });
    const down = createFakeBackend({ 'POST buyers/login': fail(500, 'INTERNAL_ERROR', 'boom') });
    await expect(down.store.dispatch(signIn({ email: 'a@b.co', password: 'x' }))).resolves.toEqual({
      ok: false,
      message: 'Action failed, please try again later.',
    });
  });

  it("registers with type 'Registration', the guest cart token and the wishlist token, then signs in", async () => {
    const wishlistUser = { id: 3, email: 'lina@example.com', token: 'wl.wish-token' };
    bus.publish('session', { user: null, guestSessionToken: 'guest-cart-2', wishlistUser });
    const backend = createFakeBackend({ 'POST buyers/register': ok({ user: MEMBER }, 201) });
    const details = {
      email: 'lina@example.com',
      password: 'Secret123',
      confirm_password: 'Secret123',
      first_name: 'Lina',
      last_name: 'Haddad',
      mobile: '+971 501234567',
      country_id: 1,
      gender: 'Female',
    };
    await expect(backend.store.dispatch(register(details))).resolves.toEqual({ ok: true, user: MEMBER });
    expect(backend.callsTo('buyers/register')[0]?.body).toEqual({
      type: 'Registration',
      ...details,
      guest_cart_session_token: 'guest-cart-2',
      // The wishlist-e-mail user's list becomes the new member's (the server moves it).
      wishlist_token: 'wl.wish-token',
    });
    expect(bus.get('session')).toEqual({ user: MEMBER, guestSessionToken: null, wishlistUser: null });
  });
});

describe('session: logging out', () => {
  beforeEach(resetSession);

  it('tells the server with the bearer token, then clears the user and the guest token', async () => {
    bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null });
    const backend = createFakeBackend({ 'POST buyers/logout': ok({}) });
    const beforeClear = jest.fn(() => expect(bus.get('session').user).toEqual(MEMBER));

    await expect(backend.store.dispatch(logout({ beforeClear }))).resolves.toBe('signed-out');

    expect(backend.callsTo('buyers/logout')).toEqual([
      { method: 'POST', path: 'buyers/logout', body: {}, authorization: 'Bearer member-token' },
    ]);
    expect(beforeClear).toHaveBeenCalledTimes(1);
    expect(bus.get('session')).toEqual({ user: null, guestSessionToken: null, wishlistUser: null });
    expect(loadUser()).toBeNull();
  });

  it('changes nothing when the server call fails', async () => {
    bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null });
    const backend = createFakeBackend({ 'POST buyers/logout': fail(500, 'INTERNAL_ERROR', 'boom') });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const beforeClear = jest.fn();

    await expect(backend.store.dispatch(logout({ beforeClear }))).resolves.toBe('failed');

    expect(bus.get('session').user).toEqual(MEMBER);
    expect(beforeClear).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('treats an expired token (401) as already signed out', async () => {
    bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null });
    const backend = createFakeBackend({ 'POST buyers/logout': fail(401, 'UNAUTHORIZED', 'expired') });
    await expect(backend.store.dispatch(logout())).resolves.toBe('signed-out');
    expect(bus.get('session').user).toBeNull();
  });

  it('only clears locally without a token', async () => {
    bus.publish('session', { user: null, guestSessionToken: 'guest-cart-3', wishlistUser: null });
    const backend = createFakeBackend();
    await expect(backend.store.dispatch(logout())).resolves.toBe('cleared-locally');
    expect(backend.calls).toEqual([]);
    expect(bus.get('session')).toEqual({ user: null, guestSessionToken: null, wishlistUser: null });
  });
});
