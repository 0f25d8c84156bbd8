import { useTimeouts } from '@shop/shared';
import type { FormOutcome } from '@shop/shared/form';
import type { FormikHelpers } from 'formik';
import { useState } from 'react';
import { FORM_FEEDBACK_MS } from '../../constants';

export interface ClosingForm<Values> {
  feedback: FormOutcome | null;
  /** Clears the banner (as a submit starts) or shows a failure. */
  setFeedback: (outcome: FormOutcome | null) => void;
  /** Shows the success; after 5 s the form resets and `onFinished` closes it. */
  succeeded: (message: string, helpers: FormikHelpers<Values>) => void;
}

/**
 * The cycle of a product page's dialog form (notify me, ask a question): success shows, the form is
 * marked 'submitted' (its button stays disabled), then it resets and closes after 5 s.
 */
export function useClosingForm<Values>(onFinished: () => void): ClosingForm<Values> {
  const later = useTimeouts();
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  const succeeded = (message: string, helpers: FormikHelpers<Values>) => {
    setFeedback({ ok: true, message });
    helpers.setStatus('submitted');
    later(() => {
      helpers.resetForm();
      setFeedback(null);
      onFinished();
    }, FORM_FEEDBACK_MS);
  };
  return { feedback, setFeedback, succeeded };
}
