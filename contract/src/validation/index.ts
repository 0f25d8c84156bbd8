/**
 * Yup schemas shared by the forms and the backend, so a rule and its message live in one place.
 * Imported as `@shop/shared/validation` (no React, safe on the server). Code that only needs a
 * message imports `@shop/shared/validation/messages`, which does not pull Yup into its chunk.
 */
export * from './auth';
export * from './catalogue';
export * from './checkout';
export * from './customization';
export { EMAIL_ADDRESS } from './email';
export { firstErrors } from './errors';
export { KEYWORD_MIN, keywordError, SEARCH_TEXT_MAX } from './keyword';
export * from './listingLimits';
export * from './member';
export { MESSAGES } from './messages';
export * from './richText';
export { isSignUpCountry, SIGN_UP_COUNTRIES } from './signUpCountries';
