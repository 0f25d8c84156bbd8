import type { Refusal as RefusalValue } from '@shop/shared/form';
import type { ReactNode } from 'react';
import styles from './Refusal.module.css';

/**
 * Why the API (or the form) refused the last try, in its own words (a 409 such as
 * INQUIRY_ANSWERED carries a message written for the admin), read out at once. Nothing when there
 * is no refusal, so a page writes `<Refusal refusal={action.refusal} />` without a condition.
 */
export function Refusal({
  refusal,
  id,
}: {
  /** A refusal, or only its message (a form's own check, a failed read). */
  refusal: RefusalValue | string | null | undefined;
  /** For a field's `aria-describedby`. */
  id?: string;
}): ReactNode {
  if (!refusal) return null;
  return (
    <p role="alert" id={id} className={styles.refusal}>
      {typeof refusal === 'string' ? refusal : refusal.message}
    </p>
  );
}
