import { MESSAGES } from '@shop/contract/validation/messages';
import { type ReactNode, useState } from 'react';
import styles from './products.module.css';

export interface BusRequest {
  /** True while the request is out (its button is disabled). */
  busy: boolean;
  /** Sends the request; a failed or unanswered one shows the spec's generic text, never faked. */
  send: (request: () => Promise<unknown>) => Promise<void>;
  /** The failure's alert, or null. */
  alert: ReactNode;
}

/** A button's request through the bus (add to cart, toggle the wishlist): busy while out, its failure shown. */
export function useBusRequest(): BusRequest {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (request: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await request();
    } catch {
      setError(MESSAGES.actionFailed);
    } finally {
      setBusy(false);
    }
  };
  const alert = error ? (
    <span role="alert" className={styles.error}>
      {error}
    </span>
  ) : null;
  return { busy, send, alert };
}
