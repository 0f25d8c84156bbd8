import type { Refusal } from '@shop/shared/form';
import { type ReactNode, useId } from 'react';
import styles from './homeContent.module.css';

/**
 * One labelled text field of the home page's forms: the API's or the form's refusal naming it
 * (`refusal.fields[name]`) is shown under it, described by it and marks it invalid.
 */
export function TextField({
  label,
  name,
  value,
  onChange,
  maxLength,
  refusal,
  type = 'text',
  hint,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  refusal: Refusal | null;
  type?: 'text' | 'datetime-local';
  hint?: string;
}): ReactNode {
  const id = useId();
  const problem = refusal?.fields[name] ?? null;
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className={styles.hint}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled choice among a few values. */
export function SelectField<Value extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
