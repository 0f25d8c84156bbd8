import type { ShippingAddressInput } from '@shop/contract';
import { shippingAddressSchema } from '@shop/contract/validation';
// The page's singleton (its data cache and UI), not a copy built into this non-shared kit.
import { ErrorPanel, Skeleton, useCountries } from '@shop/shared';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import {
  AddressFields,
  type AddressFieldsProps,
  type AddressValues,
  addressInputOf,
  isAddressField,
} from './AddressFields';
import { ADDRESS_FEEDBACK_MS } from './constants';
import { FormActions } from './FormActions';
import styles from './form.module.css';
import { type Refusal, showAtFields } from './refusal';
import { useFormFeedback } from './useFormFeedback';

export interface ShippingAddressFormProps {
  initialValues: AddressValues;
  /** The form's accessible name ('New address', 'Edit address'). */
  label: string;
  submitLabel: string;
  /** The label of the 'primary address' checkbox; without it the checkbox is not offered. */
  primaryLabel?: string;
  /** Saves the address: resolves to null once saved, else to the refusal to show. */
  save: (address: ShippingAddressInput) => Promise<Refusal | null>;
  /** Runs after a save (once the form is reset, with `resetOnSaved`). */
  onSaved: () => void;
  resetOnSaved?: boolean;
  /** Buttons after the submit button (a Cancel). */
  children?: ReactNode;
}

/**
 * A shipping address form, new or edit (spec 001 §5), for the checkout and the member area: the
 * shop's AddressFields under the shared schema. A refusal shows at its fields, or in a banner that
 * clears after 4 s (spec 001 §4: "Address update and error flags clear after 4 s"). It reads the
 * countries to choose from itself: grey lines while they load, the error panel with Retry if they
 * cannot be read.
 */
export function ShippingAddressForm(props: ShippingAddressFormProps): ReactNode {
  const countries = useCountries();
  if (countries.status === 'failed') return <ErrorPanel onRetry={countries.retry} />;
  if (countries.status !== 'ready')
    return <Skeleton shape="lines" count={6} label="Loading the address form" />;
  return <AddressForm {...props} countries={countries.data.list} />;
}

function AddressForm({
  countries,
  initialValues,
  label,
  submitLabel,
  primaryLabel,
  save,
  onSaved,
  resetOnSaved = false,
  children,
}: ShippingAddressFormProps & { countries: AddressFieldsProps['countries'] }): ReactNode {
  const [feedback, showFeedback] = useFormFeedback(ADDRESS_FEEDBACK_MS);

  const submit = async (values: AddressValues, helpers: FormikHelpers<AddressValues>) => {
    showFeedback(null);
    const refusal = await save(addressInputOf(values));
    if (refusal === null) {
      if (resetOnSaved) helpers.resetForm();
      onSaved();
      return;
    }
    if (showAtFields(refusal, isAddressField, helpers.setFieldError)) return;
    showFeedback({ ok: false, message: refusal.message });
  };

  return (
    <Formik initialValues={initialValues} validationSchema={shippingAddressSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form className={styles.form} noValidate aria-label={label}>
          <AddressFields countries={countries} primaryLabel={primaryLabel} />
          <FormActions feedback={feedback} submitLabel={submitLabel} disabled={isSubmitting}>
            {children}
          </FormActions>
        </Form>
      )}
    </Formik>
  );
}
