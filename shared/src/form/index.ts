/**
 * The shop's Formik form kit (`@shop/shared/form`): labelled fields that announce their errors,
 * the outcome banner, and the form styles. Not a federation singleton: each remote builds it in
 * with its own Formik, so a remote's forms and fields always share one Formik context.
 */

export {
  AddressFields,
  type AddressFieldsProps,
  type AddressValues,
  addressInputOf,
  addressValuesOf,
  EMPTY_ADDRESS,
  isAddressField,
} from './AddressFields';
export { ADDRESS_FEEDBACK_MS } from './constants';
export {
  FieldError,
  FormFeedback,
  type FormOutcome,
  SelectField,
  TextAreaField,
  TextField,
  useFieldError,
} from './Field';
export { FormActions } from './FormActions';
export { default as formStyles } from './form.module.css';
export { type Failure, type Refusal, refusalOf, refusalOfRejected, showAtFields } from './refusal';
export { ShippingAddressForm, type ShippingAddressFormProps } from './ShippingAddressForm';
export { useFormFeedback } from './useFormFeedback';
