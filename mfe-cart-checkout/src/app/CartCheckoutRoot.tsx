// From @shop/contract, not @shop/shared (the shell's copy at run time): this build's own number.
import { BUS_CONTRACT_VERSION } from '@shop/contract/bus';
import { exposeWithin } from '@shop/shared';
import { Provider } from '@shop/shared/redux';
import type { ReactNode } from 'react';
import { startCartOwner } from '../features/cart/cartOwner';
import { startWishlistOwner } from '../features/wishlist/wishlistOwner';
import { store } from '../store';

/** Every exposed cart_checkout module renders inside this root: own store, visible boundary. */
export function CartCheckoutRoot({ children }: { children: ReactNode }): ReactNode {
  startCartOwner(store);
  startWishlistOwner(store);
  return (
    <Provider store={store}>
      <div data-boundary="cart_checkout">{children}</div>
    </Provider>
  );
}

/** Wraps a feature component as an exposed module of this remote. */
export const exposeInCartCheckoutRoot = exposeWithin(CartCheckoutRoot, 'cart_checkout', BUS_CONTRACT_VERSION);
