import type { ReactNode } from 'react';
import { TextForm } from './TextForm';

/** The contract's bound of a reason an admin writes (`Reason`: kept in the audit log). */
export const REASON_MAX_LENGTH = 500;

/** What a reason form says when sent empty. */
export const REASON_MISSING = 'Write the reason first.';

/**
 * A short text the audit log keeps with a change (why an order is dispatched before payment, the
 * bank reference of a transfer, why a proof is rejected): two rows, bounded by the contract.
 * `required` false: it may be sent empty (optional comments).
 */
export function ReasonForm({
  label,
  submit,
  busy,
  required = true,
  onSubmit,
}: {
  label: string;
  submit: string;
  busy: boolean;
  required?: boolean;
  onSubmit: (reason: string) => Promise<boolean>;
}): ReactNode {
  return (
    <TextForm
      label={label}
      submit={submit}
      busy={busy}
      maxLength={REASON_MAX_LENGTH}
      rows={2}
      required={required}
      missingText={REASON_MISSING}
      onSubmit={onSubmit}
    />
  );
}
