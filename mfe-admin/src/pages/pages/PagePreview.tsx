import type { ReactNode } from 'react';
import styles from './pages.module.css';

/** Text written into the preview's document as text. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The storefront's content page (mfe-catalog content.module.css): its font, padding and line height. */
const BODY_STYLE =
  'margin:0;padding:1rem 1.5rem;font-family:system-ui,sans-serif;line-height:1.6;color:#111827';

/**
 * A content page as the shop will show it: the heading and the HTML the server sanitised
 * (POST admin/pages/preview or the saved page), in a frame with `sandbox` and no permission at
 * all: nothing in it runs or reaches the back office's page (its origin is opaque), so the
 * admin's session stays out of reach even if the sanitiser let something through. The page's
 * CSP still applies inside (inline style attributes only).
 */
export function PagePreview({
  heading,
  html,
  title,
}: {
  heading: string;
  html: string;
  title: string;
}): ReactNode {
  const document = `<!doctype html><html lang="en"><body style="${BODY_STYLE}"><h1>${escaped(heading)}</h1>${html}</body></html>`;
  return <iframe title={title} sandbox="" srcDoc={document} className={styles.frame} />;
}
