import { useTimeouts } from '@shop/shared';
import { type TypedUseSelectorHook, useSelector } from '@shop/shared/redux';
import { useEffect } from 'react';
import { useCartDispatch } from '../cart/hooks';
import { type CartCallKind, type CheckoutRootState, cartCallErrorCleared } from './checkoutSlice';
import { CART_CALL_ERROR_MS } from './constants';

export const useCheckoutSelector: TypedUseSelectorHook<CheckoutRootState> = useSelector;

/**
 * Spec 001 §4: "Errors on shipping address, payment method and place order clear the error flag
 * after 5 s." Used by the page, so a failure clears on time whichever tab is open.
 */
export function useCartCallErrorsClearing(): void {
  useClearedAfter(
    'address',
    useCheckoutSelector((state) => state.checkout.addressError),
  );
  useClearedAfter(
    'method',
    useCheckoutSelector((state) => state.checkout.methodError),
  );
  useClearedAfter(
    'place',
    useCheckoutSelector((state) => state.checkout.placeError),
  );
}

function useClearedAfter(kind: CartCallKind, error: { id: string } | null): void {
  const dispatch = useCartDispatch();
  const later = useTimeouts();
  const id = error?.id ?? null;
  useEffect(() => {
    if (id) later(() => dispatch(cartCallErrorCleared({ kind, id })), CART_CALL_ERROR_MS);
  }, [kind, id, later, dispatch]);
}
