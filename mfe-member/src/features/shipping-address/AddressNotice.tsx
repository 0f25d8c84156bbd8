import type { ReactNode } from 'react';
import { useMemberSelector } from '../../app/hooks';
import styles from './shipping-address.module.css';

/**
 * What the last save or action did; the slice clears it after 4 s (spec 001 §4). The status
 * region stays in the page so a success is announced when its text arrives; a failure is an alert.
 */
export function AddressNotice(): ReactNode {
  const notice = useMemberSelector((state) => state.shippingAddress.notice);
  return (
    <>
      <div role="status" className={notice?.ok ? styles.success : undefined}>
        {notice?.ok ? notice.message : null}
      </div>
      {notice && !notice.ok ? (
        <p role="alert" className={styles.alert}>
          {notice.message}
        </p>
      ) : null}
    </>
  );
}
