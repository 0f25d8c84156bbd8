/**
 * What the products listing API takes in its query, in one place: the server's query schema is
 * built from these, and the listing page drops any URL value beyond them before it asks (a bad
 * filter in a shared link is ignored, never an error page). No Yup, safe for the listing chunk.
 */

/** Largest id (PostgreSQL int4): `supplier_id`. */
export const INT4_MAX = 2_147_483_647;
/** Pages past any real listing; bounded so OFFSET arithmetic stays far inside int4. */
export const PAGE_MAX = 1_000_000;
/** Largest amount a price filter takes (any currency). */
export const AMOUNT_MAX = 1_000_000_000;
/** Characters of a type, category or sub-category slug. */
export const SLUG_MAX_LENGTH = 200;
/** A currency code: three letters. */
export const CURRENCY_CODE_PATTERN = /^[A-Za-z]{3}$/;

/** Attribute names in one `f`. */
export const ATTRIBUTE_FILTER_MAX_NAMES = 16;
/** Values of one attribute name in one `f`. */
export const ATTRIBUTE_FILTER_MAX_VALUES = 50;
/** Characters of one attribute name. */
export const ATTRIBUTE_FILTER_MAX_NAME_LENGTH = 100;
/** Characters of one attribute value. */
export const ATTRIBUTE_FILTER_MAX_VALUE_LENGTH = 100;
/** Characters of the whole `f` JSON text. */
export const ATTRIBUTE_FILTER_MAX_LENGTH = 2000;

/** Length as a JSON schema's maxLength counts it: in characters (code points), not UTF-16 units. */
export const characters = (text: string): number => [...text].length;
