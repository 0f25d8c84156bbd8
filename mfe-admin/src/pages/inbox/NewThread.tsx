import { MESSAGE_SUBJECT_MAX, MESSAGE_TEXT_MAX } from '@shop/contract/validation';
import { useDocumentTitle } from '@shop/shared';
import { Link, useLocation, useNavigate } from '@shop/shared/router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { BuyerPicker, type ChosenBuyer } from '../../app/BuyerPicker';
import { Refusal } from '../../app/Refusal';
import styles from './Inbox.module.css';
import { INBOX_TEXTS } from './inboxTexts';
import type { WriteTo } from './ThreadView';

const buyerHandedOver = (state: unknown): ChosenBuyer | null =>
  typeof state === 'object' && state !== null && 'buyer' in state ? (state as WriteTo).buyer : null;

/**
 * The shop starts a thread with a member: general, or about one of the buyer's orders the search
 * found. Sent, the thread opens (the member is notified by the API).
 */
export function NewThread(): ReactNode {
  useDocumentTitle(INBOX_TEXTS.newTitle);
  const id = useId();
  const navigate = useNavigate();
  const [buyer, setBuyer] = useState<ChosenBuyer | null>(buyerHandedOver(useLocation().state));
  const [orderId, setOrderId] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [action, run] = useAdminAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = !buyer
      ? INBOX_TEXTS.chooseBuyer
      : !subject.trim()
        ? INBOX_TEXTS.subjectMissing
        : !message.trim()
          ? INBOX_TEXTS.messageMissing
          : null;
    setMissing(problem);
    if (problem || !buyer) return;
    void run(
      () =>
        adminApi.post('admin/messages', {
          buyer_id: buyer.id,
          ...(orderId ? { order_id: Number(orderId) } : {}),
          subject: subject.trim(),
          message: message.trim(),
        }),
      (sent) => {
        refreshAdminReads('admin/messages');
        navigate(`/admin/inbox/${sent.message.id}`);
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.page}>
      <Link to="/admin/inbox" className={styles.action}>
        {INBOX_TEXTS.backToInbox}
      </Link>
      <h1 id={`${id}-title`}>{INBOX_TEXTS.newTitle}</h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <BuyerPicker
          chosen={buyer}
          onChoose={(next) => {
            setBuyer(next);
            setOrderId('');
          }}
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-about`}>{INBOX_TEXTS.about}</label>
          <select id={`${id}-about`} value={orderId} onChange={(event) => setOrderId(event.target.value)}>
            <option value="">{INBOX_TEXTS.general}</option>
            {(buyer?.orders ?? []).map((order) => (
              <option key={order.id} value={String(order.id)}>
                Order {order.number}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-subject`}>{INBOX_TEXTS.subject}</label>
          <input
            id={`${id}-subject`}
            value={subject}
            maxLength={MESSAGE_SUBJECT_MAX}
            onChange={(event) => setSubject(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-message`}>{INBOX_TEXTS.message}</label>
          <textarea
            id={`${id}-message`}
            value={message}
            rows={5}
            maxLength={MESSAGE_TEXT_MAX}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <Refusal refusal={missing} />
        <Refusal refusal={action.refusal} />
        <button type="submit" disabled={action.busy}>
          {INBOX_TEXTS.send}
        </button>
      </form>
    </section>
  );
}
