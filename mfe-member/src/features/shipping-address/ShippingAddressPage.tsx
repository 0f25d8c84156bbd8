import { ErrorPanel, type ShippingAddress, Skeleton, useDocumentTitle } from '@shop/shared';
import { Dialog } from '@shop/shared/dialog';
import { EMPTY_ADDRESS, formStyles } from '@shop/shared/form';
import { Link, useLocation } from '@shop/shared/router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useMemberDispatch, useMemberSelector } from '../../app/hooks';
import { AddressForm } from './AddressForm';
import { AddressNotice } from './AddressNotice';
import { ADDRESS_LIST_TITLE, addressEditPath, NO_ADDRESSES } from './constants';
import styles from './shipping-address.module.css';
import { deleteAddress, loadAddresses, makePrimary } from './shippingAddressSlice';

/** Router state of a page that sends the member back here after a save: focus the heading. */
export interface BackToList {
  focusHeading?: boolean;
}

/**
 * /member/shipping-address (spec 001 §2.6): the buyer's addresses with make-primary, edit and
 * delete (after a confirmation), and the add form on the page. After an action whose button is
 * gone (the form closed, the row deleted, 'Make primary' on the new primary), focus goes to the
 * heading; the notice above the list says what happened.
 */
export function ShippingAddressPage(): ReactNode {
  useDocumentTitle(ADDRESS_LIST_TITLE);
  const dispatch = useMemberDispatch();
  const { items, status } = useMemberSelector((state) => state.shippingAddress);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<ShippingAddress | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const focusHeading = () => heading.current?.focus();

  useEffect(() => {
    void dispatch(loadAddresses());
  }, [dispatch]);
  useEffect(() => {
    if ((location.state as BackToList | null)?.focusHeading) heading.current?.focus();
  }, [location.state]);

  const act = async (id: number, action: typeof makePrimary) => {
    setBusyId(id);
    const result = await dispatch(action(id));
    setBusyId(null);
    if (action.fulfilled.match(result)) focusHeading();
  };

  return (
    <section aria-labelledby="address-list-title">
      <h1 id="address-list-title" ref={heading} tabIndex={-1} className={styles.heading}>
        {ADDRESS_LIST_TITLE}
      </h1>
      <AddressNotice />

      {items === null ? (
        status === 'failed' ? (
          <ErrorPanel onRetry={() => void dispatch(loadAddresses({ retry: true }))} />
        ) : (
          <Skeleton shape="rows" label="Loading your addresses" />
        )
      ) : items.length === 0 ? (
        <p>{NO_ADDRESSES}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="address-list-title">
          {items.map((address) => (
            <li key={address.id} className={styles.card}>
              <AddressText address={address} />
              <div className={styles.actions}>
                {address.is_primary ? null : (
                  <button
                    type="button"
                    className={formStyles.link}
                    disabled={busyId === address.id}
                    onClick={() => act(address.id, makePrimary)}
                  >
                    Make primary<span className={styles.hidden}> {nameOf(address)}</span>
                  </button>
                )}
                <Link to={addressEditPath(address.id)} className={styles.action}>
                  Edit<span className={styles.hidden}> {nameOf(address)}</span>
                </Link>
                <button
                  type="button"
                  className={formStyles.link}
                  aria-haspopup="dialog"
                  disabled={busyId === address.id}
                  onClick={() => setConfirming(address)}
                >
                  Delete<span className={styles.hidden}> {nameOf(address)}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {items !== null ? (
        <button
          type="button"
          className={formStyles.secondary}
          aria-expanded={adding}
          aria-controls={adding ? 'new-address-form' : undefined}
          onClick={() => setAdding(!adding)}
        >
          Add a new address
        </button>
      ) : null}
      {adding ? (
        <div id="new-address-form" className={styles.formBox}>
          <h2>New address</h2>
          <AddressForm
            id={null}
            initialValues={EMPTY_ADDRESS}
            label="New address"
            submitLabel="Save address"
            offerPrimary
            onSaved={() => {
              setAdding(false);
              focusHeading();
            }}
            onCancel={() => setAdding(false)}
          />
        </div>
      ) : null}

      {confirming ? (
        <Dialog title="Delete this address?" onClose={() => setConfirming(null)}>
          <AddressText address={confirming} />
          <div className={formStyles.actions}>
            <button
              type="button"
              className={formStyles.primary}
              onClick={() => {
                const { id } = confirming;
                setConfirming(null);
                void act(id, deleteAddress);
              }}
            >
              Yes, delete it
            </button>
            <button type="button" className={formStyles.secondary} onClick={() => setConfirming(null)}>
              Keep it
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

/** Tells same-named buttons apart for screen readers ('Delete Omar Khan, Dubai'). */
const nameOf = (address: ShippingAddress) => `${address.first_name} ${address.last_name}, ${address.city}`;

function AddressText({ address }: { address: ShippingAddress }): ReactNode {
  return (
    <div className={styles.address}>
      <p className={styles.name}>
        <strong>
          {address.first_name} {address.last_name}
        </strong>
        {address.is_primary ? <span className={styles.badge}>Primary</span> : null}
      </p>
      <p>{address.address}</p>
      <p>
        {address.city}, {address.country}
      </p>
      <p>{address.mobile}</p>
    </div>
  );
}
