import type { Cart, CartItem, CartSummary } from '@shop/shared';

/** What the rest of the shop may know about the cart (the bus `cart` state). */
export function summarizeCart(cart: Cart | null): CartSummary {
  if (!cart) return { itemCount: 0, productIds: [], subTotal: 0, currencySymbol: '$' };
  return {
    itemCount: cart.items.reduce((count, item) => count + item.quantity, 0),
    productIds: cart.items.map((item) => item.product.id),
    subTotal: cart.invoice.subTotal,
    currencySymbol: cart.selectedCurrency.symbol,
  };
}

/** What the shopper reads on a line the stock no longer covers (it stays, flagged). */
export function stockProblemText(problem: NonNullable<CartItem['stock_problem']>): string {
  return problem.available === 0
    ? 'Out of stock: remove this item to continue.'
    : `Only ${problem.available} left in stock: lower the quantity to continue.`;
}
