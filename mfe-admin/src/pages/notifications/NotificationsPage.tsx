import { useDocumentTitle } from '@shop/shared';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { adminApi } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { BuyerPicker, type ChosenBuyer } from '../../app/BuyerPicker';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import styles from './Notifications.module.css';

export const NOTIFY_TEXTS = {
  title: 'Notifications',
  intro: 'A notification appears in the member’s header until they dismiss it.',
  sendTo: 'Send to',
  oneBuyer: 'One buyer',
  everyMember: 'Every member',
  note: 'Note',
  high: 'High priority',
  send: 'Send notification',
  confirmAll: 'Send this note to every member?',
  confirmYes: 'Yes, send to every member',
  confirmNo: 'Not now',
  chooseBuyer: 'Choose the buyer first.',
  noteMissing: 'Write the note first.',
  sentTo: (name: string) => `The notification is sent to ${name}.`,
  sentAll: (count: number) =>
    count === 1 ? 'The notification is sent to 1 member.' : `The notification is sent to ${count} members.`,
} as const;

/**
 * The contract's NOTE_MAX_LENGTH (schemas/member.ts), written out: importing the schema module
 * would bring TypeBox into this page's chunk.
 */
export const NOTE_MAX_LENGTH = 500;

type Audience = 'one' | 'all';

/** A header notification to one member (found through their orders) or to every member. */
export default function NotificationsPage(): ReactNode {
  useDocumentTitle(NOTIFY_TEXTS.title);
  const id = useId();
  const [audience, setAudience] = useState<Audience>('one');
  const [buyer, setBuyer] = useState<ChosenBuyer | null>(null);
  const [note, setNote] = useState('');
  const [high, setHigh] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [action, run] = useAdminAction();
  const confirmYes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmYes.current?.focus();
  }, [confirming]);

  const priority = high ? 'High' : 'Normal';
  const done = (text: string) => {
    setSent(text);
    setNote('');
    setHigh(false);
    setConfirming(false);
  };
  const sendToAll = () =>
    run(
      () => adminApi.post('admin/notifications/all', { note: note.trim(), priority }),
      (answer) => done(NOTIFY_TEXTS.sentAll(answer.sent)),
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(null);
    const problem =
      audience === 'one' && !buyer
        ? NOTIFY_TEXTS.chooseBuyer
        : !note.trim()
          ? NOTIFY_TEXTS.noteMissing
          : null;
    setMissing(problem);
    if (problem) return;
    if (audience === 'all') {
      // Every member at once cannot be taken back: asked first.
      setConfirming(true);
      return;
    }
    if (!buyer) return;
    void run(
      () => adminApi.post('admin/notifications', { buyer_id: buyer.id, note: note.trim(), priority }),
      () => done(NOTIFY_TEXTS.sentTo(buyer.name)),
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.page}>
      <h1 id={`${id}-title`}>{NOTIFY_TEXTS.title}</h1>
      <p>{NOTIFY_TEXTS.intro}</p>
      <DoneNote note={sent} className={styles.sent} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.audience}>
          <legend>{NOTIFY_TEXTS.sendTo}</legend>
          {(['one', 'all'] as const).map((choice) => (
            <div key={choice} className={styles.choice}>
              <input
                id={`${id}-${choice}`}
                type="radio"
                name={`${id}-audience`}
                checked={audience === choice}
                onChange={() => {
                  setAudience(choice);
                  setConfirming(false);
                }}
              />
              <label htmlFor={`${id}-${choice}`}>
                {choice === 'one' ? NOTIFY_TEXTS.oneBuyer : NOTIFY_TEXTS.everyMember}
              </label>
            </div>
          ))}
        </fieldset>
        {audience === 'one' ? <BuyerPicker chosen={buyer} onChoose={setBuyer} /> : null}
        <div className={styles.field}>
          <label htmlFor={`${id}-note`}>{NOTIFY_TEXTS.note}</label>
          <textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className={styles.choice}>
          <input
            id={`${id}-high`}
            type="checkbox"
            checked={high}
            onChange={(event) => setHigh(event.target.checked)}
          />
          <label htmlFor={`${id}-high`}>{NOTIFY_TEXTS.high}</label>
        </div>
        <Refusal refusal={missing} />
        <Refusal refusal={action.refusal} />
        <button type="submit" disabled={action.busy || confirming}>
          {NOTIFY_TEXTS.send}
        </button>
        {confirming ? (
          <fieldset className={styles.confirm}>
            <legend>{NOTIFY_TEXTS.confirmAll}</legend>
            <button type="button" ref={confirmYes} disabled={action.busy} onClick={() => void sendToAll()}>
              {NOTIFY_TEXTS.confirmYes}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {NOTIFY_TEXTS.confirmNo}
            </button>
          </fieldset>
        ) : null}
      </form>
    </section>
  );
}
