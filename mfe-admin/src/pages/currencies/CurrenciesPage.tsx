import {
  type AdminCurrencyView,
  CURRENCY_SYMBOL_MAX_LENGTH,
  PRICE_CURRENCY,
} from '@shop/contract/schemas/shopSettings';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import { useFocusWhenShown } from '../../app/useFocusWhenShown';
import styles from './currencies.module.css';

export const CURRENCY_TEXTS = {
  title: 'Currencies',
  loading: 'Loading the currencies…',
  hint: `Prices are kept in ${PRICE_CURRENCY}: a rate is how many units of a currency one ${PRICE_CURRENCY} buys, and the shop shows every price converted at it. ${PRICE_CURRENCY}'s rate stays 1. The default is the currency a new shopper sees first.`,
  symbol: 'Symbol',
  rate: `Rate per 1 ${PRICE_CURRENCY}`,
  decimals: 'Decimals',
  position: 'Position in the list (optional)',
  code: 'Code (3 capital letters)',
  save: 'Save',
  makeDefault: 'Make default',
  isDefault: 'default',
  remove: 'Remove',
  confirmRemove: 'Yes, remove',
  keep: 'Keep it',
  addTitle: 'Add a currency',
  add: 'Add currency',
  notANumber: 'Enter the rate, decimals and position as numbers.',
  keptNote: 'The default currency and USD cannot be removed.',
} as const;

export const currencySaved = (code: string) => `Saved: ${code} is shown at its new figures now.`;
export const currencyAdded = (code: string) => `Added: shoppers can choose ${code} now.`;
export const currencyRemoved = (code: string) =>
  `Removed ${code}: carts in it are now in the default currency.`;
export const defaultChosen = (code: string) => `${code} is the default currency now.`;
export const removeQuestion = (code: string, fallback: string) =>
  `Remove ${code}? Carts in ${code} move to ${fallback}.`;

interface CurrencyDraft {
  symbol: string;
  rate: string;
  decimals: string;
  position: string;
}

const draftOf = (currency: AdminCurrencyView): CurrencyDraft => ({
  symbol: currency.symbol,
  rate: String(currency.exchange_rate),
  decimals: String(currency.decimal_places),
  position: String(currency.position),
});

const numberIn = (text: string): number | null => {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : null;
};

/** The body of a draft (no position: the API keeps it, or puts a new one last), or null when a number is missing. */
function bodyOf(draft: CurrencyDraft) {
  const rate = numberIn(draft.rate);
  const decimals = numberIn(draft.decimals);
  const position = numberIn(draft.position);
  if (rate === null || decimals === null || (draft.position.trim() !== '' && position === null)) return null;
  return {
    symbol: draft.symbol.trim(),
    exchange_rate: rate,
    decimal_places: decimals,
    ...(position === null ? {} : { position }),
  };
}

/**
 * /admin/currencies (owners only): every currency with its symbol, rate and decimals (saved one
 * currency at a time), the default chosen, a currency added or removed (not the default, not USD).
 * The storefront reads them on every page it serves, so a change shows on its next page.
 */
export default function CurrenciesPage(): ReactNode {
  useDocumentTitle(CURRENCY_TEXTS.title);
  const loaded = useAdminRead('admin/currencies');
  const answer = shownData(loaded);
  const [note, setNote] = useState<string | null>(null);
  const fallback = answer?.items.find((currency) => currency.is_default)?.code ?? PRICE_CURRENCY;
  return (
    <section aria-labelledby="currencies-title" className={styles.page}>
      <h1 id="currencies-title">{CURRENCY_TEXTS.title}</h1>
      <p className={styles.hint}>{CURRENCY_TEXTS.hint}</p>
      <DoneNote note={note} className={styles.saved} />
      {loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !answer ? (
        <p role="status">{CURRENCY_TEXTS.loading}</p>
      ) : (
        <ul className={styles.list}>
          {answer.items.map((currency) => (
            <li key={currency.code} className={styles.card}>
              <CurrencyForm currency={currency} fallback={fallback} onDone={setNote} />
            </li>
          ))}
        </ul>
      )}
      <AddCurrency onDone={setNote} />
    </section>
  );
}

function CurrencyFields({
  draft,
  onChange,
  rateLocked,
}: {
  draft: CurrencyDraft;
  onChange: (draft: CurrencyDraft) => void;
  rateLocked: boolean;
}): ReactNode {
  const id = useId();
  const field = (key: keyof CurrencyDraft, label: string, props: Record<string, unknown> = {}) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={draft[key]}
        onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
        {...props}
      />
    </div>
  );
  return (
    <>
      {field('symbol', CURRENCY_TEXTS.symbol, { maxLength: CURRENCY_SYMBOL_MAX_LENGTH, autoComplete: 'off' })}
      {field('rate', CURRENCY_TEXTS.rate, { inputMode: 'decimal', readOnly: rateLocked })}
      {field('decimals', CURRENCY_TEXTS.decimals, { type: 'number', min: 0, max: 3 })}
      {field('position', CURRENCY_TEXTS.position, { type: 'number', min: 0 })}
    </>
  );
}

