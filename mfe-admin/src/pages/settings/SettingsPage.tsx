import type { AdminSettingsView } from '@shop/contract/schemas/backOffice';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import { SiteSettings } from './SiteSettings';
import styles from './settings.module.css';

/** The contract's bound (AdminSettingsBody). */
const EMAIL_MAX_LENGTH = 254;

export const SETTINGS_TEXTS = {
  title: 'Settings',
  loading: 'Loading the settings…',
  orderEmail: 'E-mail for new orders',
  orderEmailHint:
    "The shop's mail about every new order goes here. Leave it empty to go back to the shop's own address.",
  save: 'Save',
} as const;

export const savedNote = (email: string): string => `Saved: mail about new orders now goes to ${email}.`;

/**
 * /admin/settings (owners only): where the shop's mail about every new order goes
 * (`order_email`, GET and PUT admin/settings), and the shop's phone, hashtag and social channels
 * (SiteSettings, GET and PUT admin/site-settings). An empty field sends null, which the API takes as
 * "back to SHOP_EMAIL"; what it answers is the address in effect, shown in the saved note.
 */
export default function SettingsPage(): ReactNode {
  useDocumentTitle(SETTINGS_TEXTS.title);
  const loaded = useAdminRead('admin/settings');
  const settings = shownData(loaded);
  return (
    <section aria-labelledby="settings-title" className={styles.page}>
      <h1 id="settings-title">{SETTINGS_TEXTS.title}</h1>
      {loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !settings ? (
        <p role="status">{SETTINGS_TEXTS.loading}</p>
      ) : (
        <OrderEmailForm settings={settings} />
      )}
      <SiteSettings />
    </section>
  );
}

function OrderEmailForm({ settings }: { settings: AdminSettingsView }): ReactNode {
  const id = useId();
  const [email, setEmail] = useState(settings.order_email);
  const [saved, setSaved] = useState<string | null>(null);
  const [action, run] = useAdminAction();
  // A 400/422 naming the field is shown at the field; any other refusal above the button.
  const fieldRefusal = action.refusal?.fields.order_email ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    const trimmed = email.trim();
    void run(
      () => adminApi.put('admin/settings', { order_email: trimmed === '' ? null : trimmed }),
      (answer) => {
        setEmail(answer.order_email);
        setSaved(savedNote(answer.order_email));
        refreshAdminReads('admin/settings');
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-email`}>{SETTINGS_TEXTS.orderEmail}</label>
      <input
        id={`${id}-email`}
        name="order_email"
        type="email"
        autoComplete="off"
        maxLength={EMAIL_MAX_LENGTH}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={fieldRefusal ? true : undefined}
        aria-describedby={`${id}-hint${fieldRefusal ? ` ${id}-refusal` : ''}`}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {SETTINGS_TEXTS.orderEmailHint}
      </p>
      <Refusal id={`${id}-refusal`} refusal={fieldRefusal ?? action.refusal} />
      <button type="submit" disabled={action.busy}>
        {SETTINGS_TEXTS.save}
      </button>
      <DoneNote note={saved} className={styles.saved} />
    </form>
  );
}
