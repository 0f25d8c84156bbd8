/** Shipping address shapes (spec 001 §2.6, §3). */

import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Id, Nullable } from './common';

export const ShippingAddress = Type.Object({
  id: Type.Integer(),
  buyer_id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  country_id: Type.Integer(),
  country: Type.String({ description: "The country's name" }),
  city: Type.String(),
  address: Type.String(),
  is_primary: Type.Boolean(),
});

const text = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));

/**
 * Deliberately loose (fields optional, lengths bounded): the rules and their messages are the
 * shared `shippingAddressSchema`, applied by the service (422 with the form's wording).
 */
export const ShippingAddressBody = Type.Object({
  first_name: text(200),
  last_name: text(200),
  email: text(300),
  mobile: text(60),
  country_id: Type.Optional(
    Nullable(Type.Union([Id(), Type.String({ maxLength: 20 })], { description: 'countries id' })),
  ),
  city: text(200),
  address: text(1000),
  is_primary: Type.Optional(
    Type.Boolean({ description: 'true: this address becomes the primary one (the others lose the flag)' }),
  ),
});

export const AddressIdParams = Type.Object({ id: Id() });
export const AddressIdBody = Type.Object({ id: Id() });

export const AddressList = Type.Object({
  items: Type.Array(ShippingAddress, { description: 'The primary address first, then the newest first' }),
});
export const AddressItem = Type.Object({ item: ShippingAddress });
export const AddressAnswer = Type.Object({ address: ShippingAddress });

/** `/buyers-shipping-address*` (backend/src/modules/addresses): the caller's own addresses. */
export const addressEndpoints = endpoints({
  'GET buyers-shipping-address': { summary: "The caller's addresses", response: AddressList },
  'POST buyers-shipping-address/create': {
    summary: 'Save an address (the first one, or one sent with is_primary: true, becomes primary)',
    body: ShippingAddressBody,
    response: AddressItem,
    created: true,
  },
  'POST buyers-shipping-address/primary': {
    summary: 'Make an address the primary one (every other loses the flag, in one transaction)',
    body: AddressIdBody,
    response: AddressList,
  },
  'DELETE buyers-shipping-address/:id': {
    summary:
      'Delete an address (a cart shipping to it loses its address; a deleted primary passes to the newest)',
    params: AddressIdParams,
    response: AddressList,
  },
  'GET buyers-shipping-address/:id': {
    summary: 'One address',
    params: AddressIdParams,
    response: AddressAnswer,
  },
  'POST buyers-shipping-address/update/:id': {
    summary: 'Change an address (is_primary: true also makes it primary; false never clears the flag)',
    params: AddressIdParams,
    body: ShippingAddressBody,
    response: AddressItem,
  },
});
