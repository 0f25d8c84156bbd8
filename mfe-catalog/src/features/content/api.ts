import { api, type CheckoutTerms, type PageContent } from '@shop/shared';
import { useCatalogRead } from '../../api';
import type { PostOutcome } from '../product/api';

/** Content pages read their heading and HTML from page-content/{page}. */
export const usePageContentQuery = (page: string) =>
  useCatalogRead<PageContent>(`page-content/${encodeURIComponent(page)}`);

/** The rules checkout applies (methods, payee, fees), for the payments and shipping pages. */
export const useCheckoutTermsQuery = () => useCatalogRead<CheckoutTerms>('checkout-terms');

export interface ContactInquiry {
  full_name: string;
  email: string;
  message: string;
}

export async function sendContactInquiry(inquiry: ContactInquiry): Promise<PostOutcome> {
  const result = await api.post<unknown>('contact-us', inquiry);
  return result.status ? { ok: true } : { ok: false, fields: result.error?.fields ?? {} };
}
