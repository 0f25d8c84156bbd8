import { useEffect } from 'react';

let locks = 0;
let savedOverflow = '';

/** Locks the page's scroll while an overlay is open (spec 000, section 2); nested overlays count. */
export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (locks === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = savedOverflow;
    };
  }, [active]);
}
