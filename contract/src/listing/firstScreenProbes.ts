/**
 * The pages a catalog build is checked on before it may take over the server's first screen
 * (backend/src/delivery/firstScreen.ts): the server inlines the answers it rendered a page from,
 * under the addresses the page's client asks, and the catalog's first render reads them from the
 * data cache by the keys of its own reads. A build records the addresses its pages read for each
 * of these pages (mfe-catalog/src/firstScreenReads.ts, into its shop-build.json), and the release
 * checks refuse a version that would not read every answer the server inlines for them
 * (backend/src/modules/remotes/releaseChecks.ts). One of each kind of page, the listing with
 * every kind of filter, so a change of any read's address shows.
 */

export interface FirstScreenProbe {
  /** The page's path and query, as a shopper opens it. */
  page: string;
  /** For a product page: the product the slug's answer gives (its gallery is read by id). */
  productId?: number;
}

export const FIRST_SCREEN_PROBES: readonly FirstScreenProbe[] = [
  { page: '/' },
  { page: '/products' },
  {
    page:
      '/products?type=gifts&category=mugs&subCategory=tea&q=oak&sort=low-to-high&page=2&per-page=40' +
      '&stock=1&hot=1&price-min-usd=5&f=%7B%22Colour%22%3A%5B%22Red%22%5D%7D',
  },
  { page: '/product/oak-box', productId: 7 },
];
