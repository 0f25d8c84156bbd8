import { useLocation } from '@shop/shared/router';
import { useEffect } from 'react';

/** The page scrolls to the top on every route change (spec 001, 2.1). */
export function ScrollToTop(): null {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
