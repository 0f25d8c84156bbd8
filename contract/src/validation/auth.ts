import { mixed, number, object, ref, string } from 'yup';
import { MESSAGES } from './messages';

/** 8-16 characters with at least one lower case letter, one upper case letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,16}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

const email = string().trim().required(MESSAGES.emailRequired).email(MESSAGES.emailInvalid);

const newPassword = string()
  .required(MESSAGES.choosePassword)
  .matches(PASSWORD_PATTERN, MESSAGES.passwordRule);
const confirmPassword = string()
  .required(MESSAGES.retypePassword)
  .oneOf([ref('password')], MESSAGES.passwordsDiffer);

/** Sign-in: the login call is not made unless this passes. */
export const signInSchema = object({
  email,
  password: string().required(MESSAGES.passwordRequired),
});

/** Sign-up wizard, one schema per step (Next validates its step). */
export const signUpStep1Schema = object({ email });

export const signUpStep2Schema = object({
  password: newPassword,
  confirm_password: confirmPassword,
  first_name: string().trim().required(MESSAGES.firstNameRequired),
  last_name: string().trim().required(MESSAGES.lastNameRequired),
});

export const signUpStep3Schema = object({
  mobile: string().trim().required(MESSAGES.mobileRequired),
  country_id: number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(MESSAGES.countryRequired)
    .required(MESSAGES.countryRequired),
  gender: string().trim().required(MESSAGES.genderRequired),
});

/** The whole registration, as the server applies it to buyers/register. */
export const registrationSchema = signUpStep1Schema
  .concat(signUpStep2Schema)
  .concat(signUpStep3Schema)
  .shape({
    type: mixed<'Registration'>().oneOf(['Registration']).default('Registration'),
    guest_cart_session_token: string().nullable().optional(),
  });

/** Wishlist-only registration: just an e-mail, with that form's own wording. */
export const wishlistEmailSchema = object({
  email: string().trim().required(MESSAGES.emailRequiredShort).email(MESSAGES.emailInvalidShort),
});

/** Guest registration needs a first name and a valid e-mail. */
export const guestRegistrationSchema = object({
  first_name: string().trim().required(MESSAGES.firstNameRequired),
  email,
});

export const forgotPasswordSchema = object({ email });

/** The reset form reuses the sign-up password rules (spec 001, section 5). */
export const resetPasswordSchema = object({
  password: newPassword,
  confirm_password: confirmPassword,
});
