/**
 * Yup schemas shared by the forms and the backend, so a rule and its message live in one place.
 * Imported as `@shop/shared/validation` (no React, safe on the server).
 */
export * from './auth';
export * from './catalogue';
export { firstErrors } from './errors';
export { MESSAGES } from './messages';
