/** The header sticks once the page has scrolled past this many pixels (spec 000, section 9). */
export const STICKY_HEADER_AFTER_PX = 60;
/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 5000;
/** Promo popup for guests (spec 000 §2, §9): once per 24 h, after 8 s on phones, closes after 10 s. */
export const PROMO_REPEAT_MS = 24 * 60 * 60 * 1000;
export const PROMO_PHONE_DELAY_MS = 8000;
export const PROMO_VISIBLE_MS = 10_000;
/** localStorage key holding the time (ms) until which the promo stays hidden. */
export const PROMO_HIDDEN_UNTIL_KEY = 'promoPopupHiddenUntil';
/** Breakpoints of spec 000 §9: mobile up to 767 px, tablet up to 960 px. */
export const MOBILE_MAX_PX = 767;
export const TABLET_MAX_PX = 960;
export const TODAYS_MISSION_TEXT = 'This feature will be available soon. Check after some time.';
