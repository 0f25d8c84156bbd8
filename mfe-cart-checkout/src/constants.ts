/** The cart overlay opens this long after an add (spec 000, section 4). */
export const CART_OVERLAY_DELAY_MS = 100;
export const ITEM_ADDED_MESSAGE = 'Item Added to Cart';
/** The signed-out wishlist overlay and page (spec 000 §2). */
export const WISHLIST_SIGNED_OUT_MESSAGE = 'Please Sign in or Sign up to add an item into your wishlist';
export const WISHLIST_EMPTY_MESSAGE = 'Item not found';
export const OUT_OF_STOCK_LABEL = 'Out of stock';
/** Form feedback and error flags clear after this long (spec 001 §9). */
export const FEEDBACK_MS = 5000;
