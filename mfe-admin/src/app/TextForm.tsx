import { type ReactNode, useId, useState } from 'react';
import styles from './TextForm.module.css';

/**
 * One labelled text (a reply, an answer, a note, a reason) and its submit button. An empty text
 * is not sent unless `required` is false: the field says so. `onSubmit` answers whether the API
 * took it; then the text is cleared.
 */
export function TextForm({
  label,
  submit,
  busy,
  maxLength,
  rows = 4,
  missingText = 'Write the text first.',
  required = true,
  onSubmit,
  children,
}: {
  label: string;
  submit: string;
  busy: boolean;
  maxLength: number;
  rows?: number;
  missingText?: string;
  /** false: an empty text is sent too (optional comments). */
  required?: boolean;
  onSubmit: (text: string) => Promise<boolean>;
  /** More controls between the text and the button (a priority choice). */
  children?: ReactNode;
}): ReactNode {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  return (
    <form
      className={styles.form}
      onSubmit={async (event) => {
        event.preventDefault();
        const trimmed = text.trim();
        const isMissing = required && !trimmed;
        setMissing(isMissing);
        if (!isMissing && (await onSubmit(trimmed))) setText('');
      }}
    >
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        id={`${id}-text`}
        value={text}
        maxLength={maxLength}
        rows={rows}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {missing ? (
        <p id={`${id}-missing`} className={styles.missing}>
          {missingText}
        </p>
      ) : null}
      {children}
      <button type="submit" disabled={busy}>
        {submit}
      </button>
    </form>
  );
}
