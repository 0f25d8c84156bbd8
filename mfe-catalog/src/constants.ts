/** Home lists: per-page 8, newest to oldest (spec 000, section 9). */
export const HOME_LIST_PER_PAGE = 8;
export const LISTING_PER_PAGE = 20;
/** Pagination shows this many pages each side of the current one. */
export const PAGINATION_WINDOW = 3;
export const NOT_FOUND_PATH = '/pagenotfound';
export const GENERIC_ACTION_ERROR = 'Action failed, please try again later.';
