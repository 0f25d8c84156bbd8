import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * True once the element comes near the viewport (always true where IntersectionObserver is
 * missing). Below-the-fold sliders mount only then: they cost no main-thread time until seen.
 */
export function useNearViewport(ready = true): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ready || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, ready]);
  return [ref, near];
}
