import { bus, setGuestSessionToken } from '@shop/shared';
import { CART_OVERLAY_DELAY_MS, ITEM_ADDED_MESSAGE } from '../../constants';
import type { store as cartStore } from '../../store';
import { addToCart, changeCurrency, fetchCart, setOverlayOpen } from './cartSlice';
import { summarizeCart } from './summary';

let started = false;

/**
 * cart_checkout owns the cart: it alone handles `cart.add` and publishes the bus `cart` state.
 * Started by whichever of this remote's modules mounts first (the header's CartButton on every
 * page); later calls do nothing.
 */
export function startCartOwner(store: typeof cartStore): void {
  if (started) return;
  started = true;

  let published: unknown;
  store.subscribe(() => {
    const { cart } = store.getState().cart;
    if (cart === published) return;
    published = cart;
    bus.publish('cart', summarizeCart(cart));
    if (cart?.guest_session_token && cart.guest_session_token !== bus.get('session').guestSessionToken) {
      setGuestSessionToken(cart.guest_session_token);
    }
  });

  // A different shopper (sign-in, sign-out) means a different cart.
  bus
    .select('session', (session) => session.user?.token ?? null)
    .subscribe(() => void store.dispatch(fetchCart()));

  // The shell owns the selected currency; the server re-prices the cart in it. Asked once per
  // code, so a refused currency cannot loop.
  let askedFor: string | null = null;
  const followCurrency = () => {
    const selected = bus.get('currency')?.code;
    const { cart, status } = store.getState().cart;
    if (!selected || !cart || status === 'loading' || cart.items.length === 0) return;
    if (cart.selectedCurrency.code === selected || askedFor === selected) return;
    askedFor = selected;
    void store.dispatch(changeCurrency(selected));
  };
  bus.select('currency').subscribe(followCurrency);
  store.subscribe(followCurrency);

  bus.handle('cart.add', async ({ productId, quantity = 1 }) => {
    const cart = await store.dispatch(addToCart({ productId, quantity })).unwrap();
    if (window.location.pathname !== '/cart') {
      setTimeout(() => {
        store.dispatch(setOverlayOpen(true));
        bus
          .request('ui.toast', {
            message: ITEM_ADDED_MESSAGE,
            link: { to: '/cart', label: 'View Cart' },
            tone: 'success',
          })
          .catch(() => undefined); // a frame without toasts still has the overlay
      }, CART_OVERLAY_DELAY_MS);
    }
    return { itemCount: summarizeCart(cart).itemCount };
  });
}
