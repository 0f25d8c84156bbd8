import { combineSlices, configureStore, type Reducer } from '@shop/shared/redux';
import { cartReducer } from './features/cart/cartSlice';
import type { CheckoutSliceState } from './features/checkout/checkoutSlice';
import { wishlistReducer } from './features/wishlist/wishlistSlice';

/**
 * The cart and the wishlist are read on every page (the header's buttons, the owners of the bus's
 * `cart` and `wishlist`). The checkout's slice joins when the checkout's code loads
 * (`joinStore` in checkoutSlice.ts), so the header's first load does not carry it.
 */
const rootReducer = combineSlices({
  cart: cartReducer,
  wishlist: wishlistReducer,
}).withLazyLoadedSlices<LazySlices>();

/** The slices that join the store later, with the state each keeps. */
interface LazySlices {
  checkout: CheckoutSliceState;
}

/** This remote's own store; stores are never shared across remotes. */
export const store = configureStore({ reducer: rootReducer });

/**
 * Adds a slice loaded with its page's code. The store is given its reducer again so the new
 * slice's initial state is in place before anything reads it (the replace action initialises it).
 */
export function joinStore<Path extends keyof LazySlices>(slice: {
  reducerPath: Path;
  reducer: Reducer<LazySlices[Path]>;
}): void {
  rootReducer.inject(slice);
  store.replaceReducer(rootReducer);
}

export type CartRootState = ReturnType<typeof store.getState>;
export type CartDispatch = typeof store.dispatch;
