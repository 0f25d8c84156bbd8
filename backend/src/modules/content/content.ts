/** Content pages (about, policies, contact) and the contact form. */
import type { PageContent } from '@shop/contract';
import { contactSchema } from '@shop/contract/validation';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages, pageContents } from '../../db/schema';
import { AppError } from '../../errors';
import { checked } from '../../services/buyers';
import { sanitizeRichText } from '../../services/html';

export const CONTENT_PAGES = ['about', 'payments', 'shipping', 'cancellation-returns', 'contact'] as const;

export async function pageContent(db: Database, page: string): Promise<PageContent> {
  const known: readonly string[] = CONTENT_PAGES;
  if (!known.includes(page)) throw AppError.notFound('Page not found.');
  const [row] = await db.select().from(pageContents).where(eq(pageContents.page, page));
  if (!row) throw AppError.notFound('Page not found.');
  return {
    heading: row.heading,
    content: sanitizeRichText(row.content),
    phone: row.phone,
    whatsapp: row.whatsapp,
    email: row.email,
  };
}

export async function contactUs(db: Database, body: unknown): Promise<void> {
  const form = await checked(contactSchema, body);
  await db
    .insert(contactMessages)
    .values({ fullName: form.full_name, email: form.email, message: form.message });
}
