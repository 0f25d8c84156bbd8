import { api, type PageContent } from '@shop/shared';
import { catalogApi } from '../../api';
import type { PostOutcome } from '../product/api';

/** Content pages read their heading and HTML from page-content/{page}. */
export const contentApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    pageContent: build.query<PageContent, string>({
      query: (page) => ({ path: `page-content/${encodeURIComponent(page)}` }),
    }),
  }),
});

export const { usePageContentQuery } = contentApi;

export interface ContactInquiry {
  full_name: string;
  email: string;
  message: string;
}

export async function sendContactInquiry(inquiry: ContactInquiry): Promise<PostOutcome> {
  const result = await api.post<unknown>('contact-us', inquiry);
  return result.status ? { ok: true } : { ok: false, fields: result.error?.fields ?? {} };
}
