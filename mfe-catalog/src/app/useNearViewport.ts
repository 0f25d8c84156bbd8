import { type RefObject, useEffect, useRef, useState } from 'react';

/** How long an element must stay near the viewport to count: sections above it may still be loading. */
export const NEAR_VIEWPORT_SETTLE_MS = 150;

/**
 * True once the element comes near the viewport (always true where IntersectionObserver is
 * missing). Below-the-fold sliders mount only then: they cost no main-thread time until seen.
 * A slider whose data arrives before the sections above it sits near the top for a moment; it
 * counts only if it is still near after NEAR_VIEWPORT_SETTLE_MS.
 */
export function useNearViewport(ready = true): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ready || !ref.current) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const intersecting = entries[entries.length - 1]?.isIntersecting ?? false;
        clearTimeout(timer);
        if (intersecting) timer = setTimeout(() => setNear(true), NEAR_VIEWPORT_SETTLE_MS);
      },
      { rootMargin: '200px' },
    );
    observer.observe(ref.current);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [near, ready]);
  return [ref, near];
}
