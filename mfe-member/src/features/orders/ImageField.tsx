import { FieldError, formStyles, useFieldError } from '@shop/shared/form';
import { useFormikContext } from 'formik';
import { type ReactNode, useId } from 'react';

/** A labelled image input whose File is the Formik value `name`; its error shows like any field's. */
export function ImageField({ name, label }: { name: string; label: string }): ReactNode {
  const { setFieldValue, setFieldTouched } = useFormikContext<Record<string, unknown>>();
  const error = useFieldError(name);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/jpeg,image/png"
        className={formStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          void setFieldValue(name, event.target.files?.[0] ?? null, true);
          void setFieldTouched(name, true, false);
        }}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
