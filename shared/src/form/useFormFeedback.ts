import { useCallback, useState } from 'react';
import { useTimeouts } from '../ui/useTimeouts';
import type { FormOutcome } from './Field';

/**
 * The form cycle's banner (spec 001 §4): a success stays; a failure clears after `failureMs`
 * (5 s for most forms, 4 s for addresses), unless a newer outcome took its place.
 */
export function useFormFeedback(
  failureMs: number,
): [FormOutcome | null, (outcome: FormOutcome | null) => void] {
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  const later = useTimeouts();
  const show = useCallback(
    (outcome: FormOutcome | null) => {
      setFeedback(outcome);
      if (outcome && !outcome.ok)
        later(() => setFeedback((shown) => (shown === outcome ? null : shown)), failureMs);
    },
    [later, failureMs],
  );
  return [feedback, show];
}
