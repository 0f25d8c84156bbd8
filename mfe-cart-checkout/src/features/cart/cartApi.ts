import { type ApiBody, api } from '@shop/shared';

/** The cart calls of the spec; the guest session token rides along with every one. */
export const cartApi = {
  getItems: (guest_session_token: string | null) => api.post('cart/get-items', { guest_session_token }),
  add: (body: ApiBody<'POST', 'cart/add'>) => api.post('cart/add', body),
  remove: (cart_item_id: number, guest_session_token: string | null) =>
    api.post('cart/remove', { cart_item_id, guest_session_token }),
  changeCurrency: (selected_currency_code: string, guest_session_token: string | null) =>
    api.post('cart/change-currency', { selected_currency_code, guest_session_token }),
  updateQuantity: (item_id: number, quantity: number, guest_session_token: string | null) =>
    api.post('cart/update-quantity', { item_id, quantity, guest_session_token }),
};
