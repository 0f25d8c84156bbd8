/**
 * The texts behind MESSAGES (./messages.ts), one export each, by area. Validation messages,
 * exactly as the spec words them (typos included: shoppers, tests and translators rely on them).
 * Spec 000 section 5 and spec 001 section 5. Import MESSAGES, not these names.
 */
export * from './messages/checkout';
export * from './messages/general';
export * from './messages/giftOptions';
export * from './messages/member';
