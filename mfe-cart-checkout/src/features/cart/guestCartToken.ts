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
export const MAKING_GUEST_CART_LOCK = 'shop:making-guest-cart';

/**
 * The tab that made the guest cart holds a Web Lock named this plus the token, while the token is
 * its own. localStorage alone cannot hand the token over: a write reaches the other tabs'
 * processes a moment later, so the next tab may be granted the making lock before it sees the
 * token. The lock manager answers in the order it grants, so a note held before the making lock
 * is let go is seen by the tab granted it next.
 */
export const GUEST_CART_MADE_LOCK_PREFIX = 'shop:guest-cart-made:';

/** Resolves once this tab's guest token is no longer `token` (the visitor signed in, or it was dropped). */
function untilTokenLeaves(token: string): Promise<void> {
  return new Promise((left) => {
    const subscription = bus
      .select('session', (session) => session.guestSessionToken)
      .subscribe((current) => {
        if (current === token) return;
        left();
        // Deferred: the first value is replayed while `subscribe` has not yet returned.
        queueMicrotask(() => subscription.unsubscribe());
      });
  });
}

/** Holds the note that this tab made the cart of `token`; resolves once the lock manager holds it. */
function noteMadeToken(locks: LockManager, token: string): Promise<void> {
  return new Promise((held) => {
    void locks.request(GUEST_CART_MADE_LOCK_PREFIX + token, () => {
      held();
      return untilTokenLeaves(token);
    });
  });
}

/** The token whose cart another tab made, as its note in the lock manager tells. */
async function tokenNotedByAnotherTab(locks: LockManager): Promise<string | null> {
  const { held = [] } = await locks.query();
  const note = held.find((lock) => lock.name?.startsWith(GUEST_CART_MADE_LOCK_PREFIX));
  return note?.name?.slice(GUEST_CART_MADE_LOCK_PREFIX.length) || null;
}

/**
 * Makes the guest cart while no other tab of the shop makes one (Web Locks): a second tab's first
 * add waits, then finds the token the first tab stored or noted. Without Web Locks (an old
 * browser), tabs are not held back: each tab still makes at most one cart at a time.
 */
function makeOneTabAtATime<T>(
  call: (guestToken: string | null) => Promise<ApiResult<T>>,
  newTokenOf: (data: T) => string | null,
): Promise<ApiResult<T>> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const make = async (): Promise<ApiResult<T>> => {
    // Another tab may have made the cart while this one waited for the lock.
    const stored = loadGuestSessionToken() ?? (locks ? await tokenNotedByAnotherTab(locks) : null);
    if (stored) {
      setGuestSessionToken(stored);
      return call(stored);
    }
    const settled = await call(null);
    const made = settled.status ? newTokenOf(settled.data) : null;
    if (made) {
      setGuestSessionToken(made);
      // Noted before the making lock is let go, so the next tab finds it.
      if (locks) await noteMadeToken(locks, made);
    }
    return settled;
  };
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
  const answer = makeOneTabAtATime(call, newTokenOf);
  making = answer
    .then(() => undefined)
    // A failed first add made no cart: the next waiting call tries to make it instead.
    .catch(() => undefined)
    .finally(() => {
      making = null;
    });
  return answer;
}
