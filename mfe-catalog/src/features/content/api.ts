import { type ApiBody, api, useApiRead } from '@shop/shared';
import type { PostOutcome } from '../product/api';

/** Content pages read their heading and HTML from page-content/{page}. */
export const usePageContentQuery = (page: string) => useApiRead('page-content/:page', { params: { page } });

/** The rules checkout applies (methods, payee, fees), for the payments and shipping pages. */
export const useCheckoutTermsQuery = () => useApiRead('checkout-terms');

export type ContactInquiry = ApiBody<'POST', 'contact-us'>;

export async function sendContactInquiry(inquiry: ContactInquiry): Promise<PostOutcome> {
  const result = await api.post('contact-us', inquiry);
  return result.status ? { ok: true } : { ok: false, fields: result.error?.fields ?? {} };
}
