import type { Country } from '@shop/shared';
import { FieldError, formStyles, useFieldError } from '@shop/shared/form';
import { useFormikContext } from 'formik';
import { type ReactNode, useId } from 'react';
import { dialCodeOf, formatPhone } from './phone';
import styles from './sign-up.module.css';

export interface PhoneValues {
  /** The composed '+{dialcode} {number}', validated by signUpStep3Schema and sent to the server. */
  mobile: string;
  mobile_country: string;
  mobile_number: string;
}

/** A dial-code select (from the countries list) and a number field, composing `mobile`. */
export function PhoneInput({ countries }: { countries: readonly Country[] }): ReactNode {
  const { values, setFieldValue, setFieldTouched } = useFormikContext<PhoneValues>();
  const error = useFieldError('mobile');
  const id = useId();
  const errorId = `${id}-error`;

  const change = (country: string, number: string) => {
    void setFieldValue('mobile_country', country, false);
    void setFieldValue('mobile_number', number, false);
    void setFieldValue('mobile', formatPhone(dialCodeOf(country, countries), number));
  };

  return (
    <fieldset className={error ? `${styles.phone} ${styles.phoneInvalid}` : styles.phone}>
      <legend>Mobile number</legend>
      <div className={styles.phoneRow}>
        <label htmlFor={`${id}-country`} className="visually-hidden">
          Country code
        </label>
        <select
          id={`${id}-country`}
          className={formStyles.input}
          value={values.mobile_country}
          onChange={(event) => change(event.target.value, values.mobile_number)}
        >
          {countries.map((country) => (
            <option key={country.iso2} value={country.iso2}>
              {country.name} (+{country.dial_code})
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-number`} className="visually-hidden">
          Mobile number
        </label>
        <input
          id={`${id}-number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          className={error ? `${formStyles.input} ${formStyles.invalid}` : formStyles.input}
          value={values.mobile_number}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => change(values.mobile_country, event.target.value)}
          onBlur={() => void setFieldTouched('mobile')}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
