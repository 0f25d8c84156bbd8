import { type CartItem, useTimeouts } from '@shop/shared';
import type { FormOutcome } from '@shop/shared/form';
import { useCallback, useState } from 'react';
import { FORM_FEEDBACK_MS } from './constants';
import type { CartChange } from './giftOptionsApi';
import type { PendingCart } from './usePendingCart';

export interface LineChanges {
  /** The line as the last answered cart has it (what is saved now), before that cart is applied. */
  line: CartItem;
  feedback: FormOutcome | null;
  clearFeedback(): void;
  /**
   * Takes a save's or remove's outcome: a success holds the answered cart and says `success`; a
   * failure shows `banner` (default: the outcome's message; null: none, the fields say it) for 5 s,
   * as the spec's form cycle returns a failed form to its initial state after 5 s.
   */
  settle(change: CartChange, success: string, banner?: string | null): boolean;
  /** True while a remove is out (Save and Remove are disabled). */
  removing: boolean;
  /** Removes the line's option (`request`) and settles its answer, saying `removed`; true when removed. */
  remove(request: () => Promise<CartChange>, removed: string): Promise<boolean>;
}

/** What both gift dialogs do with the answer of a save or remove on their line. */
export function useLineChanges(item: CartItem, pending: PendingCart): LineChanges {
  const later = useTimeouts();
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  const [line, setLine] = useState(item);

  const settle = useCallback(
    (change: CartChange, success: string, banner?: string | null): boolean => {
      if (change.ok) {
        pending.hold(change.cart);
        setLine((current) => change.cart.items.find((candidate) => candidate.id === current.id) ?? current);
        setFeedback({ ok: true, message: success });
        return true;
      }
      const message = banner === undefined ? change.message : banner;
      if (message) {
        const failure = { ok: false, message };
        setFeedback(failure);
        later(() => setFeedback((shown) => (shown === failure ? null : shown)), FORM_FEEDBACK_MS);
      }
      return false;
    },
    [pending, later],
  );

  const clearFeedback = useCallback(() => setFeedback(null), []);
  const [removing, setRemoving] = useState(false);
  const remove = async (request: () => Promise<CartChange>, removed: string): Promise<boolean> => {
    setRemoving(true);
    clearFeedback();
    const change = await request();
    setRemoving(false);
    return settle(change, removed);
  };
  return { line, feedback, clearFeedback, settle, removing, remove };
}
