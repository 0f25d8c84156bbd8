/**
 * The checkout module owns `checkout-terms` and `money-transfer-details`: what checkout applies,
 * for the payments and shipping pages. Placing an order and the cart's address and payment method
 * are under /cart/*, so the cart module serves them (modules/cart/checkoutRoutes.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { checkoutTerms, paymentDetailsOf } from './terms';

export const checkoutTermsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, checkout } = app.deps;
  const { db } = database;

  app.get(
    '/money-transfer-details',
    {
      schema: {
        tags: ['checkout'],
        ...endpointSchema('GET money-transfer-details'),
        description:
          'From configuration: BANK_ACCOUNT_TITLE, BANK_NAME, BANK_ACCOUNT_NUMBER, BANK_IBAN, BANK_SWIFT_CODE, TRANSFER_PERSON_NAME, TRANSFER_PERSON_PHONE (demo defaults).',
      },
    },
    async () => ({ status: true as const, data: paymentDetailsOf(checkout) }),
  );

  app.get(
    '/checkout-terms',
    {
      schema: {
        tags: ['checkout'],
        ...endpointSchema('GET checkout-terms'),
        description:
          "From the settings checkout itself uses: the methods cart/add-payment-method accepts, the payment details (as money-transfer-details), the address guests e-mail a transfer slip to (SHOP_EMAIL), every country's flat fee in USD (the fee the cart charges for an address in that country) and the free-shipping threshold (an owner's, PUT admin/shipping, else FREE_SHIPPING_OVER_USD; null when none). Products that all ship free also ship without a fee (see the cart's invoice).",
      },
    },
    async () => ({ status: true as const, data: await checkoutTerms(db, checkout) }),
  );
};
