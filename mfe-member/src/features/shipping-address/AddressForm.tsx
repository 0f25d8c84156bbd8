import type { ShippingAddressInput } from '@shop/contract';
import {
  type AddressValues,
  formStyles,
  type Refusal,
  refusalOfRejected,
  ShippingAddressForm,
} from '@shop/shared/form';
import type { ReactNode } from 'react';
import { useMemberDispatch } from '../../app/hooks';
import { PRIMARY_LABEL } from './constants';
import { saveAddress } from './shippingAddressSlice';

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
 * The member area's address form, new or edit (spec 001 §2.6, §5): the shared ShippingAddressForm
 * with a Cancel. A refusal shows at its fields, or in a banner that clears after 4 s (§4).
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
  const save = async (address: ShippingAddressInput): Promise<Refusal | null> => {
    const result = await dispatch(saveAddress({ id, address }));
    return saveAddress.fulfilled.match(result) ? null : refusalOfRejected(result);
  };

  return (
    <ShippingAddressForm
      initialValues={initialValues}
      label={label}
      submitLabel={submitLabel}
      primaryLabel={offerPrimary ? PRIMARY_LABEL : undefined}
      save={save}
      onSaved={onSaved}
    >
      <button type="button" className={formStyles.secondary} onClick={onCancel}>
        Cancel
      </button>
    </ShippingAddressForm>
  );
}
