import { MESSAGES } from '@shop/contract/validation/messages';
import type { AuthThunk } from '../../store';
import { keepWishlistUser } from '../session/session';

export type WishlistRegistration = { ok: true } | { ok: false; message: string };

/** Registers an e-mail for the wishlist only and keeps it locally as 'wishlistUser'. */
export const registerWishlistEmail =
  (email: string): AuthThunk<Promise<WishlistRegistration>> =>
  async (_dispatch, _getState, { api, bus }) => {
    const answer = await api.registerWishlist(email.trim());
    if (answer.status) {
      const { id, email: saved, token } = answer.data.user;
      keepWishlistUser({ id, email: saved, token }, bus);
      return { ok: true };
    }
    // Spec: the server's 'Email registered' shows the already-exists message.
    if (answer.httpStatus === 409 || answer.error?.message === MESSAGES.wishlistEmailRegistered) {
      return { ok: false, message: MESSAGES.emailExists };
    }
    return { ok: false, message: MESSAGES.actionFailed };
  };
