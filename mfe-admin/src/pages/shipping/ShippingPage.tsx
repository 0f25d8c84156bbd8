import type { AdminShippingView } from '@shop/contract/schemas/shopSettings';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import styles from './shipping.module.css';

export const SHIPPING_TEXTS = {
  title: 'Shipping',
  loading: 'Loading the shipping fees…',
  hint: 'Fees and the threshold are in USD; the cart shows them in its currency. The shipping and payments pages show these very figures, and checkout charges them from the next cart.',
  fees: 'Fee per delivery country (USD)',
  threshold: 'Free shipping from (USD)',
  thresholdHint:
    'A cart whose products come to at least this much ships free. Leave it empty for no free shipping.',
  save: 'Save',
  saved: 'Saved: checkout charges the new fees now.',
  notANumber: 'Enter every fee and the threshold as an amount in USD, such as 12.50.',
} as const;

const feeLabel = (country: string) => `${country}, fee in USD`;

/** An amount typed in a field, or null when it is not one. */
function amountIn(text: string): number | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : null;
}

/**
 * /admin/shipping (owners only): each delivery country's flat fee and the free-shipping threshold
 * (GET and PUT admin/shipping). Only the fees that changed are sent; an empty threshold is null
 * (no free shipping, whatever the server's FREE_SHIPPING_OVER_USD says).
 */
export default function ShippingPage(): ReactNode {
  useDocumentTitle(SHIPPING_TEXTS.title);
  const loaded = useAdminRead('admin/shipping');
  const shipping = shownData(loaded);
  return (
    <section aria-labelledby="shipping-title" className={styles.page}>
      <h1 id="shipping-title">{SHIPPING_TEXTS.title}</h1>
      <p className={styles.hint}>{SHIPPING_TEXTS.hint}</p>
      {loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !shipping ? (
        <p role="status">{SHIPPING_TEXTS.loading}</p>
      ) : (
        <ShippingForm shipping={shipping} />
      )}
    </section>
  );
}

const textsOf = (shipping: AdminShippingView) => ({
  fees: Object.fromEntries(shipping.fees.map((entry) => [entry.country_id, String(entry.fee)])),
  threshold: shipping.free_shipping_over === null ? '' : String(shipping.free_shipping_over),
});

function ShippingForm({ shipping: initial }: { shipping: AdminShippingView }): ReactNode {
  const id = useId();
  const [shipping, setShipping] = useState(initial);
  const [texts, setTexts] = useState(() => textsOf(initial));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The countries of the last PUT, in its order: the API names a refused fee by its place there.
  const [sent, setSent] = useState<number[]>([]);
  const [action, run] = useAdminAction();
  const feeRefused = (countryId: number) => {
    const place = sent.indexOf(countryId);
    return place >= 0 && Boolean(action.refusal?.fields[`fees.${place}.fee`]);
  };
  const thresholdRefusal = action.refusal?.fields.free_shipping_over ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const fees = shipping.fees.map((entry) => ({
      country_id: entry.country_id,
      fee: amountIn(texts.fees[entry.country_id] ?? ''),
      was: entry.fee,
    }));
    const threshold = texts.threshold.trim() === '' ? null : amountIn(texts.threshold);
    if (fees.some((entry) => entry.fee === null) || (texts.threshold.trim() !== '' && threshold === null)) {
      setProblem(SHIPPING_TEXTS.notANumber);
      return;
    }
    setProblem(null);
    const changed = fees.flatMap((entry) =>
      entry.fee === null || entry.fee === entry.was ? [] : [{ country_id: entry.country_id, fee: entry.fee }],
    );
    setSent(changed.map((entry) => entry.country_id));
    void run(
      () => adminApi.put('admin/shipping', { fees: changed, free_shipping_over: threshold }),
      (answer) => {
        setShipping(answer);
        setTexts(textsOf(answer));
        setSaved(SHIPPING_TEXTS.saved);
        refreshAdminReads('admin/shipping');
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fees}>
        <legend>{SHIPPING_TEXTS.fees}</legend>
        {shipping.fees.map((entry) => (
          <div key={entry.country_id} className={styles.fee}>
            <label htmlFor={`${id}-fee-${entry.country_id}`}>{entry.country}</label>
            <input
              id={`${id}-fee-${entry.country_id}`}
              inputMode="decimal"
              aria-label={feeLabel(entry.country)}
              value={texts.fees[entry.country_id] ?? ''}
              aria-invalid={feeRefused(entry.country_id) || undefined}
              onChange={(event) =>
                setTexts({ ...texts, fees: { ...texts.fees, [entry.country_id]: event.target.value } })
              }
            />
          </div>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-threshold`}>{SHIPPING_TEXTS.threshold}</label>
        <input
          id={`${id}-threshold`}
          inputMode="decimal"
          value={texts.threshold}
          onChange={(event) => setTexts({ ...texts, threshold: event.target.value })}
          aria-invalid={thresholdRefusal ? true : undefined}
          aria-describedby={`${id}-threshold-hint`}
        />
        <p id={`${id}-threshold-hint`} className={styles.hint}>
          {SHIPPING_TEXTS.thresholdHint}
        </p>
      </div>
      <Refusal refusal={problem ?? action.refusal} />
      <button type="submit" disabled={action.busy}>
        {SHIPPING_TEXTS.save}
      </button>
      <DoneNote note={saved} className={styles.saved} />
    </form>
  );
}
