/**
 * Validation messages, exactly as the spec words them (typos included: shoppers, tests and
 * translators rely on them). Spec 000 section 5 and spec 001 section 5.
 */
export const MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  /** The wishlist and notify-me forms word the invalid e-mail differently. */
  emailInvalidShort: 'Email must be a valid email address',
  emailRequired: 'Please enter your email address',
  emailRequiredShort: 'Please enter email address',
  passwordRequired: 'Please enter your password',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  choosePassword: 'Please choose your password',
  passwordRule: 'Use 8-16 characters with one upper letters and at least one number',
  retypePassword: 'Please retype your password',
  passwordsDiffer: 'Your password and confirmation password do not match',
  mobileRequired: 'Please enter your mobile number',
  countryRequired: 'Please select your country',
  genderRequired: 'Please select your gender',
  emailExists: 'Email is already exist',
  /** The server's text when a wishlist e-mail is already registered. */
  wishlistEmailRegistered: 'Email registered',
  signInFailed: 'Incorrect username or password. Please try again',
  actionFailed: 'Action failed, please try again later.',
} as const;
