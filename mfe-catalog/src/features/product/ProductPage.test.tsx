/**
 * The product page at a slug the product had before (the back office changed it): the API
 * answers the product with its slug now, and the page moves its address there, replacing the old
 * one in the history.
 */
import type { ProductDetail } from '@shop/contract';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { installFakeApi, ok } from '../../test/fakeApi';
import { ProductPage } from './ProductPage';

const ref = { name: 'Gifts', slug: 'gifts' };
const product: ProductDetail = {
  id: 4,
  slug: 'oak-keepsake-box',
  title: 'Oak keepsake box',
  image: '/backend/api/images/products/4.svg',
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

function Address(): ReactNode {
  const location = useLocation();
  return <output aria-label="address">{location.pathname}</output>;
}

it("moves an old slug's address to the product's slug now", async () => {
  const api = installFakeApi({
    'GET products/by-slug/oak-box': ok({ item: product }),
    'GET products/by-slug/oak-keepsake-box': ok({ item: product }),
    'GET products/gallery/4': ok({ items: [] }),
    'GET products/grouped-products/4': ok({ items: [] }),
  });
  render(
    <MemoryRouter initialEntries={['/product/oak-box']}>
      <Address />
      <Routes>
        <Route path="/product/:slug" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Oak keepsake box' })).toBeInTheDocument();
  expect(screen.getByLabelText('address')).toHaveTextContent('/product/oak-keepsake-box');
  expect(api.callsTo('GET products/by-slug/oak-keepsake-box').length).toBe(1);
});
