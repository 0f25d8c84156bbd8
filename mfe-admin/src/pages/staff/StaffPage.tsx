import type { AdminAccountView } from '@shop/contract/schemas/backOffice';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { Dialog } from '@shop/shared/dialog';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { formatAdminTime } from '../../app/formatAdminTime';
import { REASON_MAX_LENGTH } from '../../app/ReasonForm';
import { Refusal } from '../../app/Refusal';
import { useFocusWhenShown } from '../../app/useFocusWhenShown';
import styles from './staff.module.css';

/** The contract's bounds (CreateStaffBody). */
const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 200;
const EMAIL_MAX_LENGTH = 254;

export const STAFF_TEXTS = {
  title: 'Staff',
  accounts: 'Admin accounts',
  email: 'E-mail',
  role: 'Role',
  state: 'State',
  created: 'Created',
  actions: 'Actions',
  active: 'Active',
  disabled: 'Disabled',
  disable: 'Disable',
  enable: 'Enable',
  ownerNote: 'Owners are managed with the admin CLI',
  createTitle: 'Add a staff admin',
  password: 'Password (optional)',
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters. Leave it empty and one is made for you.`,
  create: 'Create staff admin',
  emailMissing: 'Enter the e-mail.',
  passwordShort: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  createdTitle: 'Staff admin created',
  createdText: 'Give them this password now: it is shown only once.',
  reason: 'Reason (optional, kept in the audit log)',
  cancel: 'Cancel',
} as const;

const disableTitle = (email: string) => `Disable ${email}?`;
const enableTitle = (email: string) => `Enable ${email} again?`;

/**
 * /admin/staff (owners only): every admin account, a form to create a staff admin (the password
 * given, or one the API makes, shown once), and disabling or enabling a staff admin.
 */
export default function StaffPage(): ReactNode {
  useDocumentTitle(STAFF_TEXTS.title);
  const loaded = useAdminRead('admin/admins');
  const answer = shownData(loaded);
  return (
    <section aria-labelledby="staff-title" className={styles.page}>
      <h1 id="staff-title">{STAFF_TEXTS.title}</h1>
      <CreateStaff />
      <h2>{STAFF_TEXTS.accounts}</h2>
      {loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !answer ? (
        <p role="status">Loading the accounts…</p>
      ) : (
        <AccountTable accounts={answer.items} />
      )}
    </section>
  );
}

function CreateStaff(): ReactNode {
  const id = useId();
  const [action, run] = useAdminAction();
  const [missing, setMissing] = useState<string | null>(null);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  // Only "created" is announced and focused: the password sits outside the live region, read
  // when the owner moves on to it, never spoken unasked.
  const createdNote = useFocusWhenShown<HTMLParagraphElement>(created);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email) return setMissing(STAFF_TEXTS.emailMissing);
    if (password && password.length < PASSWORD_MIN_LENGTH) return setMissing(STAFF_TEXTS.passwordShort);
    setMissing(null);
    setCreated(null);
    void run(
      () => adminApi.post('admin/admins', password ? { email, password } : { email }),
      (answer) => {
        form.reset();
        setCreated({ email: answer.admin.email, password: answer.password });
        refreshAdminReads('admin/admins');
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`}>{STAFF_TEXTS.createTitle}</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>{STAFF_TEXTS.email}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={EMAIL_MAX_LENGTH}
            aria-invalid={missing === STAFF_TEXTS.emailMissing || undefined}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-password`}>{STAFF_TEXTS.password}</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            aria-describedby={`${id}-password-hint`}
            aria-invalid={missing === STAFF_TEXTS.passwordShort || undefined}
          />
          <p id={`${id}-password-hint`} className={styles.muted}>
            {STAFF_TEXTS.passwordHint}
          </p>
        </div>
        <div className={styles.buttons}>
          <button type="submit" disabled={action.busy}>
            {STAFF_TEXTS.create}
          </button>
        </div>
      </form>
      <Refusal refusal={missing} />
      <Refusal refusal={action.refusal} />
      {created ? (
        <div className={styles.created}>
          <p role="status" tabIndex={-1} ref={createdNote} className={styles.strong}>
            {STAFF_TEXTS.createdTitle}: {created.email}
          </p>
          <p>{STAFF_TEXTS.createdText}</p>
          <p>
            Password: <code data-testid="created-password">{created.password}</code>
          </p>
        </div>
      ) : null}
    </section>
  );
}

function AccountTable({ accounts }: { accounts: readonly AdminAccountView[] }): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{STAFF_TEXTS.email}</th>
            <th scope="col">{STAFF_TEXTS.role}</th>
            <th scope="col">{STAFF_TEXTS.state}</th>
            <th scope="col">{STAFF_TEXTS.created}</th>
            <th scope="col">{STAFF_TEXTS.actions}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id}>
              <th scope="row">{account.email}</th>
              <td>{account.role}</td>
              <td>{account.disabled ? STAFF_TEXTS.disabled : STAFF_TEXTS.active}</td>
              <td>{formatAdminTime(account.created_at)}</td>
              <td>
                {account.role === 'owner' ? (
                  <span className={styles.muted}>{STAFF_TEXTS.ownerNote}</span>
                ) : (
                  <AccountSwitch account={account} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Disable or enable one staff admin, confirmed in a dialog with an optional reason. */
function AccountSwitch({ account }: { account: AdminAccountView }): ReactNode {
  const [open, setOpen] = useState(false);
  const [action, run, reset] = useAdminAction();
  const id = useId();
  const disabling = !account.disabled;
  const label = disabling ? STAFF_TEXTS.disable : STAFF_TEXTS.enable;
  const close = () => {
    reset();
    setOpen(false);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const body = reason ? { reason } : {};
    const params = { params: { id: account.id } };
    void run(
      () =>
        disabling
          ? adminApi.post('admin/admins/:id/disable', body, params)
          : adminApi.post('admin/admins/:id/enable', body, params),
      () => {
        setOpen(false);
        refreshAdminReads('admin/admins');
      },
    );
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`${label} ${account.email}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <Dialog title={disabling ? disableTitle(account.email) : enableTitle(account.email)} onClose={close}>
          <form className={styles.form} onSubmit={submit}>
            {disabling ? <p>They are signed out at once and cannot sign in until enabled again.</p> : null}
            <div className={styles.field}>
              <label htmlFor={`${id}-reason`}>{STAFF_TEXTS.reason}</label>
              <textarea id={`${id}-reason`} name="reason" rows={2} maxLength={REASON_MAX_LENGTH} />
            </div>
            <Refusal refusal={action.refusal} />
            <div className={styles.buttons}>
              <button type="submit" disabled={action.busy}>
                {label}
              </button>
              <button type="button" onClick={close}>
                {STAFF_TEXTS.cancel}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
