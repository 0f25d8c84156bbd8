/**
 * The auth remote's timers, routes and texts, in one place (spec 000 sections 4 and 9, spec 001
 * sections 4 and 9). Validation messages live with the schemas in `@shop/shared/validation`.
 */
import type { Country } from '@shop/shared';

/** The sign-in failure message hides after this long. */
export const SIGN_IN_ERROR_MS = 5000;
/** Sign-up and wishlist-e-mail feedback (success or failure) shows this long. */
export const FORM_FEEDBACK_MS = 5000;
/** The greeting bubble after signing in disappears after this long. */
export const GREETING_BUBBLE_MS = 10_000;
/** Forgot- and reset-password forms show their success this long after submit, whatever happened. */
export const RECOVERY_SUCCESS_DELAY_MS = 500;

/**
 * Where a signed-in member lands from /login. Spec 000 (section 2) says '/', spec 001 (2.1)
 * says '/member': we follow 001, the later and more specific document, so the member lands
 * in their dashboard.
 */
export const MEMBER_HOME_PATH = '/member';
export const FORGOT_PASSWORD_PATH = '/forgotpassword';
export const NOT_FOUND_PATH = '/pagenotfound';

/**
 * Formik validates on change and on submit, not on blur: an error appearing when a field loses
 * focus (on mousedown) pushes the submit button down before mouseup, and the click is lost.
 * `false` for Formik's `validateOnBlur`.
 */
export const VALIDATE_ON_BLUR = false;

/** Phone input default country (spec: 'ae'; the IP geolocation guess is not used). */
export const DEFAULT_PHONE_COUNTRY = 'ae';
/** The spec's static sign-up countries, used until (or if never) the countries list loads. */
export const FALLBACK_COUNTRIES: readonly Country[] = [
  { id: 1, name: 'United Arab Emirates', iso2: 'ae', dial_code: '971' },
  { id: 2, name: 'Lebanon', iso2: 'lb', dial_code: '961' },
];

// Texts the spec does not word; ours, kept here so they are easy to find and change.
export const SIGN_UP_SUCCESS_MESSAGE = 'Your account has been created. Welcome!';
export const WISHLIST_EMAIL_SUCCESS_MESSAGE = 'Thank you! You can now add items to your wishlist.';
export const FORGOT_PASSWORD_SUCCESS_MESSAGE =
  'If this email address is registered with us, a link to reset your password has been sent to it.';
export const RESET_PASSWORD_SUCCESS_MESSAGE = 'Your password has been reset.';
/** Spec 001 §4: after the guest express sign-up succeeds, the shopper goes to /checkout this much later. */
export const GUEST_CHECKOUT_REDIRECT_MS = 5000;
export const CHECKOUT_PATH = '/checkout';
export const GUEST_CHECKOUT_SUCCESS_MESSAGE = 'You are checking out as a guest. Taking you to checkout…';
export const ACCOUNT_EXISTS_WARNING =
  'An account already exists for this e-mail. We recommend signing in, so the order joins your account; or continue as a guest.';
