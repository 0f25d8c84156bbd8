/**
 * What this build's pages read on their first render, for the release checks: the server inlines
 * the answers it painted a catalogue page's first screen from (backend/src/delivery/firstScreen.ts)
 * and this remote takes that screen over only when its pages read those very answers, by the keys
 * of their own reads (shared/src/data/inlinedAnswers.ts). The build writes these addresses for
 * each of the contract's FIRST_SCREEN_PROBES into its shop-build.json
 * (shared/build/shop-build-plugin.mjs), and a promote or canary refuses a version that would not
 * read an answer the server inlines (backend/src/modules/remotes/releaseChecks.ts).
 *
 * firstScreenReads.test.tsx renders each page and holds these addresses to the reads it makes,
 * so a page whose reads change fails its tests until this module says so too, and the release
 * checks then see the change.
 *
 * Plain functions of the contract only (no React, no @shop/shared): the build runs this module in
 * Node to write the addresses.
 */
import {
  apiQueryFromFilters,
  FIRST_SCREEN_PROBES,
  type FirstScreenProbe,
  filtersFromParams,
} from '@shop/contract/listing';

/** `path?query` with the query's names in the order given (the checks sort them, as the cache does). */
function address(path: string, query: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.append(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The API addresses the page at `probe.page` reads to render its first screen: the home page's
 * hero and deal (HeroCarousel, DealOfTheDay), the listing of the URL's filters (ListingPage), the
 * product by its slug, then its gallery and group by the id its answer gives (ProductPage).
 */
export function firstScreenReads(probe: FirstScreenProbe): string[] {
  const [pathname = '', search = ''] = probe.page.split('?', 2);
  if (pathname === '/') return [address('hero-slides'), address('deals-of-the-day')];
  if (/^\/products\/?$/.test(pathname)) {
    return [address('products', apiQueryFromFilters(filtersFromParams(new URLSearchParams(search))))];
  }
  const slug = /^\/product\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (slug === undefined || probe.productId === undefined) return [];
  return [
    address(`products/by-slug/${encodeURIComponent(decodeURIComponent(slug))}`),
    address(`products/gallery/${probe.productId}`),
    address(`products/grouped-products/${probe.productId}`),
  ];
}

/** Every probe page with its reads, as shop-build.json records them. */
export function firstScreenReadsOfProbes(): Record<string, string[]> {
  return Object.fromEntries(FIRST_SCREEN_PROBES.map((probe) => [probe.page, firstScreenReads(probe)]));
}
