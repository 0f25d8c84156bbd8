/** The cart overlay opens this long after an add (spec 000, section 4). */
export const CART_OVERLAY_DELAY_MS = 100;
export const SHOP_NAME = 'Gift Shop';
export const GENERIC_ACTION_ERROR = 'Action failed, please try again later.';
export const ITEM_ADDED_MESSAGE = 'Item Added to Cart';
