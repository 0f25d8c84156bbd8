/** Home lists: per-page 8, newest to oldest (spec 000, section 9). */
export const HOME_LIST_PER_PAGE = 8;
/** Pagination shows this many pages each side of the current one. */
export const PAGINATION_WINDOW = 3;
export const NOT_FOUND_PATH = '/pagenotfound';

// ---------------------------------------------------------------- home (spec 000, sections 2 and 9)
/** Hero carousel: at most 5 slides, autoplay every 6 s. */
export const HERO_MAX_SLIDES = 5;
export const HERO_AUTOPLAY_MS = 6000;
/** Promotion sliders: 4 slides per view, fewer on narrower screens. */
export const SLIDER_SLIDES_PER_VIEW = 4;
export const SLIDER_AUTOPLAY_MS = 6000;
export const SLIDER_SPEED_MS = 500;
/** Window widths (px) at or below which a slider shows 1, 2 or 3 slides. */
export const SLIDER_BREAKPOINTS = [
  { width: 320, slides: 1 },
  { width: 700, slides: 2 },
  { width: 960, slides: 3 },
] as const;
/** The supplier line on the home page (spec 000, section 9). */
export const HOME_SUPPLIER_ID = 122;
/** The deal countdown ticks once a second. */
export const DEAL_TICK_MS = 1000;

// ---------------------------------------------------------------- breakpoints
/** Mobile: at most this width (px). */
export const MOBILE_MAX_WIDTH = 767;
/** Tablet: below this width (px) the site-map menu is stacked. */
export const TABLET_MAX_WIDTH = 960;

// ---------------------------------------------------------------- item card, search, site map
/** Quick view shows at most 5 specifications flagged show_in_quick_view. */
export const QUICK_VIEW_MAX_SPECS = 5;
/** Suggestions are asked for only when the text is longer than this. */
export const SUGGESTIONS_MIN_EXCLUSIVE = 2;
export const SUGGESTIONS_DEBOUNCE_MS = 250;
/** Up to 4 products, types, categories and sub-categories. */
export const SUGGESTIONS_MAX_EACH = 4;
/** Site-map expanded view: 6 types per slide. */
export const SITEMAP_TYPES_PER_SLIDE = 6;
/** A leaf image is shown when a node has fewer than this many children. */
export const SITEMAP_IMAGE_BELOW_CHILDREN = 5;

// ---------------------------------------------------------------- product detail and content pages
/** Reviews and questions load page by page, 1.5 s after 'load more' (spec 000, section 4). */
export const LOAD_MORE_DELAY_MS = 1500;
/** Notify-me, ask-question and contact forms: success shows, then reset and close after 5 s. */
export const FORM_FEEDBACK_MS = 5000;
/** Related products on the product page: one listing page of the same category. */
export const RELATED_PRODUCTS_PER_PAGE = 8;
/** How much the gallery's magnified view enlarges the image. */
export const GALLERY_ZOOM_FACTOR = 2;
/** Meta descriptions are cut to the length search engines show (the server's first HTML cuts them alike). */
export { PAGE_DESCRIPTION_MAX } from '@shop/contract/seo';

// ---------------------------------------------------------------- cart
/**
 * How long Add to Cart waits for the cart's owner (cart_checkout) to answer. Longer than the bus's
 * default: a visitor's quick adds wait for the first one, which makes their cart, so an add may
 * take two round trips on a slow line; an answer this late still means the remote is not there.
 */
export const CART_ADD_TIMEOUT_MS = 20_000;
