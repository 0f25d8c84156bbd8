import type { Cart } from '@shop/shared';
import { formatMoney } from '@shop/shared';

/** Cart amounts are already in the cart's currency: format them, never convert them again. */
export const cartMoney = (cart: Cart, amount: number): string => formatMoney(amount, cart.selectedCurrency);
