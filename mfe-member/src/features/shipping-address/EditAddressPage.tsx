import { ErrorPanel, Skeleton, useDocumentTitle, useLoaded } from '@shop/shared';
import { addressValuesOf } from '@shop/shared/form';
import { Link, useNavigate, useParams } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { AddressForm } from './AddressForm';
import { ADDRESS_EDIT_TITLE, ADDRESS_LIST_PATH, ADDRESS_LIST_TITLE, ADDRESS_NOT_FOUND } from './constants';
import type { BackToList } from './ShippingAddressPage';
import styles from './shipping-address.module.css';
import { shippingAddressApi } from './shippingAddressApi';

/** An id the route may carry: a positive whole number, else no address can have it. */
const idOf = (param: string | undefined) => (param && /^[1-9]\d*$/.test(param) ? Number(param) : null);

/**
 * /member/shipping-address/{id} (spec 001 §2.6): the edit form, filled from
 * `buyers-shipping-address/{id}`. A save goes back to the list, which says so; an address that is
 * not the buyer's (404) is 'not found', any other failure the spec's error panel (§8).
 */
export function EditAddressPage(): ReactNode {
  useDocumentTitle(ADDRESS_EDIT_TITLE);
  const id = idOf(useParams().id);
  const navigate = useNavigate();
  const loaded = useLoaded(
    `member:address:${id}`,
    () =>
      id === null
        ? Promise.resolve({ status: false, error: null, httpStatus: 404 } as const)
        : shippingAddressApi.one(id),
    { maxAgeMs: 0 },
  );

  const backToList = (state: BackToList = {}) => navigate(ADDRESS_LIST_PATH, { state });

  return (
    <section aria-labelledby="address-edit-title">
      <h1 id="address-edit-title" className={styles.heading}>
        {ADDRESS_EDIT_TITLE}
      </h1>
      {loaded.status === 'loading' ? <Skeleton shape="lines" count={6} label="Loading the address" /> : null}
      {loaded.status === 'failed' && loaded.httpStatus !== 404 ? <ErrorPanel onRetry={loaded.retry} /> : null}
      {loaded.status === 'failed' && loaded.httpStatus === 404 ? (
        <p role="alert">{ADDRESS_NOT_FOUND}</p>
      ) : null}
      {loaded.status === 'ready' ? (
        <AddressForm
          id={loaded.data.address.id}
          initialValues={addressValuesOf(loaded.data.address)}
          label="Edit address"
          submitLabel="Save changes"
          offerPrimary={!loaded.data.address.is_primary}
          onSaved={() => backToList({ focusHeading: true })}
          onCancel={() => backToList()}
        />
      ) : (
        <p>
          <Link to={ADDRESS_LIST_PATH}>Back to {ADDRESS_LIST_TITLE}</Link>
        </p>
      )}
    </section>
  );
}
