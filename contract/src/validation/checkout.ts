import { mixed, number, object, string } from 'yup';
import type { ChoosablePaymentMethod } from '../types';
import { MESSAGES } from './messages';

/** Spec 001 §9: the payment methods offered; Bank Transfer is displayed, never chosen. */
export const PAYMENT_METHODS: readonly ChoosablePaymentMethod[] = [
  'Cash On Delivery',
  'Money Exchange Transfer',
];

export const ADDRESS_MAX = 500;
/** Spec 001 §5: a guest's mobile must have more than 9 digits. */
export const GUEST_MOBILE_MIN_DIGITS = 10;

const digitsOf = (value: string | undefined) => (value ?? '').replace(/\D/g, '').length;

/**
 * A shipping address (spec 001 §5): every field required, the address up to 500 characters. The
 * spec words two messages ('Please enter receiver's city', '… full address'); the others follow them.
 */
export const shippingAddressSchema = object({
  first_name: string().trim().required(MESSAGES.addressFirstNameRequired).max(100),
  last_name: string().trim().required(MESSAGES.addressLastNameRequired).max(100),
  email: string().trim().required(MESSAGES.addressEmailRequired).email(MESSAGES.emailInvalid).max(254),
  mobile: string().trim().required(MESSAGES.addressMobileRequired).max(30),
  country_id: number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(MESSAGES.addressCountryRequired)
    .required(MESSAGES.addressCountryRequired)
    .integer()
    .positive(MESSAGES.addressCountryRequired),
  city: string().trim().required(MESSAGES.addressCityRequired).max(100),
  address: string().trim().required(MESSAGES.addressRequired).max(ADDRESS_MAX, MESSAGES.addressTooLong),
});

/** The Guest Checkout panel (spec 001 §5). */
export const guestCheckoutSchema = object({
  name: string().trim().required(MESSAGES.guestNameRequired),
  email: string().trim().required(MESSAGES.emailRequired).email(MESSAGES.emailInvalid),
  mobile: string()
    .trim()
    .required(MESSAGES.mobileRequired)
    .test('complete', MESSAGES.mobileIncomplete, (value) => digitsOf(value) >= GUEST_MOBILE_MIN_DIGITS),
});

/** `cart/add-payment-method`: one of the offered methods. */
export const paymentMethodSchema = object({
  payment_method: mixed<ChoosablePaymentMethod>()
    .oneOf([...PAYMENT_METHODS], MESSAGES.paymentMethodRequired)
    .required(MESSAGES.paymentMethodRequired),
});
