import type { PaymentDetails } from '@shop/shared';
import { PAYMENT_METHODS } from '@shop/shared/validation';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../app/LoadFailed';
import { useApiData } from '../../app/useApiData';
import { useCartDispatch } from '../cart/hooks';
import styles from './checkout.module.css';
import { checkoutApi } from './checkoutApi';
import { choosePaymentMethod, selectChosenMethod } from './checkoutSlice';
import { useCheckoutSelector } from './hooks';

/**
 * The paymentMethod tab (spec 001 §2.3): the two methods offered; for Money Exchange Transfer the
 * person to send the money to. The Bank Transfer details are displayed, never chosen (spec 001 §1,
 * §9). When money-transfer-details fails, the details part shows the error panel (spec 001 §8).
 */
export function PaymentMethodTab(): ReactNode {
  const dispatch = useCartDispatch();
  const chosen = useCheckoutSelector(selectChosenMethod);
  const methodError = useCheckoutSelector((state) => state.checkout.methodError);
  const details = useApiData('money-transfer-details', checkoutApi.paymentDetails);

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
      {details.state === 'failed' ? (
        <LoadFailed />
      ) : details.state === 'loaded' ? (
        <TransferDetails details={details.data} showPerson={chosen === 'Money Exchange Transfer'} />
      ) : (
        <p aria-busy="true">Loading…</p>
      )}
    </>
  );
}

function TransferDetails({
  details,
  showPerson,
}: {
  details: PaymentDetails;
  showPerson: boolean;
}): ReactNode {
  const { personal, bank } = details;
  return (
    <>
      {showPerson ? (
        <section className={styles.details} aria-labelledby="money-transfer-title">
          <h3 id="money-transfer-title">Send the money to</h3>
          <dl className={styles.facts}>
            <div>
              <dt>Name</dt>
              <dd>{personal.personName}</dd>
            </div>
            <div>
              <dt>Phone number</dt>
              <dd>{personal.personPhoneNumber}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <section className={styles.details} aria-labelledby="bank-transfer-title">
        <h3 id="bank-transfer-title">Bank Transfer</h3>
        <dl className={styles.facts}>
          <div>
            <dt>Account title</dt>
            <dd>{bank.accountTitle}</dd>
          </div>
          <div>
            <dt>Bank name</dt>
            <dd>{bank.bankName}</dd>
          </div>
          <div>
            <dt>Account number</dt>
            <dd>{bank.accountNumber}</dd>
          </div>
          <div>
            <dt>IBAN</dt>
            <dd>{bank.ibanNumber}</dd>
          </div>
          <div>
            <dt>Swift code</dt>
            <dd>{bank.swiftCode}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
