import type { ShippingAddressInput } from '@shop/contract';
import { ErrorPanel, Skeleton, useLoaded } from '@shop/shared';
import { EMPTY_ADDRESS, type Refusal, refusalOfRejected, ShippingAddressForm } from '@shop/shared/form';
import type { ReactNode } from 'react';
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
  const countries = useLoaded('cart-checkout:countries', () => checkoutApi.countries(), { maxAgeMs: 0 });

  if (countries.status === 'failed') return <ErrorPanel onRetry={countries.retry} />;
  if (countries.status !== 'ready')
    return <Skeleton shape="lines" count={6} label="Loading the address form" />;

  const save = async (address: ShippingAddressInput): Promise<Refusal | null> => {
    const result = await dispatch(saveNewAddress(address));
    return saveNewAddress.fulfilled.match(result) ? null : refusalOfRejected(result);
  };

  return (
    <ShippingAddressForm
      countries={countries.data.list}
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
