/**
 * The first-screen reads the build declares (firstScreenReads.ts, recorded in shop-build.json for
 * the release checks) are the reads the pages make: each probe page, rendered at its address,
 * asks the API for every address declared for it. A page whose reads change (another page size,
 * another endpoint) fails here until the declaration says so, and the release checks then hold
 * the new reads against the answers the server inlines.
 */
import type { ProductDetail } from '@shop/contract';
import { FIRST_SCREEN_PROBES, type FirstScreenProbe } from '@shop/contract/listing';
import { dataKey } from '@shop/shared';
import { MemoryRouter, Route, Routes } from '@shop/shared/router';
import { act, render } from '@testing-library/react';
import { HomePage } from './features/home/HomePage';
import { ListingPage } from './features/listing/ListingPage';
import { ProductPage } from './features/product/ProductPage';
import { firstScreenReads, firstScreenReadsOfProbes } from './firstScreenReads';
import { installFakeApi, ok } from './test/fakeApi';

const items = { items: [] };
const meta = { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 20 };
const filters = { productTypes: [], productCategories: [], productSubCategories: [], attributes: [] };
const ref = { name: 'Gifts', slug: 'gifts' };

function product(id: number, slug: string): ProductDetail {
  return {
    id,
    slug,
    title: 'Oak box',
    image: `/backend/api/images/products/${id}.svg`,
    price: 12,
    old_price: null,
    in_stock: true,
    stock_quantity: 3,
    is_customizable: false,
    has_packaging: false,
    last_piece_message: null,
    hot: false,
    new_item: false,
    free_delivery: false,
    supplier_id: null,
    line: null,
    type: ref,
    category: ref,
    subCategory: ref,
    reviews: { rating: 0, count: 0 },
    specifications: { product: [], sub_category: [] },
    created_at: '2026-11-01T10:00:00.000Z',
    short_description: 'A box of oak.',
    hint: null,
    details: '<p>Oak.</p>',
    supplier: null,
  };
}

/** The cache key of a request the page made, as the data kit keys the read that made it. */
const keyOf = (url: URL) =>
  dataKey(url.pathname.replace(/^\/backend\/api\//, ''), Object.fromEntries(url.searchParams));

/** The cache key of a declared address. */
const keyOfAddress = (address: string) => {
  const [path = '', search = ''] = address.split('?', 2);
  return dataKey(path, search ? Object.fromEntries(new URLSearchParams(search)) : undefined);
};

/** Renders the probe's page at its address and answers the keys of the API reads it made. */
async function readsOfPage(probe: FirstScreenProbe): Promise<Set<string>> {
  const slug = /^\/product\/([^/?]+)/.exec(probe.page)?.[1] ?? '';
  const backend = installFakeApi({
    'GET hero-slides': ok(items),
    'GET deals-of-the-day': ok({ deal: null }),
    'GET products': ok({ items: [], filters, query: {}, _meta: meta }),
    [`GET products/by-slug/${slug}`]: ok({ item: product(probe.productId ?? 1, slug) }),
    [`GET products/gallery/${probe.productId}`]: ok(items),
    [`GET products/grouped-products/${probe.productId}`]: ok({ items: [] }),
  });
  render(
    <MemoryRouter initialEntries={[probe.page]}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/products" element={<ListingPage />} />
        <Route path="/product/:slug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
  // The product's gallery and group are asked once its answer is in.
  for (let step = 0; step < 5; step += 1) await act(() => jest.advanceTimersByTimeAsync(100));
  return new Set(backend.calls.filter((call) => call.method === 'GET').map((call) => keyOf(call.url)));
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the first-screen reads the build declares', () => {
  it('name one entry per probe page of the contract', () => {
    expect(Object.keys(firstScreenReadsOfProbes())).toEqual(FIRST_SCREEN_PROBES.map((probe) => probe.page));
  });

  it.each(FIRST_SCREEN_PROBES.map((probe) => [probe.page, probe] as const))(
    'are read by the page %s on its first render',
    async (_page, probe) => {
      const declared = firstScreenReads(probe);
      expect(declared.length).toBeGreaterThan(0);
      const read = await readsOfPage(probe);
      for (const address of declared) expect(read).toContain(keyOfAddress(address));
    },
  );
});
