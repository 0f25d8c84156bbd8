import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { adminApi, refreshAdminReads } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { ReasonForm } from '../../app/ReasonForm';
import { Refusal } from '../../app/Refusal';
import type { AdminRole } from '../../session/adminSession';
import styles from './OrderDetail.module.css';
import {
  canMarkPaid,
  dispatchNeedsPayment,
  markPaidNeedsReason,
  movesOf,
  type OrderMove,
} from './orderMoves';
import type { ShippingOrder } from './orderParts';

const MOVE_LABELS: Record<OrderMove, string> = {
  Dispatch: 'Dispatch',
  Delivered: 'Mark delivered',
  Cancel: 'Cancel order',
};

const DONE_NOTES: Record<OrderMove, string> = {
  Dispatch: 'The order is dispatched.',
  Delivered: 'The order is marked delivered.',
  Cancel: 'The order is canceled; its stock is back on sale.',
};

export const ACTION_TEXTS = {
  title: 'Actions',
  cancelConfirm: 'Cancel this order? Its stock goes back on sale.',
  cancelYes: 'Yes, cancel the order',
  cancelNo: 'Keep the order',
  overrideReason: 'Reason to dispatch before the payment is received',
  overrideSubmit: 'Dispatch anyway',
  markPaid: 'Mark payment received',
  paidReason: 'Reason, such as the bank reference',
  ownersOnlyPaid: 'Only an owner can mark a transfer paid without a confirmed proof.',
  ownersOnlyDispatch: 'Only an owner can dispatch it before the payment is received.',
} as const;

/** After any change: this order and the queue are read again. */
const refresh = () => refreshAdminReads('admin/orders');

/**
 * The order's status moves and "payment received", with the API's guards: its refusals are shown
 * as it words them; a transfer order refused Dispatch (409 PAYMENT_NOT_RECEIVED) offers an owner
 * the override with a written reason.
 */
export function OrderActions({ order, role }: { order: ShippingOrder; role: AdminRole }): ReactNode {
  const [action, run] = useAdminAction();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [overriding, setOverriding] = useState(false);
  // What the last move did (DoneNote: announced and focused).
  const [done, setDone] = useState<string | null>(null);
  // The cancel question takes focus (on its safe answer, "Keep the order"); keeping the order
  // gives focus back to "Cancel order", so it never drops to the page's body.
  const cancelButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmCancel) keepButton.current?.focus();
  }, [confirmCancel]);
  const keepOrder = () => {
    setConfirmCancel(false);
    cancelButton.current?.focus();
  };
  const id = useId();

  const move = (orderStatus: OrderMove, reason?: string) => {
    setDone(null);
    return run(
      () =>
        adminApi.post(
          'admin/orders/:id/status',
          { order_status: orderStatus, ...(reason ? { reason } : {}) },
          { params: { id: order.id } },
        ),
      () => {
        setConfirmCancel(false);
        setOverriding(false);
        setDone(DONE_NOTES[orderStatus]);
        refresh();
      },
    );
  };

  const refusedForPayment = action.code === 'PAYMENT_NOT_RECEIVED';
  const moves = movesOf(order);

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`}>{ACTION_TEXTS.title}</h2>
      {moves.length === 0 && !canMarkPaid(order) ? (
        <p>No further moves: the order is {order.order_status}.</p>
      ) : null}
      <div className={styles.buttons}>
        {moves.map((name) => (
          <button
            key={name}
            ref={name === 'Cancel' ? cancelButton : undefined}
            type="button"
            aria-expanded={name === 'Cancel' ? confirmCancel : undefined}
            disabled={action.busy}
            onClick={() => (name === 'Cancel' ? setConfirmCancel(true) : void move(name))}
          >
            {MOVE_LABELS[name]}
          </button>
        ))}
      </div>
      {confirmCancel ? (
        <fieldset className={styles.confirm}>
          <legend>{ACTION_TEXTS.cancelConfirm}</legend>
          <button type="button" disabled={action.busy} onClick={() => void move('Cancel')}>
            {ACTION_TEXTS.cancelYes}
          </button>
          <button type="button" ref={keepButton} onClick={keepOrder}>
            {ACTION_TEXTS.cancelNo}
          </button>
        </fieldset>
      ) : null}
      <DoneNote note={done} className={styles.done} />
      <Refusal refusal={action.refusal} />
      {refusedForPayment || (overriding && dispatchNeedsPayment(order)) ? (
        role === 'owner' ? (
          <div className={styles.reason}>
            <ReasonForm
              label={ACTION_TEXTS.overrideReason}
              submit={ACTION_TEXTS.overrideSubmit}
              busy={action.busy}
              onSubmit={(reason) => {
                setOverriding(true);
                return move('Dispatch', reason);
              }}
            />
          </div>
        ) : (
          <p>{ACTION_TEXTS.ownersOnlyDispatch}</p>
        )
      ) : null}
      {canMarkPaid(order) ? <MarkPaid order={order} role={role} /> : null}
    </section>
  );
}

function MarkPaid({ order, role }: { order: ShippingOrder; role: AdminRole }): ReactNode {
  const [action, run] = useAdminAction();
  const needsReason = markPaidNeedsReason(order);
  const markPaid = (reason?: string) =>
    run(
      () =>
        adminApi.post('admin/orders/:id/payment-received', reason ? { reason } : {}, {
          params: { id: order.id },
        }),
      refresh,
    );
  if (needsReason && role !== 'owner') return <p>{ACTION_TEXTS.ownersOnlyPaid}</p>;
  return (
    <div className={styles.markPaid}>
      {needsReason ? (
        <ReasonForm
          label={ACTION_TEXTS.paidReason}
          submit={ACTION_TEXTS.markPaid}
          busy={action.busy}
          onSubmit={markPaid}
        />
      ) : (
        <button type="button" disabled={action.busy} onClick={() => void markPaid()}>
          {ACTION_TEXTS.markPaid}
        </button>
      )}
      <Refusal refusal={action.refusal} />
    </div>
  );
}
