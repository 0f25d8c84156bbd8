import type { ShippingAddressInput } from '@shop/contract';
import { EMPTY_ADDRESS, type Refusal, refusalOfRejected, ShippingAddressForm } from '@shop/shared/form';
import type { ReactNode } from 'react';
import { useCartDispatch } from '../cart/hooks';
import { saveNewAddress } from './checkoutSlice';

/**
 * The checkout's add-address form (spec 001 §5: every field required, the address up to 500
 * characters with a counter). A saved address is applied to the cart 300 ms later (the slice's
 * saveNewAddress); a refusal shows at its fields, or in a banner that clears after 4 s.
 */
export function AddressForm({ onSaved }: { onSaved: () => void }): ReactNode {
  const dispatch = useCartDispatch();
  const save = async (address: ShippingAddressInput): Promise<Refusal | null> => {
    const result = await dispatch(saveNewAddress(address));
    return saveNewAddress.fulfilled.match(result) ? null : refusalOfRejected(result);
  };

  return (
    <ShippingAddressForm
      initialValues={EMPTY_ADDRESS}
      label="New address"
      submitLabel="Save and use this address"
      primaryLabel="Make this my primary address"
      save={save}
      onSaved={onSaved}
      resetOnSaved
    />
  );
}
