import { bus, type User } from '@shop/shared';

/**
 * The two session changes an order makes. auth owns the session: cart_checkout asks it with the
 * bus commands and never writes the session itself. Not awaited: the order is placed whatever
 * happens to the session, and a failed command is logged.
 */

function logFailure(command: string): (error: unknown) => void {
  return (error) => console.error(`[cart_checkout] ${command} failed`, error);
}

/**
 * Spec 001 §4 and §6: "If the user is a Guest they are then logged out." The server revoked the
 * guest's token when it placed the order, so there is nothing left to tell it: 'token-gone' clears
 * the session without a server call and without leaving the confirmation the spec shows right after
 * the order (a 'sign-out' would go to the home page).
 */
export function endGuestSessionAfterOrder(): void {
  bus.request('session.end', { reason: 'token-gone' }).catch(logFailure('session.end'));
}

/**
 * cart/whatsapp-checkout answers with a Guest user holding a token (spec 001 §7: "reads user with
 * token"): the shopper is signed in as that guest, as a login does, by auth.
 */
export function startChatGuestSession(user: User): void {
  bus.request('session.start', { user }).catch(logFailure('session.start'));
}
