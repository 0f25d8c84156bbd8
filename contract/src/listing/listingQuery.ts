/**
 * The listing's state lives in the URL (spec 000, section 2: the listing's query params), so
 * back/forward and shared links restore it. This module maps URL <-> filters <-> API query; it is
 * pure so the mapping can be tested without a browser. It sits in the contract because both sides
 * read a listing URL the same way: the catalog's listing page asks the API with it, and the server
 * renders the first screen of `/products?…` (backend/src/delivery/firstScreen.ts) from the very
 * answer the page will ask for, inlined under the same key.
 */

import type { EndpointAt, QueryOf } from '../endpoint';
import type { ApiEndpoints } from '../endpoints';
import { SEARCH_TEXT_MAX } from '../validation/keyword';
import {
  AMOUNT_MAX,
  ATTRIBUTE_FILTER_MAX_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAME_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAMES,
  ATTRIBUTE_FILTER_MAX_VALUE_LENGTH,
  ATTRIBUTE_FILTER_MAX_VALUES,
  CURRENCY_CODE_PATTERN,
  characters,
  INT4_MAX,
  PAGE_MAX,
  SLUG_MAX_LENGTH,
} from '../validation/listingLimits';

/** The listing's query, as the `products` endpoint declares it. */
export type ProductsQuery = QueryOf<EndpointAt<ApiEndpoints, 'GET', 'products'>>;

/** A listing page's size when its URL names none (spec 000, section 2). */
export const LISTING_PER_PAGE = 20;
/** The largest page the server gives (it clamps per-page to 1..100). */
export const LISTING_PER_PAGE_MAX = 100;

export const SORT_OPTIONS = [
  { value: 'newest-to-oldest', label: 'Newest to Oldest' },
  { value: 'oldest-to-newest', label: 'Oldest to Newest' },
  { value: 'high-to-low', label: 'Price: High to Low' },
  { value: 'low-to-high', label: 'Price: Low to High' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];

/** Quick filters: URL param and the label the spec gives. All are sent as '1'. */
export const QUICK_FILTERS = [
  { param: 'hot', label: 'Hot Item' },
  { param: 'newItem', label: 'New Item(s)' },
  { param: 'free_delivery', label: 'Free Delivery' },
  { param: 'stock', label: 'In Stock' },
] as const;
export type QuickFilterParam = (typeof QUICK_FILTERS)[number]['param'] | 'customizable';

/** Attribute filters: attribute name -> selected values (OR within an attribute, AND across). */
export type AttributeFilters = Record<string, string[]>;

export interface ListingFilters {
  type: string | null;
  category: string | null;
  subCategory: string | null;
  q: string | null;
  supplierId: string | null;
  sort: SortOption | null;
  page: number;
  /** The URL's per-page, clamped to 1..100 as the server clamps it; null: the default 20. */
  perPage: number | null;
  quick: QuickFilterParam[];
  attributes: AttributeFilters;
  /** In `currency` (the code chosen when the price was set); null when not set. */
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  /** Shared links may carry USD bounds instead (price-min-usd / price-max-usd). */
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
}

const QUICK_PARAMS: readonly QuickFilterParam[] = [...QUICK_FILTERS.map((f) => f.param), 'customizable'];
const SORT_VALUES: readonly string[] = SORT_OPTIONS.map((o) => o.value);

function isSort(value: string | null): value is SortOption {
  return value !== null && SORT_VALUES.includes(value);
}

/** A price bound: negatives made positive; zero, not a number or past what the API takes is none. */
function positiveNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Math.abs(Number(value));
  return Number.isFinite(n) && n > 0 && n <= AMOUNT_MAX ? n : null;
}

/** A whole number of digits only within 1..max; anything else ('abc', '-1', '2.5', '1e3') is none. */
function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,16}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : null;
}

/** A search past the API's limit, cut where the search box would have stopped it (in characters). */
function cutSearch(q: string | null): string | null {
  if (q === null || characters(q) <= SEARCH_TEXT_MAX) return q;
  return [...q].slice(0, SEARCH_TEXT_MAX).join('').trim() || null;
}

/**
 * Reads `f` ({"Colour":["Red"]}); anything malformed is ignored rather than breaking the page, and
 * so is an `f` beyond what the API takes (too many names or values, too long).
 */
export function parseAttributes(raw: string | null): AttributeFilters {
  if (!raw || characters(raw) > ATTRIBUTE_FILTER_MAX_LENGTH) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const entries = Object.entries(parsed);
  if (entries.length > ATTRIBUTE_FILTER_MAX_NAMES) return {};
  const result: AttributeFilters = {};
  for (const [name, values] of entries) {
    if (!Array.isArray(values) || characters(name) > ATTRIBUTE_FILTER_MAX_NAME_LENGTH) continue;
    const strings = values.filter(
      (v): v is string =>
        typeof v === 'string' && v !== '' && characters(v) <= ATTRIBUTE_FILTER_MAX_VALUE_LENGTH,
    );
    if (strings.length > 0) result[name] = strings.slice(0, ATTRIBUTE_FILTER_MAX_VALUES);
  }
  return result;
}

/**
 * The filters of a listing URL. A value the API would refuse (a sort it does not know, page -1, a
 * price 'abc', a supplier 'x', a slug or search past its length, a currency code not of three
 * letters or not among `currencies` when those are known) is dropped here, so a hand-edited or
 * old link shows the listing without it instead of an error.
 */
