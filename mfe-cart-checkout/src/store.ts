import { configureStore } from '@shop/shared/redux';
import { cartReducer } from './features/cart/cartSlice';

/** This remote's own store; stores are never shared across remotes. */
export const store = configureStore({ reducer: { cart: cartReducer } });

export type CartRootState = ReturnType<typeof store.getState>;
export type CartDispatch = typeof store.dispatch;
