import { type ApiResult, bus, loadGuestSessionToken, setGuestSessionToken } from '@shop/shared';

/**
 * A visitor's cart is made by their first cart/add sent without a guest session token; its answer
 * carries the token every later call must send. Five quick adds would otherwise each go out
 * without one and make five carts, of which the shopper keeps the last. So one call at a time may
 * make the guest cart: the calls started meanwhile wait for its answer and then send its token.
 */
let making: Promise<void> | null = null;

/**
 * The token this tab sends: its own, else one another tab of the shop stored meanwhile (read just
 * before a call would make a new cart, so two tabs share one cart where storage allows).
 */
function currentGuestToken(): string | null {
  const own = bus.get('session').guestSessionToken;
  if (own) return own;
  const stored = loadGuestSessionToken();
  if (stored) setGuestSessionToken(stored);
  return stored;
}

/** The Web Lock the shop's tabs take while one of them makes the guest cart. */
const MAKING_GUEST_CART_LOCK = 'shop:making-guest-cart';

/**
 * Runs `make` while no other tab of the shop makes a guest cart (Web Locks), so a second tab's
 * first add waits and then finds the token the first tab stored. Without Web Locks (an old
 * browser), tabs are not held back: each tab still makes at most one cart at a time.
 */
function oneTabAtATime<T>(make: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(MAKING_GUEST_CART_LOCK, make) : make();
}

/**
 * Runs a cart call with the guest session token. `newTokenOf` marks a call that may make the guest
 * cart (it reads the token from the answer); a signed-in shopper's bearer names their cart, so
 * their calls never wait. Every call waits while a first add is making the cart, so none reads the
 * empty cart of "no token" over the new one either.
 */
export async function withGuestToken<T>(
  call: (guestToken: string | null) => Promise<ApiResult<T>>,
  newTokenOf?: (data: T) => string | null,
): Promise<ApiResult<T>> {
  while (making) await making;
  const session = bus.get('session');
  if (session.user) return call(session.guestSessionToken);
  const token = currentGuestToken();
  if (token || !newTokenOf) return call(token);
  const answer = oneTabAtATime(async () => {
    // Another tab may have made the cart while this one waited for the lock.
    const stored = loadGuestSessionToken();
    if (stored) {
      setGuestSessionToken(stored);
      return call(stored);
    }
    const settled = await call(null);
    // Saved before the lock is let go, so the next tab finds it.
    const made = settled.status ? newTokenOf(settled.data) : null;
    if (made) setGuestSessionToken(made);
    return settled;
  });
  making = answer
    .then(() => undefined)
    // A failed first add made no cart: the next waiting call tries to make it instead.
    .catch(() => undefined)
    .finally(() => {
      making = null;
    });
  return answer;
}
