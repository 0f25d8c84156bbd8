import { type ApiBody, api, dataKey, useLoaded } from '@shop/shared';
import { useCatalogRead } from '../../api';
import type { PostOutcome } from '../product/api';

/** Content pages read their heading and HTML from page-content/{page}. */
export const usePageContentQuery = (page: string) =>
  useCatalogRead('page-content/:page', { params: { page } });

/** The rules checkout applies (methods, payee, fees), for the payments and shipping pages. */
export const useCheckoutTermsQuery = () =>
  useLoaded(dataKey('checkout-terms'), (signal) => api.get('checkout-terms', { signal }));

export type ContactInquiry = ApiBody<'POST', 'contact-us'>;

export async function sendContactInquiry(inquiry: ContactInquiry): Promise<PostOutcome> {
  const result = await api.post('contact-us', inquiry);
  return result.status ? { ok: true } : { ok: false, fields: result.error?.fields ?? {} };
}
