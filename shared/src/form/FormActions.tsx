import type { ReactNode } from 'react';
import { FormFeedback, type FormOutcome } from './Field';
import styles from './form.module.css';

/**
 * The foot of a form: its outcome banner, then the submit button and any other buttons
 * (`children`: a Cancel, a Remove).
 */
export function FormActions({
  feedback,
  submitLabel,
  disabled,
  children,
}: {
  feedback: FormOutcome | null;
  submitLabel: ReactNode;
  /** The submit is disabled (while submitting, or once done). */
  disabled: boolean;
  children?: ReactNode;
}): ReactNode {
  return (
    <>
      <FormFeedback feedback={feedback} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={disabled}>
          {submitLabel}
        </button>
        {children}
      </div>
    </>
  );
}