function CurrencyForm({
  currency,
  fallback,
  onDone,
}: {
  currency: AdminCurrencyView;
  fallback: string;
  onDone: (note: string) => void;
}): ReactNode {
  const [draft, setDraft] = useState(() => draftOf(currency));
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [action, run] = useAdminAction();
  const removable = !currency.is_default && currency.code !== PRICE_CURRENCY;
  // The Remove button goes when the question comes: focus moves to its safe answer.
  const keepButton = useFocusWhenShown<HTMLButtonElement>(asking || null);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(draft);
    setProblem(body ? null : CURRENCY_TEXTS.notANumber);
    if (!body) return;
    void run(
      () => adminApi.put('admin/currencies/:code', body, { params: { code: currency.code } }),
      (answer) => {
        setDraft(draftOf(answer.currency));
        onDone(currencySaved(answer.currency.code));
        refreshAdminReads('admin/currencies');
      },
    );
  };
  const makeDefault = () =>
    void run(
      () => adminApi.post('admin/currencies/:code/default', undefined, { params: { code: currency.code } }),
      () => {
        onDone(defaultChosen(currency.code));
        refreshAdminReads('admin/currencies');
      },
    );
  const remove = () =>
    void run(
      () => adminApi.delete('admin/currencies/:code', { params: { code: currency.code } }),
      () => {
        onDone(currencyRemoved(currency.code));
        refreshAdminReads('admin/currencies');
      },
    );

  return (
    <form onSubmit={save} noValidate aria-label={currency.code}>
      <fieldset className={styles.fields}>
        <legend>
          {currency.code}
          {currency.is_default ? <span className={styles.badge}> ({CURRENCY_TEXTS.isDefault})</span> : null}
        </legend>
        <CurrencyFields draft={draft} onChange={setDraft} rateLocked={currency.code === PRICE_CURRENCY} />
      </fieldset>
      <Refusal refusal={problem ?? action.refusal} />
      <div className={styles.actions}>
        <button type="submit" disabled={action.busy}>
          {CURRENCY_TEXTS.save}
        </button>
        {currency.is_default ? null : (
          <button type="button" onClick={makeDefault} disabled={action.busy}>
            {CURRENCY_TEXTS.makeDefault}
          </button>
        )}
        {removable && !asking ? (
          <button type="button" onClick={() => setAsking(true)} disabled={action.busy}>
            {CURRENCY_TEXTS.remove}
          </button>
        ) : null}
      </div>
      {asking ? (
        <fieldset className={styles.confirm}>
          <legend>{removeQuestion(currency.code, fallback)}</legend>
          <div className={styles.actions}>
            <button type="button" onClick={remove} disabled={action.busy}>
              {CURRENCY_TEXTS.confirmRemove}
            </button>
            <button type="button" ref={keepButton} onClick={() => setAsking(false)}>
              {CURRENCY_TEXTS.keep}
            </button>
          </div>
        </fieldset>
      ) : null}
    </form>
  );
}

const EMPTY_DRAFT: CurrencyDraft = { symbol: '', rate: '', decimals: '2', position: '' };

function AddCurrency({ onDone }: { onDone: (note: string) => void }): ReactNode {
  const id = useId();
  const [code, setCode] = useState('');
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const [action, run] = useAdminAction();
  const codeRefusal = action.refusal?.fields.code ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(draft);
    setProblem(body ? null : CURRENCY_TEXTS.notANumber);
    if (!body) return;
    void run(
      () => adminApi.post('admin/currencies', { code: code.trim().toUpperCase(), ...body }),
      (answer) => {
        setCode('');
        setDraft(EMPTY_DRAFT);
        onDone(currencyAdded(answer.currency.code));
        refreshAdminReads('admin/currencies');
      },
    );
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{CURRENCY_TEXTS.addTitle}</h2>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-code`}>{CURRENCY_TEXTS.code}</label>
          <input
            id={`${id}-code`}
            value={code}
            maxLength={3}
            autoComplete="off"
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={codeRefusal ? true : undefined}
          />
        </div>
        <CurrencyFields draft={draft} onChange={setDraft} rateLocked={false} />
      </div>
      <Refusal refusal={problem ?? action.refusal} />
      <button type="submit" disabled={action.busy}>
        {CURRENCY_TEXTS.add}
      </button>
    </form>
  );
}
