import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children only after the page's first paint, in a transition: React renders them
 * in slices that yield to the browser, and their own data requests start after the ones the top
 * of the page waits for. For sections below the fold (reviews, related products).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }): ReactNode {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}
