import type { Cart as CartShape } from '@shop/shared/api-types';
import { Type } from '@sinclair/typebox';
import { Currency, ProductCard } from './catalogue';
import { type Conforms, Id, Nullable, proved } from './common';

export const CartItem = Type.Object({
  id: Type.Integer(),
  quantity: Type.Integer(),
  product: ProductCard,
  price: Type.Number({ description: "Unit price in the cart's currency" }),
  total: Type.Number({ description: "price × quantity in the cart's currency" }),
  customization: Nullable(Type.Record(Type.String(), Type.Unknown())),
  packaging: Nullable(
    Type.Object({ packaging_id: Type.Integer(), title: Type.String(), price: Type.Number() }),
  ),
});

export const Cart = Type.Object({
  items: Type.Array(CartItem),
  invoice: Type.Object({
    subTotal: Type.Number(),
    subTotalWithAdditional: Type.Number(),
    shippingCharges: Type.Number(),
    total: Type.Number(),
  }),
  selectedCurrency: Currency,
  guest_session_token: Nullable(Type.String()),
});
proved<Conforms<typeof Cart, CartShape>>();

const GuestSessionToken = Type.Optional(
  Nullable(Type.String({ maxLength: 200, description: 'The guest cart token returned by cart/add' })),
);
const Quantity = Type.Integer({ minimum: 1, maximum: 999 });

export const CartGetItemsBody = Type.Object({ guest_session_token: GuestSessionToken });

export const CartAddBody = Type.Object({
  product_id: Id(),
  guest_session_token: GuestSessionToken,
  quantity: Type.Optional(Quantity),
  selected_currency_code: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 8 }))),
});

export const CartChangeCurrencyBody = Type.Object({
  selected_currency_code: Type.String({ minLength: 1, maxLength: 8 }),
  guest_session_token: GuestSessionToken,
});

export const CartRemoveBody = Type.Object({
  cart_item_id: Id(),
  guest_session_token: GuestSessionToken,
});

export const CartUpdateQuantityBody = Type.Object({
  item_id: Id(),
  guest_session_token: GuestSessionToken,
  quantity: Quantity,
});
