import { ErrorPanel, Skeleton } from '@shop/shared';
import type { ReactNode } from 'react';
import { fetchCart } from './cartSlice';
import { useCartDispatch } from './hooks';

/** What a cart page shows while the cart has not come: a skeleton, or the panel to ask again. */
export function CartNotLoaded({ failed }: { failed: boolean }): ReactNode {
  const dispatch = useCartDispatch();
  return failed ? (
    <ErrorPanel onRetry={() => void dispatch(fetchCart({ retry: true }))} />
  ) : (
    <Skeleton shape="rows" label="Loading your cart" />
  );
}
