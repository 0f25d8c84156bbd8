/**
 * The listing's state lives in the URL (spec 000, section 2: the listing's query params), so
 * back/forward and shared links restore it. This module maps URL <-> filters <-> API query; it is
 * pure so the mapping can be tested without a browser.
 */
import { LISTING_PER_PAGE, LISTING_PER_PAGE_MAX } from '../../constants';

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

function positiveNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Math.abs(Number(value));
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Reads `f` ({"Colour":["Red"]}); anything malformed is ignored rather than breaking the page. */
export function parseAttributes(raw: string | null): AttributeFilters {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const result: AttributeFilters = {};
  for (const [name, values] of Object.entries(parsed)) {
    if (!Array.isArray(values)) continue;
    const strings = values.filter((v): v is string => typeof v === 'string' && v !== '');
    if (strings.length > 0) result[name] = strings;
  }
  return result;
}

export function filtersFromParams(params: URLSearchParams): ListingFilters {
  const text = (name: string) => {
    const value = params.get(name)?.trim();
    return value ? value : null;
  };
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const perPage = Number.parseInt(params.get('per-page') ?? '', 10);
  const sort = params.get('sort');
  return {
    type: text('type'),
    category: text('category'),
    subCategory: text('subCategory'),
    q: text('q'),
    supplierId: text('supplier_id'),
    sort: isSort(sort) ? sort : null,
    page: Number.isFinite(page) && page > 1 ? page : 1,
    perPage: Number.isFinite(perPage) ? Math.min(LISTING_PER_PAGE_MAX, Math.max(1, perPage)) : null,
    quick: QUICK_PARAMS.filter((param) => params.get(param) === '1'),
    attributes: parseAttributes(params.get('f')),
    priceMin: positiveNumber(params.get('price-min')),
    priceMax: positiveNumber(params.get('price-max')),
    currency: text('currency'),
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

export type ListingApiQuery = Record<string, string | number | undefined>;

/** The `products` call for these filters: the same names as the URL, plus the page size. */
export function apiQueryFromFilters(filters: ListingFilters): ListingApiQuery {
  const query: ListingApiQuery = { 'per-page': filters.perPage ?? LISTING_PER_PAGE };
  for (const [name, value] of paramsFromFilters(filters)) if (name !== 'per-page') query[name] = value;
  return query;
}
