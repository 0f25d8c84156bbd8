import type { Country, ShippingAddress, ShippingAddressInput } from '@shop/contract';
import { ADDRESS_MAX } from '@shop/contract/validation';
import { useField } from 'formik';
import type { ReactNode } from 'react';
import styles from './address-fields.module.css';
import { SelectField, TextAreaField, TextField } from './Field';

/**
 * A shipping address as its form holds it (spec 001 §3). Validate it with `shippingAddressSchema`
 * from `@shop/shared/validation`, the schema the backend applies.
 */
export interface AddressValues {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  /** The select's value; sent as a number. */
  country_id: string;
  city: string;
  address: string;
  is_primary: boolean;
}

export const EMPTY_ADDRESS: AddressValues = {
  first_name: '',
  last_name: '',
  email: '',
  mobile: '',
  country_id: '',
  city: '',
  address: '',
  is_primary: false,
};

/** Whether a field name the server refused is one of the form's, so it can show at its field. */
export const isAddressField = (name: string): name is keyof AddressValues => name in EMPTY_ADDRESS;

/** A saved address as the edit form starts from it. */
export function addressValuesOf(address: ShippingAddress): AddressValues {
  return {
    first_name: address.first_name,
    last_name: address.last_name,
    email: address.email,
    mobile: address.mobile,
    country_id: String(address.country_id),
    city: address.city,
    address: address.address,
    is_primary: address.is_primary,
  };
}

/** The body of `buyers-shipping-address/create` and `/update/{id}`. */
export function addressInputOf(values: AddressValues): ShippingAddressInput {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    mobile: values.mobile.trim(),
    country_id: Number(values.country_id),
    city: values.city.trim(),
    address: values.address.trim(),
    is_primary: values.is_primary,
  };
}

export interface AddressFieldsProps {
  /** The countries to choose from (`countries`), loaded by the form that renders the fields. */
  countries: readonly Pick<Country, 'id' | 'name'>[];
  /** The label of the 'primary address' checkbox; without it the checkbox is not offered. */
  primaryLabel?: string;
}

/**
 * The fields of a shipping address (spec 001 §5: all required, the address up to 500 characters
 * with a counter), shared by the checkout's and the member area's forms. Render it inside a Formik
 * form holding `AddressValues`; the form around it owns the submit, its outcome and its buttons.
 */
export function AddressFields({ countries, primaryLabel }: AddressFieldsProps): ReactNode {
  const countryOptions = countries.map((country) => ({ value: String(country.id), label: country.name }));
  return (
    <>
      <div className={styles.pair}>
        <TextField name="first_name" label="First name" autoComplete="given-name" />
        <TextField name="last_name" label="Last name" autoComplete="family-name" />
      </div>
      <div className={styles.pair}>
        <TextField name="email" label="Email address" type="email" autoComplete="email" />
        <TextField name="mobile" label="Mobile number" type="tel" autoComplete="tel" />
      </div>
      <div className={styles.pair}>
        <SelectField
          name="country_id"
          label="Country"
          placeholder="Select a country"
          options={countryOptions}
          autoComplete="country-name"
        />
        <TextField name="city" label="City" autoComplete="address-level2" />
      </div>
      <TextAreaField name="address" label="Address" counterMax={ADDRESS_MAX} autoComplete="street-address" />
      {primaryLabel ? <PrimaryCheckbox label={primaryLabel} /> : null}
    </>
  );
}

function PrimaryCheckbox({ label }: { label: string }): ReactNode {
  const [field] = useField({ name: 'is_primary', type: 'checkbox' });
  return (
    <label className={styles.check}>
      <input type="checkbox" {...field} />
      {label}
    </label>
  );
}
