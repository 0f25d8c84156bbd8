/**
 * auth owns the session: signing in, registering, signing out and a changed profile are written
 * here and nowhere else. The other apps read the `session` state and ask for a change with the bus
 * commands `session.start`, `session.end` and `session.updateUser`, which AuthModals answers with
 * the functions below.
 */

import { MESSAGES } from '@shop/contract/validation/messages';
import {
  type ApiResult,
  type Bus,
  type CartAdjustment,
  type Profile,
  type SessionStart,
  type SessionState,
  saveGuestSessionToken,
  saveUser,
  saveWishlistUser,
  type User,
  type WishlistUser,
} from '@shop/shared';
import type { AuthThunk } from '../../store';
import type { RegistrationBody } from './authApi';

export type SessionOutcome = { ok: true; user: User } | { ok: false; message: string };
export type LogoutOutcome = 'signed-out' | 'cleared-locally' | 'failed';

/**
 * Stores the whole session and publishes it once, so every reader sees one change (the cart owner,
 * which refetches when the user's token changes, asks once, with the new guest token).
 */
function writeSession(next: SessionState, bus: Bus): void {
  saveUser(next.user);
  saveGuestSessionToken(next.guestSessionToken);
  saveWishlistUser(next.wishlistUser);
  bus.publish('session', next);
}

/**
 * Spec: login stores the user, clears the guest session token and the wishlist user (whose list the
 * server has moved into the account: signIn and register send its token).
 */
export function startSession(user: User, bus: Bus): void {
  writeSession({ user, guestSessionToken: null, wishlistUser: null }, bus);
}

/** `session.start`: what a sign-in answer gave, wherever the shopper signed in. */
export function startAnsweredSession({ user, cartAdjustments = [] }: SessionStart, bus: Bus): void {
  startSession(user, bus);
  tellCartAdjustments(cartAdjustments, bus);
}

/** Keeps the wishlist-only user (the wishlist e-mail form); the rest of the session stays. */
export function keepWishlistUser(wishlistUser: WishlistUser, bus: Bus): void {
  writeSession({ ...bus.get('session'), wishlistUser }, bus);
}

/**
 * `session.updateUser`: the signed-in shopper's changed profile (the greeting, checkout's prefill)
 * replaces the stored user's fields; the token stays, the server answers a profile without one.
 */
export function updateSessionUser(profile: Profile, bus: Bus): void {
  const session = bus.get('session');
  const current = session.user;
  if (!current || current.id !== profile.id) return;
  const user: User = {
    ...current,
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    mobile: profile.mobile,
    gender: profile.gender,
    country_id: profile.country_id,
    alternate_email: profile.alternate_email,
  };
  writeSession({ ...session, user }, bus);
}

/** What the shopper reads when the merge of their guest cart had to cut a line to the stock. */
export function cartAdjustmentMessage({ title, kept }: CartAdjustment): string {
  return kept === 0
    ? `"${title}" is out of stock and was removed from your cart.`
    : `Only ${kept} of "${title}" left in stock: your cart now holds ${kept}.`;
}

/** One toast per line the guest-cart merge cut; nothing is changed silently. */
export function tellCartAdjustments(adjustments: readonly CartAdjustment[], bus: Bus): void {
  for (const adjustment of adjustments) {
    bus
      .request('ui.toast', { message: cartAdjustmentMessage(adjustment), tone: 'info' })
      .catch(() => console.warn('[auth] no toast for a cart adjustment', adjustment));
  }
}

/**
 * Spec: logout clears the user and the guest token (the cart owner then shows an empty cart). Also
 * `session.end` with the reason 'token-gone': the server has already forgotten the token.
 */
export function endSession(bus: Bus): void {
  writeSession({ ...bus.get('session'), user: null, guestSessionToken: null }, bus);
}

/** No usable answer or a server fault: the generic text; otherwise the caller's own wording. */
function isServerTrouble(answer: { httpStatus: number }): boolean {
  return answer.httpStatus === 0 || answer.httpStatus >= 500;
}

export function signInFailureMessage(answer: Extract<ApiResult<unknown>, { status: false }>): string {
  // Throttled: the server's message says when to try again.
  if (answer.httpStatus === 429 && answer.error?.message) return answer.error.message;
  if (isServerTrouble(answer)) return MESSAGES.actionFailed;
  return MESSAGES.signInFailed;
}

export const signIn =
  (credentials: { email: string; password: string }): AuthThunk<Promise<SessionOutcome>> =>
  async (_dispatch, _getState, { api, bus }) => {
    const answer = await api.login({
      email: credentials.email.trim(),
      password: credentials.password,
      // The server merges this guest cart and this wishlist into the member's.
      guest_cart_session_token: bus.get('session').guestSessionToken,
      wishlist_token: bus.get('session').wishlistUser?.token ?? null,
    });
    if (!answer.status) return { ok: false, message: signInFailureMessage(answer) };
    startSession(answer.data.user, bus);
    tellCartAdjustments(answer.data.cart_adjustments ?? [], bus);
    return { ok: true, user: answer.data.user };
  };

export type RegistrationDetails = Omit<
  RegistrationBody,
  'type' | 'guest_cart_session_token' | 'wishlist_token'
>;

export const register =
  (details: RegistrationDetails): AuthThunk<Promise<SessionOutcome>> =>
  async (_dispatch, _getState, { api, bus }) => {
    const answer = await api.register({
      type: 'Registration',
      ...details,
      email: details.email.trim(),
      guest_cart_session_token: bus.get('session').guestSessionToken,
      // A wishlist-e-mail user who signs up keeps their wishlist (the server moves it over).
      wishlist_token: bus.get('session').wishlistUser?.token ?? null,
    });
    if (answer.status) {
      startSession(answer.data.user, bus);
      tellCartAdjustments(answer.data.cart_adjustments ?? [], bus);
      return { ok: true, user: answer.data.user };
    }
    if (answer.httpStatus === 409) return { ok: false, message: MESSAGES.emailExists };
    const fieldMessage = Object.values(answer.error?.fields ?? {})[0];
    if (answer.httpStatus === 422 && fieldMessage) return { ok: false, message: fieldMessage };
    return { ok: false, message: MESSAGES.actionFailed };
  };

export type EmailCheck = { ok: true; exists: boolean } | { ok: false };

export const checkEmailExists =
  (email: string): AuthThunk<Promise<EmailCheck>> =>
  async (_dispatch, _getState, { api }) => {
    const answer = await api.checkEmailExist(email.trim());
    return answer.status ? { ok: true, exists: answer.data.emailExist } : { ok: false };
  };

/**
 * Spec: with a token the server is told first; on success the session is cleared, on failure
 * nothing else happens. A 401 means the server has already forgotten the token, so it counts
 * as success (otherwise a shopper with an expired token could never sign out). Without a token
 * the session is only cleared locally. `beforeClear` runs just before the session is cleared,
 * so the caller can leave a protected page before its guard sees the signed-out state.
 */
export const logout =
  (options: { beforeClear?: () => void } = {}): AuthThunk<Promise<LogoutOutcome>> =>
  async (_dispatch, _getState, { api, bus }) => {
    if (!bus.get('session').user?.token) {
      endSession(bus);
      return 'cleared-locally';
    }
    const answer = await api.logout();
    if (!answer.status && answer.httpStatus !== 401) {
      console.warn('[auth] buyers/logout failed; the shopper stays signed in', answer);
      return 'failed';
    }
    options.beforeClear?.();
    endSession(bus);
    return 'signed-out';
  };
