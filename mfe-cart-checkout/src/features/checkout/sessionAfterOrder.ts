import { setGuestSessionToken, setSessionUser, setWishlistUser, type User } from '@shop/shared';

/**
 * The two session changes an order makes, through the shared session helpers (auth owns the
 * session; the architecture lets others change it through these helpers). The guest cart token goes
 * first, so the cart owner, which refetches when the user's token changes, asks for the new
 * shopper's cart without the spent guest cart's token.
 */

/**
 * Spec 001 §4 and §6: "If the user is a Guest they are then logged out." The server revoked the
 * guest's token when it placed the order, so there is nothing left to tell it: the session ends here.
 * Not the bus command `session.logout`: its handler (auth) sends the shopper to the home page, which
 * would take away the confirmation the spec shows right after the order.
 */
export function endGuestSessionAfterOrder(): void {
  setGuestSessionToken(null);
  setSessionUser(null);
}

/**
 * cart/whatsapp-checkout answers with a Guest user holding a token (spec 001 §7: "reads user with
 * token"): the shopper is signed in as that guest, as a login does (spec 000 §4: "login stores the
 * user, clears the guest session token and the wishlist user"). Auth's own sign-in does the same
 * in its startSession; a bus command for it would keep the rule in one place.
 */
export function startChatGuestSession(user: User): void {
  setGuestSessionToken(null);
  setWishlistUser(null);
  setSessionUser(user);
}
