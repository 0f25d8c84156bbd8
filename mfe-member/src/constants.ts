/** The member remote's timers and texts, named once (spec 001 §4, §9). */

export const SHOP_NAME = 'Gift Shop';

/** "Address update and error flags clear after 4 s; the set-primary error resets after 4 s." */
export const ADDRESS_FEEDBACK_MS = 4000;