export function filtersFromParams(params: URLSearchParams, currencies?: readonly string[]): ListingFilters {
  const text = (name: string, maxLength: number) => {
    const value = params.get(name)?.trim();
    // NUL is refused by the API wherever it appears.
    if (!value || value.includes('\u0000')) return null;
    return characters(value) <= maxLength ? value : null;
  };
  const perPage = Number.parseInt(params.get('per-page') ?? '', 10);
  const sort = params.get('sort');
  const currency = text('currency', 3);
  const knownCurrency =
    currency !== null &&
    CURRENCY_CODE_PATTERN.test(currency) &&
    (currencies === undefined || currencies.includes(currency.toUpperCase()));
  const supplierId = wholeNumber(params.get('supplier_id'), INT4_MAX);
  return {
    type: text('type', SLUG_MAX_LENGTH),
    category: text('category', SLUG_MAX_LENGTH),
    subCategory: text('subCategory', SLUG_MAX_LENGTH),
    // A search past the limit is cut where the search box would have stopped it.
    q: cutSearch(text('q', Number.POSITIVE_INFINITY)),
    supplierId: supplierId === null ? null : String(supplierId),
    sort: isSort(sort) ? sort : null,
    page: wholeNumber(params.get('page'), PAGE_MAX) ?? 1,
    perPage: Number.isFinite(perPage) ? Math.min(LISTING_PER_PAGE_MAX, Math.max(1, perPage)) : null,
    quick: QUICK_PARAMS.filter((param) => params.get(param) === '1'),
    attributes: parseAttributes(params.get('f')),
    priceMin: positiveNumber(params.get('price-min')),
    priceMax: positiveNumber(params.get('price-max')),
    currency: knownCurrency ? currency : null,
    priceMinUsd: positiveNumber(params.get('price-min-usd')),
    priceMaxUsd: positiveNumber(params.get('price-max-usd')),
  };
}

/** Canonical URL params for filters: a fixed order, defaults left out. */
export function paramsFromFilters(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(name, String(value));
  };
  put('type', filters.type);
  put('category', filters.category);
  put('subCategory', filters.subCategory);
  put('q', filters.q);
  put('supplier_id', filters.supplierId);
  for (const param of QUICK_PARAMS) if (filters.quick.includes(param)) params.set(param, '1');
  const attributes = Object.entries(filters.attributes).filter(([, values]) => values.length > 0);
  if (attributes.length > 0) params.set('f', JSON.stringify(Object.fromEntries(attributes)));
  put('price-min', filters.priceMin);
  put('price-max', filters.priceMax);
  if (filters.priceMin !== null || filters.priceMax !== null) put('currency', filters.currency);
  put('price-min-usd', filters.priceMinUsd);
  put('price-max-usd', filters.priceMaxUsd);
  put('sort', filters.sort);
  if (filters.perPage !== null && filters.perPage !== LISTING_PER_PAGE) {
    params.set('per-page', String(filters.perPage));
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * A new set of filters after a change. Every change except one of the page itself starts again from
 * page 1, since the old page number means nothing in a different result set.
 */
export function changeFilters(filters: ListingFilters, change: Partial<ListingFilters>): ListingFilters {
  // The page size is the shopper's (or the link's) choice: it survives filter changes.
  return { ...filters, page: 1, ...change };
}

export function toggleAttribute(attributes: AttributeFilters, name: string, value: string): AttributeFilters {
  const current = attributes[name] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const result: AttributeFilters = { ...attributes, [name]: next };
  if (next.length === 0) delete result[name];
  return result;
}

export function toggleQuick(quick: QuickFilterParam[], param: QuickFilterParam): QuickFilterParam[] {
  return quick.includes(param) ? quick.filter((p) => p !== param) : [...quick, param];
}

/**
 * The `products` call for these filters: the same names as the URL, plus the page size. The values
 * stay the URL's text (a query string is text either way); the server validates them.
 */
export function apiQueryFromFilters(filters: ListingFilters): ProductsQuery {
  const query: Record<string, string | number> = { 'per-page': filters.perPage ?? LISTING_PER_PAGE };
  for (const [name, value] of paramsFromFilters(filters)) if (name !== 'per-page') query[name] = value;
  return query as ProductsQuery;
}

/** A node of the site map (types, their categories, their sub-categories). */
interface TrailNode {
  slug: string;
  name: string;
  child?: TrailNode[];
}

/** One step of a listing's breadcrumb below "Products": its name and the listing it links to. */
export interface ListingCrumb {
  name: string;
  /** The listing's query (without `?`); '' for the last step, which links nowhere. */
  search: string;
}

/**
 * The listing's place in the site map: its heading (the deepest named taxonomy) and the crumbs of
 * its type, category and sub-category, named from the site map (the slug when the map lacks it).
 * The catalog's listing and the server's first screen both draw their breadcrumb from it.
 */
export function listingTrail(
  filters: Pick<ListingFilters, 'type' | 'category' | 'subCategory'>,
  sitemap: readonly TrailNode[] | undefined,
): { heading: string | undefined; crumbs: ListingCrumb[] } {
  const find = (nodes: readonly TrailNode[] | undefined, slug: string | null) =>
    slug ? nodes?.find((node) => node.slug === slug) : undefined;
  const type = find(sitemap, filters.type);
  const category = find(type?.child, filters.category);
  const subCategory = find(category?.child, filters.subCategory);
  const crumbs = [
    filters.type
      ? { name: type?.name ?? filters.type, search: `type=${encodeURIComponent(filters.type)}` }
      : null,
    filters.category
      ? {
          name: category?.name ?? filters.category,
          search: `type=${encodeURIComponent(filters.type ?? '')}&category=${encodeURIComponent(filters.category)}`,
        }
      : null,
    filters.subCategory ? { name: subCategory?.name ?? filters.subCategory, search: '' } : null,
  ].filter((crumb) => crumb !== null);
  return { heading: subCategory?.name ?? category?.name ?? type?.name, crumbs };
}

export { FIRST_SCREEN_PROBES, type FirstScreenProbe } from './firstScreenProbes';
