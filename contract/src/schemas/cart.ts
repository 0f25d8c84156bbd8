import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { CUSTOMIZATION_OPTIONS } from '../validation';
import { ShippingAddress } from './addresses';
import { Currency, ProductCard } from './catalogue';
import { Id, Nullable } from './common';

const CustomizationOptionName = Type.Union(CUSTOMIZATION_OPTIONS.map((option) => Type.Literal(option)));
const PackagingLevel = Type.Union([Type.Literal('item'), Type.Literal('line')], {
  description:
    "'item': every piece of the line is wrapped on its own (price × quantity); 'line': the line's pieces are packed together (the price once)",
});

export const CartItem = Type.Object({
  id: Type.Integer(),
  quantity: Type.Integer(),
  product: ProductCard,
  price: Type.Number({ description: "Unit price in the cart's currency" }),
  total: Type.Number({
    description: "price × quantity + customization_price + packaging_price, in the cart's currency",
  }),
  stock_problem: Nullable(
    Type.Object(
      { available: Type.Integer({ description: 'Pieces in stock now (0: sold out)' }) },
      { description: 'Set when the stock no longer covers this line: the line stays, flagged' },
    ),
  ),
  customization: Nullable(
    Type.Object({
      selectedItems: Type.Array(CustomizationOptionName),
      hasLogo: Type.Boolean(),
      toWhom: Nullable(Type.String()),
      from: Nullable(Type.String()),
      note: Nullable(Type.String()),
      brief: Nullable(Type.String()),
      price: Type.Number({ description: "For the whole line, in the cart's currency" }),
    }),
  ),
  customization_id: Nullable(Type.Integer({ description: 'The cart line the customization belongs to' })),
  customization_logo: Nullable(
    Type.String({ description: 'Where the owner fetches the saved logo (POST cart/customization-logo)' }),
  ),
  customization_to_whom: Nullable(Type.String()),
  customization_from: Nullable(Type.String()),
  customization_note: Nullable(Type.String()),
  customization_brief: Nullable(Type.String()),
  customization_price: Type.Number({
    description: "For the whole line, in the cart's currency; 0 without one",
  }),
  packaging: Nullable(
    Type.Object({
      packaging_id: Type.Integer(),
      title: Type.String(),
      image: Type.String(),
      packaging_level: PackagingLevel,
      price: Type.Number({ description: "For the whole line, in the cart's currency" }),
    }),
  ),
  packaging_id: Nullable(Type.Integer()),
  packaging_price: Type.Number({ description: "For the whole line, in the cart's currency; 0 without one" }),
  package_price: Type.Number({ description: 'The same as packaging_price (the spec uses both names)' }),
});

/** How every cart answer prices its invoice (route descriptions; backend/README.md says the same). */
export const INVOICE_RULES =
  "Invoice, in the cart's currency: shippingCharges is the delivery country's flat fee (USD, converted: United Arab Emirates 5, Lebanon 10, other countries 15), 0 until the cart has an address, when every product of the cart ships free, and when subTotalWithAdditional reaches the shop's free-shipping threshold (converted; an owner's, else FREE_SHIPPING_OVER_USD; GET checkout-terms states it); total = subTotalWithAdditional + shippingCharges; prices include VAT at vatRate percent (VAT_RATE, default 5), vatIncluded = total × vatRate / (100 + vatRate), rounded to the currency's places.";

export const PaymentMethodName = Type.Union(
  [Type.Literal('Cash On Delivery'), Type.Literal('Money Exchange Transfer'), Type.Literal('Bank Transfer')],
  { description: 'Bank Transfer is shown, never chosen: a cart only holds one of the other two' },
);

export const Cart = Type.Object({
  items: Type.Array(CartItem),
  invoice: Type.Object(
    {
      subTotal: Type.Number({ description: 'The lines: price × quantity + customization + packaging' }),
      subTotalWithAdditional: Type.Number({ description: 'The same sum (the checkout summary name)' }),
      shippingCharges: Type.Number({
        description:
          "The delivery country's flat fee (USD, converted); 0 without an address, and when every product of the cart ships free",
      }),
      total: Type.Number({ description: 'subTotalWithAdditional + shippingCharges: what the shopper pays' }),
      vatRate: Type.Number({ description: 'Percent of VAT every price includes' }),
      vatIncluded: Type.Number({
        description:
          "The VAT part of total: total × vatRate / (100 + vatRate), rounded to the currency's places",
      }),
    },
    { description: "In the cart's currency; prices include VAT" },
  ),
  selectedCurrency: Currency,
  shippingAddress: Nullable(ShippingAddress),
  paymentMethod: Nullable(PaymentMethodName),
  guest_session_token: Nullable(Type.String()),
});

