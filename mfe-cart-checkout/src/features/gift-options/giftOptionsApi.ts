import type { CustomizationOption } from '@shop/contract/validation';
import { MESSAGES } from '@shop/contract/validation/messages';
import { type ApiResult, api, bus, type Cart, type PackagingLevel, type PackagingOption } from '@shop/shared';

/** `products/packaging/{productId}`: the options, and the level the server sends beside `data`. */
export interface ProductPackaging {
  /** null when the product offers no packaging (options empty). */
  packagingLevel: PackagingLevel | null;
  options: PackagingOption[];
}

/** The customization submission of spec 001 §3, before it becomes multipart form data. */
export interface CustomizationSubmission {
  cart_item_id: number;
  product_id: number;
  selectedItems: CustomizationOption[];
  /** A new logo; without one the server keeps the saved logo. */
  logo: File | null;
  toWhom: string;
  from: string;
  note: string;
  brief: string;
}

const guestToken = () => bus.get('session').guestSessionToken;

function customizationForm(
  submission: CustomizationSubmission,
  guest_session_token: string | null,
): FormData {
  const form = new FormData();
  form.append('cart_item_id', String(submission.cart_item_id));
  form.append('product_id', String(submission.product_id));
  form.append('selectedItems', JSON.stringify(submission.selectedItems));
  form.append('toWhom', submission.toWhom);
  form.append('from', submission.from);
  form.append('note', submission.note);
  form.append('brief', submission.brief);
  if (submission.logo) form.append('logo', submission.logo, submission.logo.name);
  // Multipart has no null: a visitor without a guest cart sends no token at all.
  if (guest_session_token) form.append('guest_session_token', guest_session_token);
  return form;
}

/** The customization and packaging calls of spec 001 §7; the guest session token rides along. */
export const giftOptionsApi = {
  customizationOptions: (productId: number) =>
    api.get('products/customizations/:productId', { params: { productId } }),
  productPackaging: async (productId: number): Promise<ApiResult<ProductPackaging>> => {
    const answer = await api.get('products/packaging/:productId', { params: { productId } });
    if (!answer.status) return answer;
    return { status: true, data: { packagingLevel: answer.packagingLevel, options: answer.data } };
  },
  packagingKinds: () => api.get('products/packaging'),
  addCustomization: (submission: CustomizationSubmission) =>
    api.post('cart/add-customization', customizationForm(submission, guestToken())),
  removeCustomization: (cart_item_id: number) =>
    api.post('cart/remove-customization', { cart_item_id, guest_session_token: guestToken() }),
  /** The saved logo's bytes; only the cart's owner gets them. */
  customizationLogo: (cart_item_id: number) =>
    api.post('cart/customization-logo', { cart_item_id, guest_session_token: guestToken() }),
  addPackaging: (body: {
    cart_item_id: number;
    packaging_id: number;
    packaging_level: PackagingLevel | null;
  }) =>
    api.post('cart/add-packaging', {
      cart_item_id: body.cart_item_id,
      packaging_id: body.packaging_id,
      // Optional for the server; sent when known so a stale dialog cannot apply the wrong level.
      ...(body.packaging_level ? { packaging_level: body.packaging_level } : {}),
      guest_session_token: guestToken(),
    }),
  removePackaging: (cart_item_id: number) =>
    api.post('cart/remove-packaging', { cart_item_id, guest_session_token: guestToken() }),
};

/** What a save or remove came to, in the terms a form shows. */
export type CartChange =
  | { ok: true; cart: Cart }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * A failed call's message: the server's own words for a refusal it explains (4xx), the generic text
 * for anything else (no answer, a server fault), plus its field messages.
 */
export function cartChangeOf(result: ApiResult<Cart>): CartChange {
  if (result.status) return { ok: true, cart: result.data };
  const explained = result.httpStatus >= 400 && result.httpStatus < 500 && result.error;
  return {
    ok: false,
    message: explained ? explained.message : MESSAGES.actionFailed,
    fields: result.error?.fields ?? {},
  };
}
