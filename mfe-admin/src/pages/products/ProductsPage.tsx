import { Route, Routes } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { ProductEditor } from './ProductEditor';
import { ProductList } from './ProductList';

/**
 * /admin/products: the products (search, archived ones), a new one at /admin/products/new and
 * one product's editor at /admin/products/:id.
 */
export default function ProductsPage(): ReactNode {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route path="new" element={<ProductEditor />} />
      <Route path=":id" element={<ProductEditor />} />
    </Routes>
  );
}
