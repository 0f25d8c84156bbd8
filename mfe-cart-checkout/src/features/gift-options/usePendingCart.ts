import type { Cart } from '@shop/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { cartReplaced } from '../cart/cartSlice';
import { useCartDispatch } from '../cart/hooks';
import { PENDING_CART_DELAY_MS } from './constants';

export interface PendingCart {
  /** Keeps the cart a save or remove answered, to apply it after 5 s. */
  hold(cart: Cart): void;
  /** Applies the held cart now (the dialog is closing); nothing when none is held. */
  apply(): void;
}

/**
 * Spec 001 §4: "Success of a customization or packaging form sets the cart items after 5 s" and
 * "Closing the dialog applies any pending cart update". The cart a call answered is held and
 * replaces the store's 5 s later or when the dialog closes, whichever comes first; a second save
 * within the 5 s holds its newer cart and starts the 5 s again. Unmounting applies it too, so a
 * dialog taken away by its parent loses nothing.
 */
export function usePendingCart(): PendingCart {
  const dispatch = useCartDispatch();
  const held = useRef<Cart | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const apply = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const cart = held.current;
    held.current = null;
    if (cart) dispatch(cartReplaced(cart));
  }, [dispatch]);

  const hold = useCallback(
    (cart: Cart) => {
      if (timer.current !== null) clearTimeout(timer.current);
      held.current = cart;
      timer.current = setTimeout(apply, PENDING_CART_DELAY_MS);
    },
    [apply],
  );

  useEffect(() => apply, [apply]);

  return useMemo(() => ({ hold, apply }), [hold, apply]);
}
