import { ErrorPanel, type ShippingAddress, Skeleton, useTimeouts } from '@shop/shared';
import { ADDRESS_FEEDBACK_MS } from '@shop/shared/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useCartDispatch } from '../cart/hooks';
import { AddressForm } from './AddressForm';
import styles from './checkout.module.css';
import { chooseShippingAddress, fetchAddresses, selectChosenAddressId } from './checkoutSlice';
import { ADDRESS_SAVED } from './constants';
import { useCheckoutSelector } from './hooks';

/**
 * The shippingAddress tab (spec 001 §2.6): the saved addresses to choose from, and a form to add
 * one. Choosing applies the address to the cart at once (cart/add-shipping-address).
 */
export function ShippingAddressTab({ onContinue }: { onContinue: () => void }): ReactNode {
  const dispatch = useCartDispatch();
  const { addresses, addressesStatus, addressError } = useCheckoutSelector((state) => state.checkout);
  const chosenId = useCheckoutSelector(selectChosenAddressId);
  const [adding, setAdding] = useState(false);
  const formOpen = adding || addresses?.length === 0;
  const [saved, setSaved] = useState(0);
  const savedNotice = useRef<HTMLParagraphElement>(null);
  const saves = useRef(0);
  const later = useTimeouts();
  // The form (and its Save button) is gone after a save: focus goes to what the save did.
  useEffect(() => {
    if (saved) savedNotice.current?.focus();
  }, [saved]);
  const onSaved = () => {
    setAdding(false);
    const shown = ++saves.current;
    setSaved(shown);
    // Spec 001 §4: "Address update and error flags clear after 4 s".
    later(() => setSaved((current) => (current === shown ? 0 : current)), ADDRESS_FEEDBACK_MS);
  };

  return (
    <>
      {addresses === null ? (
        addressesStatus === 'failed' ? (
          <ErrorPanel onRetry={() => void dispatch(fetchAddresses({ retry: true }))} />
        ) : (
          <Skeleton shape="rows" count={2} label="Loading your addresses" />
        )
      ) : addresses.length > 0 ? (
        <fieldset className={styles.choices}>
          <legend>Ship to one of your addresses</legend>
          {addresses.map((address) => (
            <label key={address.id} className={styles.choice}>
              <input
                type="radio"
                name="shipping-address"
                value={address.id}
                checked={chosenId === address.id}
                onChange={() => dispatch(chooseShippingAddress(address.id))}
              />
              <AddressText address={address} />
            </label>
          ))}
        </fieldset>
      ) : null}
      {addressError ? (
        <p role="alert" className={styles.error}>
          {addressError.message}
        </p>
      ) : null}

      {addresses !== null && addresses.length > 0 ? (
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={formOpen}
          aria-controls={formOpen ? 'new-address-form' : undefined}
          onClick={() => setAdding(!adding)}
        >
          Add a new address
        </button>
      ) : null}
      {saved ? (
        <p ref={savedNotice} role="status" tabIndex={-1} className={styles.success}>
          {ADDRESS_SAVED}
        </p>
      ) : null}
      {/* Without saved addresses the form is simply there; after a save it closes. */}
      {formOpen && addresses !== null ? (
        <div id="new-address-form" className={styles.addressForm}>
          <h3>New address</h3>
          <AddressForm onSaved={onSaved} />
        </div>
      ) : null}

      <div className={styles.panelActions}>
        <button type="button" className={styles.primaryButton} onClick={onContinue}>
          Continue to Payment Method
        </button>
      </div>
    </>
  );
}

function AddressText({ address }: { address: ShippingAddress }): ReactNode {
  return (
    <span className={styles.address}>
      <strong>
        {address.first_name} {address.last_name}
      </strong>
      {address.is_primary ? <span className={styles.badge}>Primary</span> : null}
      <span>{address.address}</span>
      <span>
        {address.city}, {address.country}
      </span>
      <span>
        {address.mobile} · {address.email}
      </span>
    </span>
  );
}
