/**
 * The shop's payment settings as the apps' test kits answer them (`checkout/payment-details`,
 * `checkout-terms`), written once for every app that shows the payee.
 */
import type { CheckoutTerms, PaymentDetails } from '@shop/contract';

export const PAYMENT_DETAILS: PaymentDetails = {
  bank: {
    accountTitle: 'Gift Shop LLC',
    bankName: 'Emirates NBD',
    accountNumber: '1015 4432 2201',
    ibanNumber: 'AE07 0331 2345 6789 0123 456',
    swiftCode: 'EBILAEAD',
  },
  personal: { personName: 'Rami Khoury', personPhoneNumber: '+971 55 765 4321' },
};

/** What `checkout-terms` answers: both methods offered, the payee above, no fees. */
export const CHECKOUT_TERMS: CheckoutTerms = {
  payment_methods: ['Cash On Delivery', 'Money Exchange Transfer'],
  payment_details: PAYMENT_DETAILS,
  payment_slip_email: 'hello@shop.example',
  shipping: { fees: [], free_shipping_over: null },
};
