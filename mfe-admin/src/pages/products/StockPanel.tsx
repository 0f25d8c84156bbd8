import type { StockChange, StockLogEntry } from '@shop/contract/schemas/adminStock';
import { ErrorPanel, shownData } from '@shop/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { formatAdminTime } from '../../app/formatAdminTime';
import { Pager } from '../../app/Pager';
import { REASON_MAX_LENGTH, REASON_MISSING } from '../../app/ReasonForm';
import { Refusal } from '../../app/Refusal';
import styles from './StockPanel.module.css';

export const STOCK_TEXTS = {
  title: 'Stock',
  inStock: (count: number) => (count === 1 ? '1 piece in stock' : `${count} pieces in stock`),
  waiting: (count: number) =>
    count === 0
      ? 'Nobody is waiting for a back-in-stock e-mail.'
      : count === 1
        ? '1 shopper is waiting for a back-in-stock e-mail.'
        : `${count} shoppers are waiting for a back-in-stock e-mail.`,
  how: 'Change',
  set: 'Set the stock to',
  move: 'Add or take pieces',
  quantity: 'New stock',
  delta: 'Pieces to add (a minus takes them away, e.g. -3)',
  reason: 'Reason (kept in the stock log)',
  save: 'Save the stock',
  notANumber: 'Write a whole number.',
  negative: 'The stock cannot go below 0.',
  done: (change: StockChange) =>
    `The stock is ${change.after} (it was ${change.before}).` +
    (change.notified > 0
      ? ` ${change.notified === 1 ? '1 back-in-stock e-mail is' : `${change.notified} back-in-stock e-mails are`} on its way.`
      : ''),
  logTitle: 'Stock log',
  noLog: 'No change of stock yet.',
  when: 'When',
  change: 'Change',
  why: 'Reason',
  who: 'By',
  loading: 'Loading the stock…',
  pages: 'Stock log pages',
} as const;

/** What made a change of the log, in the shop's words (beside the admin's e-mail, when an admin did). */
const WHO: Record<StockLogEntry['source'], string> = {
  admin: '',
  import: 'CSV import',
  checkout: 'An order',
  cancel: 'A canceled order',
};

type Mode = 'set' | 'move';

/**
 * A product's stock in its editor: the figure and the waiting notify-me requests, a change with a
 * reason (set or move; both kept in the stock log and the audit log), and the log, newest first.
 * A product brought back from 0 mails its waiting shoppers: the note after saving says how many.
 */
export function StockPanel({ product }: { product: { id: number } }): ReactNode {
  const id = useId();
  const [page, setPage] = useState(1);
  const log = useAdminRead('admin/products/:id/stock-log', { params: { id: product.id }, query: { page } });
  const [mode, setMode] = useState<Mode>('move');
  const [figure, setFigure] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ figure?: string; reason?: string }>({});
  const [note, setNote] = useState<string | null>(null);
  const [action, run] = useAdminAction();

  if (log.status === 'failed') return <ErrorPanel onRetry={log.retry} />;
  const shown = shownData(log);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    const number = /^[-+]?\d{1,10}$/.test(figure.trim()) ? Number(figure.trim()) : Number.NaN;
    const found = {
      figure: Number.isSafeInteger(number)
        ? mode === 'set' && number < 0
          ? STOCK_TEXTS.negative
          : undefined
        : STOCK_TEXTS.notANumber,
      reason: reason.trim() ? undefined : REASON_MISSING,
    };
    setProblems(found);
    if (found.figure || found.reason) return;
    const body =
      mode === 'set' ? { quantity: number, reason: reason.trim() } : { delta: number, reason: reason.trim() };
    void run(
      () => adminApi.post('admin/products/:id/stock', body, { params: { id: product.id } }),
      (answer) => {
        setNote(STOCK_TEXTS.done(answer.stock));
        setFigure('');
        setReason('');
        setPage(1);
        refreshAdminReads(`admin/products/${product.id}`);
        refreshAdminReads('admin/products?');
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`}>{STOCK_TEXTS.title}</h2>
      {shown ? (
        <>
          <p className={styles.figure}>{STOCK_TEXTS.inStock(shown.product.stock_quantity)}</p>
          <p>{STOCK_TEXTS.waiting(shown.product.waiting)}</p>
        </>
      ) : (
        <p role="status">{STOCK_TEXTS.loading}</p>
      )}
      <DoneNote note={note} />
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <fieldset className={styles.modes}>
          <legend>{STOCK_TEXTS.how}</legend>
          {(['move', 'set'] as const).map((choice) => (
            <div key={choice}>
              <input
                id={`${id}-${choice}`}
                type="radio"
                name={`${id}-mode`}
                checked={mode === choice}
                onChange={() => setMode(choice)}
              />
              <label htmlFor={`${id}-${choice}`}>
                {choice === 'set' ? STOCK_TEXTS.set : STOCK_TEXTS.move}
              </label>
            </div>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-figure`}>{mode === 'set' ? STOCK_TEXTS.quantity : STOCK_TEXTS.delta}</label>
          <input
            id={`${id}-figure`}
            inputMode="numeric"
            value={figure}
            onChange={(event) => setFigure(event.target.value)}
            aria-invalid={problems.figure ? true : undefined}
            aria-describedby={problems.figure ? `${id}-figure-problem` : undefined}
          />
          <Refusal refusal={problems.figure} id={`${id}-figure-problem`} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-reason`}>{STOCK_TEXTS.reason}</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={problems.reason ? true : undefined}
            aria-describedby={problems.reason ? `${id}-reason-problem` : undefined}
          />
          <Refusal refusal={problems.reason} id={`${id}-reason-problem`} />
        </div>
        <Refusal refusal={action.refusal} />
        <button type="submit" disabled={action.busy}>
          {STOCK_TEXTS.save}
        </button>
      </form>
      <h3>{STOCK_TEXTS.logTitle}</h3>
      {shown && shown.items.length === 0 ? <p>{STOCK_TEXTS.noLog}</p> : null}
      {shown && shown.items.length > 0 ? (
        <div className={styles.tableBox}>
          <table className={styles.log}>
            <thead>
              <tr>
                <th scope="col">{STOCK_TEXTS.when}</th>
                <th scope="col">{STOCK_TEXTS.change}</th>
                <th scope="col">{STOCK_TEXTS.why}</th>
                <th scope="col">{STOCK_TEXTS.who}</th>
              </tr>
            </thead>
            <tbody>
              {shown.items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatAdminTime(entry.created_at)}</td>
                  <td>
                    {entry.before} → {entry.after}
                  </td>
                  <td>{entry.reason}</td>
                  <td>{[entry.admin_email, WHO[entry.source]].filter(Boolean).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {shown ? <Pager meta={shown._meta} label={STOCK_TEXTS.pages} onPage={setPage} /> : null}
    </section>
  );
}
