/**
 * The title and description of the catalogue's pages, written once: the server puts them in the
 * page's first HTML (with its canonical and Open Graph tags, for search engines and link
 * previews), and the catalog's pages set the same ones when they show.
 */
import type { ProductDetail } from '../types';

/** The shop's name, as the tab titles and the home page show it. */
export const SHOP_NAME = 'Gift Shop';

/** A meta description longer than this is cut (search engines show about 155-160 characters). */
export const PAGE_DESCRIPTION_MAX = 160;

export interface PageMeta {
  /** The page's own title, before `documentTitleOf` adds the shop's name. */
  title: string;
  description: string;
}

/** A page's tab title: 'My Orders | Gift Shop' (the home page's is the shop's name alone). */
export function documentTitleOf(title: string): string {
  return title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
}

export const HOME_PAGE_META: PageMeta = {
  title: SHOP_NAME,
  description: 'Gifts for every occasion: exclusive, handmade and top-selling gifts, delivered.',
};

/** The listing's: a search's words, else the deepest taxonomy level chosen (its name), else all products. */
export function listingPageMeta(search: string | null, heading: string | undefined): PageMeta {
  if (search) {
    return {
      title: `Search results for ${search}`,
      description: `Gifts and products matching "${search}" at the Gift Shop.`,
    };
  }
  return {
    title: heading ?? 'Products',
    description: `Shop ${heading ?? 'gifts and products'} online: filter by category, price and more.`,
  };
}

export function productPageMeta(product: Pick<ProductDetail, 'title' | 'short_description'>): PageMeta {
  return { title: product.title, description: product.short_description.slice(0, PAGE_DESCRIPTION_MAX) };
}
