import { shippingAddressSchema } from '@shop/contract/validation';
import { ErrorPanel, Skeleton } from '@shop/shared';
import {
  ADDRESS_FEEDBACK_MS,
  AddressFields,
  type AddressValues,
  addressInputOf,
  EMPTY_ADDRESS,
  FormFeedback,
  formStyles,
  isAddressField,
  refusalOfRejected,
  showAtFields,
  useFormFeedback,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import { useApiData } from '../../app/useApiData';
import { useCartDispatch } from '../cart/hooks';
import { checkoutApi } from './checkoutApi';
import { saveNewAddress } from './checkoutSlice';

/**
 * The checkout's add-address form (spec 001 §5: every field required, the address up to 500
 * characters with a counter). A saved address is applied to the cart 300 ms later (the slice's
 * saveNewAddress); a refusal shows at its fields, or in a banner that clears after 4 s.
 */
export function AddressForm({ onSaved }: { onSaved: () => void }): ReactNode {
  const dispatch = useCartDispatch();
  const countries = useApiData('countries', checkoutApi.countries);
  // Spec 001 §4: "Address update and error flags clear after 4 s".
  const [feedback, showFeedback] = useFormFeedback(ADDRESS_FEEDBACK_MS);

  if (countries.state === 'failed') return <ErrorPanel onRetry={countries.retry} />;
  if (countries.state !== 'loaded')
    return <Skeleton shape="lines" count={6} label="Loading the address form" />;

  const save = async (values: AddressValues, helpers: FormikHelpers<AddressValues>) => {
    showFeedback(null);
    const result = await dispatch(saveNewAddress(addressInputOf(values)));
    if (saveNewAddress.fulfilled.match(result)) {
      helpers.resetForm();
      onSaved();
      return;
    }
    const refusal = refusalOfRejected(result);
    if (showAtFields(refusal, isAddressField, helpers.setFieldError)) return;
    showFeedback({ ok: false, message: refusal.message });
  };

  return (
    <Formik initialValues={EMPTY_ADDRESS} validationSchema={shippingAddressSchema} onSubmit={save}>
      {({ isSubmitting }) => (
        <Form className={formStyles.form} noValidate aria-label="New address">
          <AddressFields countries={countries.data.list} primaryLabel="Make this my primary address" />
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
