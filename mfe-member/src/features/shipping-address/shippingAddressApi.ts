import { type ApiResult, api, type ShippingAddressInput } from '@shop/shared';

/** The shipping-address calls of spec 001 §7; the bearer token says whose addresses they are. */
export const shippingAddressApi = {
  list: () => api.get('buyers-shipping-address'),
  one: (id: number) => api.get('buyers-shipping-address/:id', { params: { id } }),
  create: (address: ShippingAddressInput) => api.post('buyers-shipping-address/create', address),
  update: (id: number, address: ShippingAddressInput) =>
    api.post('buyers-shipping-address/update/:id', address, { params: { id } }),
  /** Answers the whole list again: the others have lost the primary flag. */
  makePrimary: (id: number) => api.post('buyers-shipping-address/primary', { id }),
  /** Answers the list left (a deleted primary passes to the newest). */
  remove: (id: number) => api.delete('buyers-shipping-address/:id', { params: { id } }),
};

export type Failure = Extract<ApiResult<unknown>, { status: false }>;
