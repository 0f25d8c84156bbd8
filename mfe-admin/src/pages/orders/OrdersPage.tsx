import { Route, Routes } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { OrderDetail } from './OrderDetail';
import { OrderQueue } from './OrderQueue';
import { PackingSlip } from './PackingSlip';

/** /admin/orders: the queue, an order's detail at /admin/orders/:id and its packing slip. */
export default function OrdersPage(): ReactNode {
  return (
    <Routes>
      <Route index element={<OrderQueue />} />
      <Route path=":id" element={<OrderDetail />} />
      <Route path=":id/packing-slip" element={<PackingSlip />} />
    </Routes>
  );
}
