import { API_BASE_URL, type ApiBody } from '@shop/shared';
import { useLocation } from '@shop/shared/router';
import { useEffect, useRef } from 'react';
import { whenIdle } from '../whenIdle';

/**
 * One page-view report per page view (the first, then every route change): the path and where
 * the shopper came from (the previous page of the shop, or document.referrer for the first).
 * Fire and forget, once the page is idle: analytics never delays or breaks a page, so every
 * failure is dropped.
 */
export function usePageViews(
  send: (path: string, referrer: string | undefined) => void = reportPageView,
): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const referrer = previous.current ?? (document.referrer || undefined);
    previous.current = pathname;
    // Not cancelled on the next change: a view the shopper left at once still counts.
    whenIdle(() => send(pathname, referrer));
  }, [pathname, send]);
}

/**
 * Sent with fetch itself, not the api client: `keepalive` lets it outlive the page, and it carries
 * no bearer token (nothing personal goes with a view). Its body is still the contract's.
 */
export function reportPageView(path: string, referrer: string | undefined): void {
  const body: ApiBody<'POST', 'page-views'> = referrer ? { path, referrer } : { path };
  try {
    void fetch(`${API_BASE_URL}/page-views`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch missing or refused: no analytics for this view
  }
}
