import { PAGINATION_WINDOW } from '../../constants';

/** Page numbers to offer: the current page with a window of pages each side. */
export function pageWindow(current: number, pageCount: number, window = PAGINATION_WINDOW): number[] {
  if (pageCount < 1) return [];
  const from = Math.max(1, current - window);
  const to = Math.min(pageCount, current + window);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
