import type { Currency } from '@shop/shared';

/**
 * The gift-option timers of spec 001 (§4, §8, §9: "Form feedback time-out and popup auto-close:
 * 5000 ms"), named once for the dialogs and the packaging page.
 */

/** 'Pelase select at least one option.' and a failed save's banner show this long. */
export const FORM_FEEDBACK_MS = 5000;
/** "Success of a customization or packaging form sets the cart items after 5 s" (spec 001 §4). */
export const PENDING_CART_DELAY_MS = 5000;

/** Options and packaging kinds are priced in USD; the packaging page shows them so (spec 001 §2.5). */
export const USD: Currency = { code: 'USD', symbol: '$', exchange_rate: 1, decimal_places: 2 };

/** Not worded by the spec: what the dialogs say after a remove, in the shop's words. */
export const CUSTOMIZATION_REMOVED = 'The customization of the item is removed.';
export const PACKAGING_REMOVED = 'The packaging of the item is removed.';
export const CUSTOMIZATION_NON_REFUNDABLE = 'Customization cost is non-refundable.';
export const LOGO_RECOMMENDATION = 'A high-resolution PNG or JPG is recommended.';
