import { store } from './store';

describe("cart_checkout's store", () => {
  it('holds the cart and the wishlist on every page, and the checkout once its code has loaded', async () => {
    expect(Object.keys(store.getState()).sort()).toEqual(['cart', 'wishlist']);

    const { checkoutOpened } = await import('./features/checkout/checkoutSlice');

    // Readable at once, before any action of its own: the checkout's selectors read it on mount.
    expect(store.getState().checkout).toMatchObject({ addresses: null, placing: false, placedOrder: null });
    store.dispatch(checkoutOpened());
    expect(store.getState().checkout?.placeError).toBeNull();
    expect(store.getState().cart.cart).toBeNull();
  });
});
