import { useTimeouts } from '@shop/shared';
import type { FormOutcome } from '@shop/shared/form';
import { useCallback, useState } from 'react';
import { FORM_FEEDBACK_MS } from './constants';

/**
 * The form cycle's banner (spec 001 §4): a success stays; a failure clears after 5 s, unless a
 * newer outcome took its place.
 */
export function useFormFeedback(): [FormOutcome | null, (outcome: FormOutcome | null) => void] {
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  const later = useTimeouts();
  const show = useCallback(
    (outcome: FormOutcome | null) => {
      setFeedback(outcome);
      if (outcome && !outcome.ok)
        later(() => setFeedback((shown) => (shown === outcome ? null : shown)), FORM_FEEDBACK_MS);
    },
    [later],
  );
  return [feedback, show];
}
