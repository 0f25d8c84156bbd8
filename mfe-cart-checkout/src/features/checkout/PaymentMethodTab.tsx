import { PAYMENT_METHODS } from '@shop/contract/validation';
import { ErrorPanel, PayeeFacts, type PaymentDetails, Skeleton, useLoaded } from '@shop/shared';
import type { ReactNode } from 'react';
import { useCartDispatch } from '../cart/hooks';
import styles from './checkout.module.css';
import { checkoutApi } from './checkoutApi';
import { choosePaymentMethod, selectChosenMethod } from './checkoutSlice';
import { useCheckoutSelector } from './hooks';

/**
 * The paymentMethod tab (spec 001 §2.3): the two methods offered; for Money Exchange Transfer the
 * person to send the money to. Details show only for the method that needs them: nothing for Cash
 * On Delivery, the payee for a transfer. The Bank Transfer details belong to Bank Transfer, which is
 * displayed, never chosen (spec 001 §1, §9), so checkout has no place for them. When
 * money-transfer-details fails, the payee part shows the error panel (spec 001 §8).
 */
export function PaymentMethodTab(): ReactNode {
  const dispatch = useCartDispatch();
  const chosen = useCheckoutSelector(selectChosenMethod);
  const methodError = useCheckoutSelector((state) => state.checkout.methodError);
  const transfer = chosen === 'Money Exchange Transfer';
  const details = useLoaded(
    transfer ? 'cart-checkout:money-transfer-details' : null,
    () => checkoutApi.paymentDetails(),
    { maxAgeMs: 0 },
  );

  return (
    <>
      <fieldset className={styles.choices}>
        <legend>How would you like to pay?</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className={styles.choice}>
            <input
              type="radio"
              name="payment-method"
              value={method}
              checked={chosen === method}
              onChange={() => dispatch(choosePaymentMethod(method))}
            />
            {method}
          </label>
        ))}
      </fieldset>
      {methodError ? (
        <p role="alert" className={styles.error}>
          {methodError.message}
        </p>
      ) : null}
      {!transfer ? null : details.status === 'failed' ? (
        <ErrorPanel onRetry={details.retry} />
      ) : details.status === 'ready' ? (
        <Payee payee={details.data.personal} />
      ) : (
        <Skeleton shape="lines" label="Loading the payee" />
      )}
    </>
  );
}

/** Whom a Money Exchange Transfer goes to. */
export function Payee({ payee }: { payee: PaymentDetails['personal'] }): ReactNode {
  return (
    <section className={styles.details} aria-labelledby="money-transfer-title">
      <h3 id="money-transfer-title">Send the money to</h3>
      <PayeeFacts payee={payee} nameLabel="Name" className={styles.facts} />
    </section>
  );
}
