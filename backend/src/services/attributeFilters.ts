/**
 * The listing's `f` attribute filter: its bounds and its parsing.
 *
 * `f` is a JSON object of attribute name → values, e.g. {"Colour":["Red","Blue"]}: values OR
 * within a name, AND across names. The bounds are far above what the catalog's filter panel can
 * send (it offers the names and values of the facets: 4 names seeded, Colour, Material, Occasion,
 * Size, with at most 15 values, Material's; every seeded value ticked at once is ~360 characters
 * of JSON), so only a hand-made request ever meets them.
 */

/** Attribute names in one `f`. */
export const ATTRIBUTE_FILTER_MAX_NAMES = 16;
/** Values of one attribute name in one `f`. */
export const ATTRIBUTE_FILTER_MAX_VALUES = 50;
/** Characters of one attribute name. */
export const ATTRIBUTE_FILTER_MAX_NAME_LENGTH = 100;
/** Characters of one attribute value. */
export const ATTRIBUTE_FILTER_MAX_VALUE_LENGTH = 100;
/** Characters of the whole `f` JSON text (checked by the query schema). */
export const ATTRIBUTE_FILTER_MAX_LENGTH = 2000;
