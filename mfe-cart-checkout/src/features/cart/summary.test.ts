import type { Cart, CartItem } from '@shop/shared';
import { summarizeCart } from './summary';

const line = (id: number, productId: number, quantity: number) =>
  ({ id, quantity, product: { id: productId }, price: 10, total: 10 * quantity }) as unknown as CartItem;

describe('summarizeCart', () => {
  it('counts every piece in the cart and lists the products in it', () => {
    const cart = {
      items: [line(1, 7, 2), line(2, 9, 1)],
      invoice: { subTotal: 30, subTotalWithAdditional: 30, shippingCharges: 0, total: 30 },
      selectedCurrency: { code: 'AED', symbol: 'AED', exchange_rate: 3.6725, decimal_places: 2 },
      guest_session_token: 'abc',
    } as Cart;
    expect(summarizeCart(cart)).toEqual({
      itemCount: 3,
      productIds: [7, 9],
      subTotal: 30,
      currencySymbol: 'AED',
    });
  });

  it('is an empty dollar cart before anything is loaded', () => {
    expect(summarizeCart(null)).toEqual({ itemCount: 0, productIds: [], subTotal: 0, currencySymbol: '$' });
  });
});
