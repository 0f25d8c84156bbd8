/**
 * The content pages an admin edits (about, shipping, payments, cancellation and returns; issue
 * 22): heading and rich text. The HTML is sanitised before it is stored (services/html.ts, the
 * allowlist of @shop/contract/validation/rich-text), so what the table holds is what
 * GET page-content/:page serves (which sanitises again on the way out) and what the preview shows.
 * The storefront reads the row on every answer: a save is on every instance's next answer.
 */
import {
  type AdminPageInput,
  type AdminPageView,
  EDITABLE_PAGES,
  type EditablePageName,
} from '@shop/contract/schemas/shopSettings';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pageContents } from '../../db/schema';
import { AppError } from '../../errors';
import { sanitizeRichText } from '../../services/html';

export async function listEditablePages(db: Database): Promise<{ page: string; heading: string }[]> {
  const rows = await db
    .select({ page: pageContents.page, heading: pageContents.heading })
    .from(pageContents)
    .where(inArray(pageContents.page, [...EDITABLE_PAGES]));
  const headingOf = new Map(rows.map((row) => [row.page, row.heading]));
  // In the storefront's footer order, every page even before it has a row.
  return EDITABLE_PAGES.map((page) => ({ page, heading: headingOf.get(page) ?? '' }));
}

/** A page as the storefront serves it (null when it has no row yet: the audit's "before"). */
export async function pageSnapshot(db: Database, page: EditablePageName): Promise<AdminPageView | null> {
  const [row] = await db
    .select({ heading: pageContents.heading, content: pageContents.content })
    .from(pageContents)
    .where(eq(pageContents.page, page));
  return row ? { page, heading: row.heading, content: sanitizeRichText(row.content) } : null;
}

export async function readEditablePage(db: Database, page: EditablePageName): Promise<AdminPageView> {
  const view = await pageSnapshot(db, page);
  if (!view) return { page, heading: '', content: '' };
  return view;
}

/** Stores the page's heading and its sanitised HTML (a page without a row gets one). */
export async function writeEditablePage(
  db: Database,
  page: EditablePageName,
  input: AdminPageInput,
): Promise<AdminPageView> {
  const heading = input.heading.trim();
  const content = sanitizeRichText(input.content);
  if (heading === '') throw AppError.badRequest('A page needs a heading.', { heading: 'is empty' });
  await db
    .insert(pageContents)
    .values({ page, heading, content })
    .onConflictDoUpdate({ target: pageContents.page, set: { heading, content } });
  return { page, heading, content };
}

/** What the storefront would show for `content`: the HTML as the save would store it. */
export const previewPage = (content: string): { content: string } => ({
  content: sanitizeRichText(content),
});
