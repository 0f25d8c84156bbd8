/**
 * Where a product's gallery videos may come from: the storefront frames them, and its CSP
 * (backend/src/delivery/contentSecurity.ts, frame-src) allows frames from these origins only, so
 * a video saved from anywhere else would be a blank, blocked frame on the product page.
 */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'] as const;

/** An embed address: `<origin>/embed/<video id>`, with a query (start time, …) or not. */
const EMBED_PATH = /^\/embed\/[A-Za-z0-9_-]{1,64}$/;

/** Whether the storefront can show this video address: a YouTube embed address from an allowed origin. */
export function isVideoEmbedUrl(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return (
    (VIDEO_EMBED_ORIGINS as readonly string[]).includes(url.origin) &&
    url.username === '' &&
    url.password === '' &&
    url.hash === '' &&
    EMBED_PATH.test(url.pathname)
  );
}

/** Why another address is refused (the product editor's 400). */
export const VIDEO_EMBED_RULE = 'must be a YouTube embed address (https://www.youtube.com/embed/<video id>)';
