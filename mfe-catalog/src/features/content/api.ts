import { api, type PageContent } from '@shop/shared';
import { defineQuery } from '../../app/queries';
import type { PostOutcome } from '../product/api';

/** Content pages read their heading and HTML from page-content/{page}. */
export const usePageContentQuery = defineQuery<string, PageContent>((page) => ({
  path: `page-content/${encodeURIComponent(page)}`,
}));

export interface ContactInquiry {
  full_name: string;
  email: string;
  message: string;
}

export async function sendContactInquiry(inquiry: ContactInquiry): Promise<PostOutcome> {
  const result = await api.post<unknown>('contact-us', inquiry);
  return result.status ? { ok: true } : { ok: false, fields: result.error?.fields ?? {} };
}
