/**
 * What checkout applies (spec 001 §3, §9), for the payments and shipping pages: read from the very
 * settings the cart module's checkout applies them from.
 */
import type { CheckoutTerms, PaymentDetails } from '@shop/contract';
import { PAYMENT_METHODS } from '@shop/contract/validation';
import { asc } from 'drizzle-orm';
import type { CheckoutSettings } from '../../config';
import type { Database } from '../../db/client';
import { countries } from '../../db/schema';
import { freeShippingOverUsd } from '../../services/siteSettings';

export const paymentDetailsOf = (settings: CheckoutSettings): PaymentDetails => settings.paymentDetails;

/**
 * What checkout applies, read from the very settings it applies them from: the methods the
 * payment-method call accepts (PAYMENT_METHODS), the payment details, where guests send a slip,
 * each country's fee (the column presentCart charges) and the free-shipping threshold (an owner's,
 * else FREE_SHIPPING_OVER_USD: services/siteSettings.ts, as presentCart reads it).
 */
export async function checkoutTerms(db: Database, settings: CheckoutSettings): Promise<CheckoutTerms> {
  const fees = await db
    .select({ country_id: countries.id, country: countries.name, fee: countries.shippingFee })
    .from(countries)
    .orderBy(asc(countries.position), asc(countries.id));
  return {
    payment_methods: [...PAYMENT_METHODS],
    payment_details: settings.paymentDetails,
    payment_slip_email: settings.shopEmail,
    shipping: { fees, free_shipping_over: await freeShippingOverUsd(db, settings.freeShippingOverUsd) },
  };
}
