import { MESSAGES } from '@shop/contract/validation/messages';
import type { AuthThunk } from '../../store';
import { startSession, tellCartAdjustments } from '../session/session';

export interface GuestCheckoutDetails {
  name: string;
  email: string;
  mobile: string;
}

export type GuestCheckoutOutcome =
  | { ok: true }
  /** The e-mail is a member's: the panel recommends signing in (or continuing as a guest). */
  | { ok: false; accountExists: true }
  | { ok: false; accountExists: false; message: string };

/**
 * Guest express sign-up (spec 001 §3, `buyers/register-guest`): a fresh Guest identity with a token
 * that owns the guest cart it brings. `continueAsGuest` is the shopper's answer to the
 * account-exists warning: a new guest identity even though a member has that e-mail (it joins
 * nothing of the member's).
 */
export const checkOutAsGuest =
  (details: GuestCheckoutDetails, continueAsGuest: boolean): AuthThunk<Promise<GuestCheckoutOutcome>> =>
  async (_dispatch, _getState, { api, bus }) => {
    const [firstName = '', ...rest] = details.name.trim().split(/\s+/);
    const answer = await api.registerGuest({
      type: 'Express',
      first_name: firstName,
      last_name: rest.join(' '),
      email: details.email.trim(),
      mobile: details.mobile.trim(),
      create_my_profile: false,
      continue_as_guest: continueAsGuest,
      guest_cart_session_token: bus.get('session').guestSessionToken,
    });
    if (answer.status) {
      startSession(answer.data.user, bus);
      tellCartAdjustments(answer.data.cart_adjustments ?? [], bus);
      return { ok: true };
    }
    if (answer.httpStatus === 409) return { ok: false, accountExists: true };
    const fieldMessage = Object.values(answer.error?.fields ?? {})[0];
    return {
      ok: false,
      accountExists: false,
      message: answer.httpStatus === 422 && fieldMessage ? fieldMessage : MESSAGES.actionFailed,
    };
  };
