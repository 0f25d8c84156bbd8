import { shippingAddressSchema } from '@shop/contract/validation';
import { ACTION_FAILED_MESSAGE, ErrorPanel, Skeleton, useTimeouts } from '@shop/shared';
import {
  AddressFields,
  type AddressValues,
  addressInputOf,
  FormFeedback,
  type FormOutcome,
  formStyles,
  isAddressField,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useState } from 'react';
import { useMemberDispatch } from '../../app/hooks';
import { ADDRESS_FEEDBACK_MS } from '../../constants';
import { PRIMARY_LABEL } from './constants';
import { saveAddress } from './shippingAddressSlice';
import { useCountries } from './useCountries';

interface AddressFormProps {
  /** null: a new address. */
  id: number | null;
  initialValues: AddressValues;
  /** The form's accessible name ('New address', 'Edit address'). */
  label: string;
  submitLabel: string;
  /** Whether to offer 'Make this my primary address' (not for the primary itself: false never clears it). */
  offerPrimary: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The member area's address form, new or edit (spec 001 §2.6, §5): the shop's AddressFields under
 * the shared schema. A refusal shows at its fields, or in a banner that clears after 4 s (§4).
 */
export function AddressForm({
  id,
  initialValues,
  label,
  submitLabel,
  offerPrimary,
  onSaved,
  onCancel,
}: AddressFormProps): ReactNode {
  const dispatch = useMemberDispatch();
  const countries = useCountries();
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  const later = useTimeouts();

  if (countries.state === 'failed') return <ErrorPanel onRetry={countries.retry} />;
  if (countries.state === 'loading')
    return <Skeleton shape="lines" count={6} label="Loading the address form" />;

  const save = async (values: AddressValues, helpers: FormikHelpers<AddressValues>) => {
    setFeedback(null);
    const result = await dispatch(saveAddress({ id, address: addressInputOf(values) }));
    if (saveAddress.fulfilled.match(result)) {
      onSaved();
      return;
    }
    const refusal = result.payload ?? { message: result.error.message ?? ACTION_FAILED_MESSAGE, fields: {} };
    const atFields = Object.entries(refusal.fields).filter(([name]) => isAddressField(name));
    for (const [name, message] of atFields) helpers.setFieldError(name, message);
    if (atFields.length > 0) return;
    const failure = { ok: false, message: refusal.message };
    setFeedback(failure);
    later(() => setFeedback((shown) => (shown === failure ? null : shown)), ADDRESS_FEEDBACK_MS);
  };

  return (
    <Formik initialValues={initialValues} validationSchema={shippingAddressSchema} onSubmit={save}>
      {({ isSubmitting }) => (
        <Form className={formStyles.form} noValidate aria-label={label}>
          <AddressFields countries={countries.list} primaryLabel={offerPrimary ? PRIMARY_LABEL : undefined} />
          <FormFeedback feedback={feedback} />
          <div className={formStyles.actions}>
            <button type="submit" className={formStyles.primary} disabled={isSubmitting}>
              {submitLabel}
            </button>
            <button type="button" className={formStyles.secondary} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
