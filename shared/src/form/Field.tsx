import { useField } from 'formik';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import styles from './form.module.css';

/** The error of a field, once the shopper has touched it (or tried to submit). */
export function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  return meta.touched && meta.error ? meta.error : undefined;
}

/** A field's error, tied to the control by its id (aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }): ReactNode {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}

/**
 * What every labelled field needs: Formik's props for the control, its error once touched, and
 * the ids and attributes that tie label, control and error together.
 */
function useFieldControl<V = string>(name: string, describedBy: string[] = []) {
  const [field] = useField<V>(name);
  const error = useFieldError(name);
  const id = useId();
  const errorId = `${id}-error`;
  const described = [...describedBy, error ? errorId : ''].filter(Boolean).join(' ');
  return {
    field,
    error,
    id,
    errorId,
    control: {
      id,
      className: error ? `${styles.input} ${styles.invalid}` : styles.input,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
    },
  };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
}

/** A labelled Formik input whose error is announced with the field. */
export function TextField({ name, label, type = 'text', ...rest }: TextFieldProps): ReactNode {
  const { field, error, id, errorId, control } = useFieldControl(name);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input {...rest} {...field} {...control} type={type} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> {
  name: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled Formik select whose first, empty option is the placeholder. */
export function SelectField({ name, label, placeholder, options, ...rest }: SelectFieldProps): ReactNode {
  const { field, error, id, errorId, control } = useFieldControl(name);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select {...rest} {...field} {...control}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> {
  name: string;
  label: string;
  /** Shows '{n} / {max} Characters only' under the field. No maxLength: the rule's message says why. */
  counterMax?: number;
}

/** A labelled Formik text area, with an optional character counter. */
export function TextAreaField({ name, label, counterMax, ...rest }: TextAreaFieldProps): ReactNode {
  const counterId = `${useId()}-counter`;
  const { field, error, id, errorId, control } = useFieldControl(name, counterMax ? [counterId] : []);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea {...rest} {...field} {...control} />
      {counterMax ? (
        <p id={counterId} className={styles.counter} data-testid={`${name}-counter`}>
          {field.value.length} / {counterMax} Characters only
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
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