export const GuestSessionToken = Type.Optional(
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

export const CartItemBody = Type.Object({
  cart_item_id: Id(),
  guest_session_token: GuestSessionToken,
});

/** Packaging calls may send the text 'null' for a guest without a token (spec 001 §7). */
export const CartAddPackagingBody = Type.Object({
  cart_item_id: Id(),
  packaging_id: Id(),
  packaging_level: Type.Optional(PackagingLevel),
  guest_session_token: GuestSessionToken,
});

export const CustomizationOptions = Type.Object({
  logo_customization: Type.Boolean(),
  to_whom_customization: Type.Boolean(),
  from_customization: Type.Boolean(),
  message_customization: Type.Boolean(),
  price: Type.Number({ description: 'Per piece, USD' }),
});

export const PackagingOption = Type.Object({
  id: Type.Integer(),
  packaging_id: Type.Integer(),
  packaging: Type.Object({ id: Type.Integer(), title: Type.String(), image: Type.String() }),
  price: Type.Number({ description: 'Per piece or per line (see packagingLevel), USD' }),
});

export const PackagingKind = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  price: Type.Number({ description: 'Base price, USD' }),
});

/**
 * `/cart/*` (backend/src/modules/cart): the cart itself and its gift options (customization,
 * packaging, the saved logo's bytes). The checkout calls under cart/ are declared with their
 * schemas in ./checkout.ts. The products/* reads of what a product offers for gifts are the gift options' too.
 */
export const cartEndpoints = endpoints({
  'POST cart/get-items': { summary: 'The cart', body: CartGetItemsBody, response: Cart },
  'POST cart/add': { summary: 'Add a product (merges with its line)', body: CartAddBody, response: Cart },
  'POST cart/remove': { summary: 'Remove a line', body: CartRemoveBody, response: Cart },
  'POST cart/update-quantity': {
    summary: "Set a line's quantity",
    body: CartUpdateQuantityBody,
    response: Cart,
  },
  'POST cart/change-currency': {
    summary: 'Re-price the cart in another currency',
    body: CartChangeCurrencyBody,
    response: Cart,
  },
  'POST cart/add-customization': {
    summary: 'Customize a cart line (multipart/form-data)',
    multipart: true,
    response: Cart,
  },
  'POST cart/remove-customization': {
    summary: "Remove a line's customization (and its logo)",
    body: CartItemBody,
    response: Cart,
  },
  'POST cart/add-packaging': {
    summary: 'Choose the packaging of a cart line',
    body: CartAddPackagingBody,
    response: Cart,
  },
  'POST cart/remove-packaging': { summary: "Remove a line's packaging", body: CartItemBody, response: Cart },
  'POST cart/customization-logo': {
    summary: "The saved logo of one of the caller's cart lines (the bytes, image/jpeg or image/png)",
    body: CartItemBody,
    file: true,
    response: Type.Unsafe<Uint8Array>({
      type: 'string',
      format: 'binary',
      description: 'The image bytes (image/png or image/jpeg)',
    }),
  },
});

const ProductIdParams = Type.Object({ productId: Id() });

/** `products/customizations`, `products/packaging`: what products offer for gifts (modules/cart). */
export const giftOptionEndpoints = endpoints({
  'GET products/customizations/:productId': {
    summary:
      'What a product lets a shopper customize, and the price per piece (USD); data null when it offers nothing',
    params: ProductIdParams,
    response: Nullable(CustomizationOptions),
  },
  'GET products/packaging/:productId': {
    summary: "A product's packaging options",
    params: ProductIdParams,
    response: Type.Array(PackagingOption),
    beside: Type.Object({
      packagingLevel: Type.Union([PackagingLevel, Type.Null()], {
        description:
          "The product's: 'item' wraps every piece of a line on its own (the option's price × quantity), 'line' packs the line's pieces together (the price once); null when the product offers no packaging (data empty)",
      }),
    }),
  },
  'GET products/packaging': {
    summary: 'The kinds of gift packaging (the /packaging/{id} page), base price in USD',
    response: Type.Object({ items: Type.Array(PackagingKind) }),
  },
});
