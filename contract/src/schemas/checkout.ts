/** Checkout shapes (spec 001 §3, §7). */

import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { User } from './auth';
import { Cart, GuestSessionToken, PaymentMethodName } from './cart';
import { Id, Nullable } from './common';

export const PaymentDetails = Type.Object({
  bank: Type.Object(
    {
      accountTitle: Type.String(),
      bankName: Type.String(),
      accountNumber: Type.String(),
      ibanNumber: Type.String(),
      swiftCode: Type.String(),
    },
    { description: 'Shown for Bank Transfer, which is displayed but not offered as a choice' },
  ),
  personal: Type.Object(
    { personName: Type.String(), personPhoneNumber: Type.String() },
    { description: 'Whom a Money Exchange Transfer is sent to' },
  ),
});

export const CheckoutTerms = Type.Object({
  payment_methods: Type.Array(
    Type.Union([Type.Literal('Cash On Delivery'), Type.Literal('Money Exchange Transfer')]),
    { description: 'The methods checkout offers (cart/add-payment-method takes exactly these)' },
  ),
  payment_details: PaymentDetails,
  payment_slip_email: Type.String({
    description: 'SHOP_EMAIL: guests e-mail their transfer slip here; also the Reply-To of every mail',
  }),
  shipping: Type.Object({
    fees: Type.Array(
      Type.Object({
        country_id: Type.Integer(),
        country: Type.String(),
        fee: Type.Number({ description: 'USD; the cart shows it converted to its currency' }),
      }),
      { description: "Every delivery country's flat fee (countries.shipping_fee), in the countries' order" },
    ),
    free_shipping_over: Nullable(
      Type.Number({
        description:
          "The owner's threshold (PUT admin/shipping), else FREE_SHIPPING_OVER_USD: a cart whose products (with gift options) come to at least this many USD ships free; null: no such rule",
      }),
    ),
  }),
});

export const OrderStatus = Type.Union([
  Type.Literal('Pending'),
  Type.Literal('Payment Pending'),
  Type.Literal('Dispatch'),
  Type.Literal('Delivered'),
  Type.Literal('Cancel'),
]);
export const PaymentStatus = Type.Union([
  Type.Literal('Pending'),
  Type.Literal('Received'),
  Type.Literal('Cancel'),
]);

export const Order = Type.Object({
  id: Type.Integer(),
  order_id: Type.String({ description: "The order number, 'GS-YYMM-NNNNNN' (year and month in UTC)" }),
  created_at: Type.String({ description: 'ISO 8601' }),
  order_status: OrderStatus,
  payment_status: PaymentStatus,
  payment_method: PaymentMethodName,
  products_total_cost: Type.Number({ description: 'The lines with customization and packaging' }),
  shipping_cost: Type.Number(),
  total_amount: Type.Number({ description: 'products_total_cost + shipping_cost, VAT included' }),
  vat_rate: Type.Number({ description: 'Percent' }),
  vat_amount: Type.Number({ description: 'The VAT part of total_amount' }),
  currency: Type.Object(
    { code: Type.String(), symbol: Type.String() },
    { description: "Amounts are frozen in this currency at the rate of the order's time" },
  ),
});

export const PlacedOrder = Type.Object({
  order_id: Type.String({ description: 'The order number' }),
  order: Order,
});

export const ChatCheckout = Type.Object({
  order_id: Type.String({ description: 'The order number' }),
  order: Order,
  user: User,
  chat_url: Type.String({
    description: "https://wa.me/<the shop's configured phone>?text=<a message naming the order number>",
  }),
});

export const CartAddShippingAddressBody = Type.Object({
  address_id: Id({ description: "One of the caller's own addresses (buyers-shipping-address)" }),
  guest_session_token: GuestSessionToken,
});

/** Loose on purpose: the shared paymentMethodSchema answers with the form's message (422). */
export const CartAddPaymentMethodBody = Type.Object({
  payment_method: Type.Optional(
    Nullable(Type.String({ maxLength: 60, description: "'Cash On Delivery' or 'Money Exchange Transfer'" })),
  ),
  guest_session_token: GuestSessionToken,
});

export const MemberCheckoutBody = Type.Object({ member_checkout: Type.Literal(true) });

const text = (max: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength: max, description })));

/**
 * A shopper not signed in sends the Guest Checkout panel's fields (the shared guestCheckoutSchema,
 * 422 with its messages) and the guest cart's token; a signed-in buyer (bearer) sends `{}`.
 */
export const ChatCheckoutBody = Type.Object({
  name: text(200, 'Not signed in: the name to order under'),
  email: text(254, "Not signed in: the e-mail (a Member's e-mail: 409 EMAIL_EXISTS, sign in instead)"),
  mobile: text(40, 'Not signed in: more than 9 digits'),
  guest_session_token: GuestSessionToken,
});

/** Printable ASCII, 1–255 characters (a UUID fits): the same key replays the first answer. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description:
        'Optional. A repeat with the same key by the same buyer (or guest cart) within 24 hours answers the first placement, without placing another order',
    }),
  ),
});

/**
 * Checkout: the cart's address and payment method and placing its order, under `/cart/*`
 * (backend/src/modules/cart, checkoutRoutes.ts), and what checkout applies, `checkout-terms` and
 * `money-transfer-details` (backend/src/modules/checkout). Placing an order also takes an
 * optional Idempotency-Key header (IdempotencyHeaders).
 */
export const checkoutEndpoints = endpoints({
  'POST cart/add-shipping-address': {
    summary: "Ship the cart to one of the caller's addresses",
    body: CartAddShippingAddressBody,
    response: Cart,
  },
  'POST cart/add-payment-method': {
    summary: "Choose the cart's payment method",
    body: CartAddPaymentMethodBody,
    response: Cart,
  },
  'POST cart/member-checkout': {
    summary: "Place the order of the signed-in buyer's cart",
    body: MemberCheckoutBody,
    response: PlacedOrder,
  },
  'POST cart/whatsapp-checkout': {
    summary: 'Place an order through the chat (messaging app)',
    body: ChatCheckoutBody,
    response: ChatCheckout,
  },
  'GET money-transfer-details': {
    summary: 'Where to send a Money Exchange Transfer, and the bank details shown for Bank Transfer',
    response: PaymentDetails,
  },
  'GET checkout-terms': {
    summary: 'The payment and shipping rules checkout applies, for the payments and shipping pages',
    response: CheckoutTerms,
  },
});
