import { useTimeouts } from '@shop/shared';
import {
  FormFeedback,
  type FormOutcome,
  formStyles,
  SelectField,
  TextAreaField,
  TextField,
} from '@shop/shared/form';
import { ADDRESS_MAX, shippingAddressSchema } from '@shop/shared/validation';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../app/LoadFailed';
import { useApiData } from '../../app/useApiData';
import { GENERIC_ACTION_ERROR } from '../../constants';
import { useCartDispatch } from '../cart/hooks';
import styles from './checkout.module.css';
import { checkoutApi } from './checkoutApi';
import { saveNewAddress } from './checkoutSlice';
import { ADDRESS_FEEDBACK_MS } from './constants';

interface AddressValues {
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

const EMPTY: AddressValues = {
  first_name: '',
  last_name: '',
  email: '',
  mobile: '',
  country_id: '',
  city: '',
  address: '',
  is_primary: false,
};

const isField = (name: string): name is keyof AddressValues => name in EMPTY;

/**
 * The checkout's add-address form (spec 001 §5: every field required, the address up to 500
 * characters with a counter). A saved address is applied to the cart 300 ms later (the slice's
 * saveNewAddress); a refusal shows at its fields, or in a banner that clears after 4 s.
 */
export function AddressForm({ onSaved }: { onSaved: () => void }): ReactNode {
  const dispatch = useCartDispatch();
  const countries = useApiData('countries', checkoutApi.countries);
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  const later = useTimeouts();

  if (countries.state === 'failed') return <LoadFailed />;
  if (countries.state !== 'loaded') return <p aria-busy="true">Loading…</p>;
  const countryOptions = countries.data.list.map((country) => ({
    value: String(country.id),
    label: country.name,
  }));

  const save = async (values: AddressValues, helpers: FormikHelpers<AddressValues>) => {
    setFeedback(null);
    const result = await dispatch(
      saveNewAddress({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        mobile: values.mobile.trim(),
        country_id: Number(values.country_id),
        city: values.city.trim(),
        address: values.address.trim(),
        is_primary: values.is_primary,
      }),
    );
    if (saveNewAddress.fulfilled.match(result)) {
      helpers.resetForm();
      onSaved();
      return;
    }
    const refusal = result.payload ?? { message: result.error.message ?? GENERIC_ACTION_ERROR, fields: {} };
    const atFields = Object.entries(refusal.fields).filter(([name]) => isField(name));
    for (const [name, message] of atFields) helpers.setFieldError(name, message);
    if (atFields.length > 0) return;
    const failure = { ok: false, message: refusal.message };
    setFeedback(failure);
    // Spec 001 §4: "Address update and error flags clear after 4 s".
    later(() => setFeedback((shown) => (shown === failure ? null : shown)), ADDRESS_FEEDBACK_MS);
  };

  return (
    <Formik initialValues={EMPTY} validationSchema={shippingAddressSchema} onSubmit={save}>
      {({ isSubmitting, getFieldProps }) => (
        <Form className={formStyles.form} noValidate aria-label="New address">
          <div className={styles.fieldPair}>
            <TextField name="first_name" label="First name" autoComplete="given-name" />
            <TextField name="last_name" label="Last name" autoComplete="family-name" />
          </div>
          <div className={styles.fieldPair}>
            <TextField name="email" label="Email address" type="email" autoComplete="email" />
            <TextField name="mobile" label="Mobile number" type="tel" autoComplete="tel" />
          </div>
          <div className={styles.fieldPair}>
            <SelectField
              name="country_id"
              label="Country"
              placeholder="Select a country"
              options={countryOptions}
              autoComplete="country-name"
            />
            <TextField name="city" label="City" autoComplete="address-level2" />
          </div>
          <TextAreaField
            name="address"
            label="Address"
            counterMax={ADDRESS_MAX}
            autoComplete="street-address"
          />
          <label className={styles.check}>
            <input type="checkbox" {...getFieldProps({ name: 'is_primary', type: 'checkbox' })} />
            Make this my primary address
          </label>
          <FormFeedback feedback={feedback} />
          <div className={formStyles.actions}>
            <button type="submit" className={formStyles.primary} disabled={isSubmitting}>
              Save and use this address
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
