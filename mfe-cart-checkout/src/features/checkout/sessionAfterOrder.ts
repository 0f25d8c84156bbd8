import { setGuestSessionToken, setSessionUser, type User } from '@shop/shared';

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
 * token"): the shopper is that guest from now on, and the spent guest cart's token is dropped.
 */
export function startChatGuestSession(user: User): void {
  setGuestSessionToken(null);
  setSessionUser(user);
}
