import { configureStore } from '@shop/shared/redux';
import { cartReducer } from './features/cart/cartSlice';
import { checkoutReducer } from './features/checkout/checkoutSlice';
import { wishlistReducer } from './features/wishlist/wishlistSlice';

/** This remote's own store; stores are never shared across remotes. */
export const store = configureStore({
  reducer: { cart: cartReducer, wishlist: wishlistReducer, checkout: checkoutReducer },
});

export type CartRootState = ReturnType<typeof store.getState>;
export type CartDispatch = typeof store.dispatch;
