/**
 * Validation messages, exactly as the spec words them (typos included: shoppers, tests and
 * translators rely on them). Spec 000 section 5 and spec 001 section 5. The texts are in
 * ./messageTexts.ts.
 *
 * MESSAGES is a namespace of one export per text rather than an object literal: webpack tracks
 * which `MESSAGES.x` a bundle reads and drops the other texts, where an object literal shipped
 * whole (4.4 KB) in every chunk that imported it, first-load chunks included.
 */
export * as MESSAGES from './messageTexts';
