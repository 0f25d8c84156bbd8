/** The header sticks once the page has scrolled past this many pixels (spec 000, section 9). */
export const STICKY_HEADER_AFTER_PX = 60;
/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 5000;
