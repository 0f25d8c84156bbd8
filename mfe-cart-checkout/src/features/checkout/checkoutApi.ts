import { MESSAGES } from '@shop/contract/validation/messages';
import {
  type ApiResult,
  api,
  bus,
  type ChoosablePaymentMethod,
  type Country,
  createCorrelationId,
  type ShippingAddressInput,
} from '@shop/shared';
import { ORDER_RETRIES, ORDER_RETRY_DELAY_MS } from './constants';

export type CountryOption = Pick<Country, 'id' | 'name'>;

/** What the chat-message checkout asks of a shopper who is not signed in (guestCheckoutSchema). */
export interface GuestContact {
  name: string;
  email: string;
  mobile: string;
}

type Failure = Extract<ApiResult<unknown>, { status: false }>;

const guestToken = () => bus.get('session').guestSessionToken;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** No answer, or a gateway that may or may not have passed the request on: the outcome is unknown. */
const outcomeUnknown = (answer: ApiResult<unknown>) =>
  !answer.status && [0, 502, 503, 504].includes(answer.httpStatus);

/**
 * Placing an order must happen once however often the request travels. Each Confirm click makes a
 * fresh Idempotency-Key; when the answer is lost (network down, a gateway fault) the same request
 * goes again with the same key, so the server answers with the order it already placed instead of
 * placing a second one.
 */
async function sendOnce<T>(
  send: (headers: Record<string, string>) => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  const headers = { 'Idempotency-Key': createCorrelationId() };
  let answer = await send(headers);
  for (let retry = 0; retry < ORDER_RETRIES && outcomeUnknown(answer); retry++) {
    await wait(ORDER_RETRY_DELAY_MS);
    answer = await send(headers);
  }
  return answer;
}

/**
 * A refusal the server explains (4xx: the product short of stock, a field) in its own words; the
 * generic text for anything else (no answer, a server fault).
 */
export function failureMessage(answer: Failure): string {
  const explained = answer.httpStatus >= 400 && answer.httpStatus < 500 && answer.error;
  return explained ? explained.message : MESSAGES.actionFailed;
}

/** The checkout and shipping-address calls of spec 001 §7; cart calls carry the guest session token. */
export const checkoutApi = {
  addresses: () => api.get('buyers-shipping-address'),
  createAddress: (address: ShippingAddressInput) => api.post('buyers-shipping-address/create', address),
  paymentDetails: () => api.get('money-transfer-details'),
  /** The payee and where a guest e-mails the transfer slip, for the confirmation. */
  terms: () => api.get('checkout-terms'),
  addShippingAddress: (address_id: number) =>
    api.post('cart/add-shipping-address', { address_id, guest_session_token: guestToken() }),
  addPaymentMethod: (payment_method: ChoosablePaymentMethod) =>
    api.post('cart/add-payment-method', { payment_method, guest_session_token: guestToken() }),
  memberCheckout: () =>
    sendOnce((headers) => api.post('cart/member-checkout', { member_checkout: true }, { headers })),
  /** `contact` for a shopper who is not signed in; null for a signed-in one (the bearer says who). */
  chatCheckout: (contact: GuestContact | null) =>
    sendOnce((headers) =>
      api.post(
        'cart/whatsapp-checkout',
        { ...(contact ?? {}), guest_session_token: guestToken() },
        { headers },
      ),
    ),
};
