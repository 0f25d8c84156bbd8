import {
  type ApiResult,
  api,
  type ShippingAddress,
  type ShippingAddressInput,
} from '@shop/shared';

/** The shipping-address calls of spec 001 §7; the bearer token says whose addresses they are. */
export const shippingAddressApi = {
  list: () => api.get<{ items: ShippingAddress[] }>('buyers-shipping-address'),
  one: (id: number) => api.get<{ address: ShippingAddress }>(`buyers-shipping-address/${id}`),
  create: (address: ShippingAddressInput) =>
    api.post<{ item: ShippingAddress }>('buyers-shipping-address/create', address),
  update: (id: number, address: ShippingAddressInput) =>
    api.post<{ item: ShippingAddress }>(`buyers-shipping-address/update/${id}`, address),
  /** Answers the whole list again: the others have lost the primary flag. */
  makePrimary: (id: number) =>
    api.post<{ items: ShippingAddress[] }>('buyers-shipping-address/primary', { id }),
  /** Answers the list left (a deleted primary passes to the newest). */
  remove: (id: number) => api.delete<{ items: ShippingAddress[] }>(`buyers-shipping-address/${id}`),
  countries: () => api.get('countries'),
};

export type Failure = Extract<ApiResult<unknown>, { status: false }>;
