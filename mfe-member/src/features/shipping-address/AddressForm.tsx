import { shippingAddressSchema } from '@shop/contract/validation';
import { ErrorPanel, Skeleton } from '@shop/shared';
import {
  ADDRESS_FEEDBACK_MS,
  AddressFields,
  type AddressValues,
  addressInputOf,
  FormFeedback,
  formStyles,
  isAddressField,
  refusalOfRejected,
  showAtFields,
  useFormFeedback,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import { useMemberDispatch } from '../../app/hooks';
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
  const [feedback, showFeedback] = useFormFeedback(ADDRESS_FEEDBACK_MS);

  if (countries.state === 'failed') return <ErrorPanel onRetry={countries.retry} />;
  if (countries.state === 'loading')
    return <Skeleton shape="lines" count={6} label="Loading the address form" />;

  const save = async (values: AddressValues, helpers: FormikHelpers<AddressValues>) => {
    showFeedback(null);
    const result = await dispatch(saveAddress({ id, address: addressInputOf(values) }));
    if (saveAddress.fulfilled.match(result)) {
      onSaved();
      return;
    }
    const refusal = refusalOfRejected(result);
    if (showAtFields(refusal, isAddressField, helpers.setFieldError)) return;
    showFeedback({ ok: false, message: refusal.message });
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
