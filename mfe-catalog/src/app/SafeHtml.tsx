import { type ReactNode, useMemo } from 'react';
import { sanitizeRichText } from './sanitizeRichText';

/**
 * Rich HTML from the API (product details, page content). The server sanitises it already; we
 * sanitise again here so a server bug or a tampered response cannot run script in the shop.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }): ReactNode {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText on the line above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Plain text of sanitised HTML, e.g. for a meta description. */
export function htmlToText(html: string): string {
  const holder = document.createElement('div');
  holder.innerHTML = sanitizeRichText(html);
  return (holder.textContent ?? '').replace(/\s+/g, ' ').trim();
}
