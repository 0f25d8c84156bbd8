import { useField } from 'formik';
import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import styles from './form.module.css';

/** The error of a field once the shopper has touched it (or tried to submit). */
function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  return meta.touched && meta.error ? meta.error : undefined;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
}

/** A labelled Formik input whose error is announced with the field. */
export function TextField({ name, label, type = 'text', ...rest }: TextFieldProps): ReactNode {
  const [field] = useField(name);
  const error = useFieldError(name);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        {...rest}
        {...field}
        id={id}
        type={type}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> {
  name: string;
  label: string;
  /** Shows '{n} / {max} Characters only' under the field. No maxLength: the rule's message says why. */
  counterMax?: number;
}

export function TextAreaField({ name, label, counterMax, ...rest }: TextAreaFieldProps): ReactNode {
  const [field] = useField<string>(name);
  const error = useFieldError(name);
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const describedBy = [counterMax ? counterId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...rest}
        {...field}
        id={id}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {counterMax ? (
        <p id={counterId} className={styles.counter} data-testid={`${name}-counter`}>
          {field.value.length} / {counterMax} Characters only
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The outcome of a submitted form: announced politely on success, as an alert on failure. */
export interface FormOutcome {
  ok: boolean;
  message: string;
}

export function FormFeedback({ feedback }: { feedback: FormOutcome | null }): ReactNode {
  if (!feedback) return null;
  return (
    <p role={feedback.ok ? 'status' : 'alert'} className={feedback.ok ? styles.success : styles.alert}>
      {feedback.message}
    </p>
  );
}
