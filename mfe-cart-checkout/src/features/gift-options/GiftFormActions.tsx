import { FormActions, type FormOutcome, formStyles } from '@shop/shared/form';
import type { ReactNode } from 'react';

/**
 * The foot of a gift dialog's form (customization, packaging): its outcome, Save, and the Remove
 * button when the line has the option saved (`removeLabel` and `onRemove`).
 */
export function GiftFormActions({
  feedback,
  busy,
  removeLabel,
  onRemove,
}: {
  feedback: FormOutcome | null;
  /** A save or remove is out. */
  busy: boolean;
  removeLabel: string;
  /** Absent: nothing to remove. */
  onRemove?: () => void;
}): ReactNode {
  return (
    <FormActions feedback={feedback} submitLabel="Save" disabled={busy}>
      {onRemove ? (
        <button type="button" className={formStyles.secondary} disabled={busy} onClick={onRemove}>
          {removeLabel}
        </button>
      ) : null}
    </FormActions>
  );
}
