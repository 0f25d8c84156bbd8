import { useField } from 'formik';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import styles from './form.module.css';

/** The error of a field, once the shopper has touched it (or tried to submit). */
export function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  return meta.touched && meta.error ? meta.error : undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }): ReactNode {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
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

export function SelectField({ name, label, placeholder, options, ...rest }: SelectFieldProps): ReactNode {
  const [field] = useField(name);
  const error = useFieldError(name);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        {...rest}
        {...field}
        id={id}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
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
