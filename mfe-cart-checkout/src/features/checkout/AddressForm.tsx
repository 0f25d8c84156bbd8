import { shippingAddressSchema } from '@shop/contract/validation';
import { ErrorPanel, Skeleton, useTimeouts } from '@shop/shared';
import {
  AddressFields,
  type AddressValues,
  addressInputOf,
  EMPTY_ADDRESS,
  FormFeedback,
  type FormOutcome,
  formStyles,
  isAddressField,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useState } from 'react';
import { useApiData } from '../../app/useApiData';
import { GENERIC_ACTION_ERROR } from '../../constants';
import { useCartDispatch } from '../cart/hooks';
import { checkoutApi } from './checkoutApi';
import { saveNewAddress } from './checkoutSlice';
import { ADDRESS_FEEDBACK_MS } from './constants';

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

  if (countries.state === 'failed') return <ErrorPanel onRetry={countries.retry} />;
  if (countries.state !== 'loaded')
    return <Skeleton shape="lines" count={6} label="Loading the address form" />;

  const save = async (values: AddressValues, helpers: FormikHelpers<AddressValues>) => {
    setFeedback(null);
    const result = await dispatch(saveNewAddress(addressInputOf(values)));
    if (saveNewAddress.fulfilled.match(result)) {
      helpers.resetForm();
      onSaved();
      return;
    }
    const refusal = result.payload ?? { message: result.error.message ?? GENERIC_ACTION_ERROR, fields: {} };
    const atFields = Object.entries(refusal.fields).filter(([name]) => isAddressField(name));
    for (const [name, message] of atFields) helpers.setFieldError(name, message);
    if (atFields.length > 0) return;
    const failure = { ok: false, message: refusal.message };
    setFeedback(failure);
    // Spec 001 §4: "Address update and error flags clear after 4 s".
    later(() => setFeedback((shown) => (shown === failure ? null : shown)), ADDRESS_FEEDBACK_MS);
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
