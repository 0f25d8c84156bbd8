/** The form cycle's timers (spec 001 §4), named once for every remote. */

/** "Address update and error flags clear after 4 s; the set-primary error resets after 4 s." */
export const ADDRESS_FEEDBACK_MS = 4000;
