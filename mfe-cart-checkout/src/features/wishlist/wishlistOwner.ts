import { bus } from '@shop/shared';
import type { store as cartCheckoutStore } from '../../store';
import { wishlistOwnerOf } from './wishlistApi';
import { addToWishlist, fetchWishlist, productIdsOf, removeFromWishlist } from './wishlistSlice';

let started = false;

/**
 * cart_checkout owns the wishlist: it alone handles `wishlist.toggle` and publishes the bus
 * `wishlist` state, so every heart on every page (catalog's cards, the product page) follows it.
 * Started by the first of this remote's modules to mount (the header's buttons, on every page).
 */
export function startWishlistOwner(store: typeof cartCheckoutStore): void {
  if (started) return;
  started = true;

  let published: unknown;
  store.subscribe(() => {
    const { items } = store.getState().wishlist;
    if (items === published) return;
    published = items;
    bus.publish('wishlist', { productIds: productIdsOf(items) });
  });

  /**
   * A heart pressed with no wishlist user opens the wishlist e-mail popup; once that shopper has
   * registered, the product they wanted is added, so the heart they pressed fills.
   */
  let waitingForOwner: number | null = null;

  // A different owner (sign-in, sign-out, wishlist e-mail) means a different list.
  bus
    .select('session', (session) => wishlistOwnerOf(session)?.token ?? null)
    .subscribe((token) => {
      void store.dispatch(fetchWishlist()).then(() => {
        if (token !== null && waitingForOwner !== null) {
          const productId = waitingForOwner;
          waitingForOwner = null;
          if (!bus.get('wishlist').productIds.includes(productId))
            void store.dispatch(addToWishlist(productId));
        }
      });
    });

  // Spec 000 §4: in the list → removed; else added when a wishlist user exists, else the popup.
  bus.handle('wishlist.toggle', async ({ productId }) => {
    if (bus.get('wishlist').productIds.includes(productId)) {
      await store.dispatch(removeFromWishlist(productId)).unwrap();
      return { inWishlist: false };
    }
    if (!wishlistOwnerOf(bus.get('session'))) {
      waitingForOwner = productId;
      await bus.request('ui.openWishlistEmail');
      return { inWishlist: false };
    }
    await store.dispatch(addToWishlist(productId)).unwrap();
    return { inWishlist: true };
  });
}
