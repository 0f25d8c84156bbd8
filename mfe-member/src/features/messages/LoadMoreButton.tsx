import { useTimeouts } from '@shop/shared';
import { formStyles } from '@shop/shared/form';
import { type ReactNode, useState } from 'react';
import { LOAD_MORE, LOAD_MORE_DELAY_MS } from './constants';

/**
 * 'Load more' (spec 001 §4): waits 1.5 s, then asks for the next page. The caller offers it only
 * until the last page.
 */
export function LoadMoreButton({ onLoad, loading }: { onLoad: () => void; loading: boolean }): ReactNode {
  const [waiting, setWaiting] = useState(false);
  const later = useTimeouts();
  const busy = waiting || loading;
  return (
    <button
      type="button"
      className={formStyles.secondary}
      aria-busy={busy}
      disabled={busy}
      onClick={() => {
        setWaiting(true);
        later(() => {
          setWaiting(false);
          onLoad();
        }, LOAD_MORE_DELAY_MS);
      }}
    >
      {busy ? 'Loading…' : LOAD_MORE}
    </button>
  );
}
