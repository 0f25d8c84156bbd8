import type { RemoteStatus, RemoteVersionInfo } from '@shop/contract';
import { ErrorPanel, shownData } from '@shop/shared';
import { Dialog } from '@shop/shared/dialog';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { REASON_MAX_LENGTH, REASON_MISSING } from '../../app/ReasonForm';
import { Refusal } from '../../app/Refusal';
import styles from './releases.module.css';

export type ReleaseOperation = 'promote' | 'canary' | 'abort' | 'rollback';

/** The contract's bounds of a canary's share. */
const PERCENT_MIN = 1;
const PERCENT_MAX = 99;
const DEFAULT_PERCENT = 10;

export const OPERATION_TEXTS: Record<
  ReleaseOperation,
  { button: string; title: (remote: string) => string; submit: string; done: string }
> = {
  promote: {
    button: 'Promote…',
    title: (remote) => `Promote a version of ${remote}`,
    submit: 'Promote',
    done: 'The version is live.',
  },
  canary: {
    button: 'Start a canary…',
    title: (remote) => `Canary a version of ${remote}`,
    submit: 'Start the canary',
    done: 'The canary is on.',
  },
  abort: {
    button: 'Abort the canary…',
    title: (remote) => `Abort the canary of ${remote}`,
    submit: 'Abort the canary',
    done: 'The canary is over: everyone loads the live version.',
  },
  rollback: {
    button: 'Roll back…',
    title: (remote) => `Roll back ${remote}`,
    submit: 'Roll back',
    done: 'Rolled back.',
  },
};

export const FORM_TEXTS = {
  version: 'Version',
  percent: 'Share of shoppers (%)',
  reason: 'Reason (kept in the history)',
  reasonMissing: REASON_MISSING,
  versionMissing: 'Choose a version.',
  noVersions: 'No published version can take this step.',
  cancel: 'Cancel',
} as const;

/** Versions an operation may pick: validated, not live already, and for a canary not the canary. */
const choicesFor = (operation: 'promote' | 'canary', versions: readonly RemoteVersionInfo[]) =>
  versions.filter(
    (version) => version.state === 'retained' || (operation === 'promote' && version.state === 'canary'),
  );

/**
 * One registry operation of a remote: a button opening a dialog (focus kept inside, Escape closes,
 * focus back on the button) with the operation's fields and its required reason. The remote's
 * revision goes with it, so a change someone made meanwhile is refused (409), never overwritten.
 */
export function ReleaseAction({
  operation,
  status,
  onDone,
}: {
  operation: ReleaseOperation;
  status: RemoteStatus;
  onDone: (note: string) => void;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const texts = OPERATION_TEXTS[operation];
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {texts.button}
      </button>
      {open ? (
        <Dialog title={texts.title(status.remote)} onClose={() => setOpen(false)}>
          <OperationForm
            operation={operation}
            status={status}
            onCancel={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              onDone(texts.done);
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}

function OperationForm({
  operation,
  status,
  onCancel,
  onDone,
}: {
  operation: ReleaseOperation;
  status: RemoteStatus;
  onCancel: () => void;
  onDone: () => void;
}): ReactNode {
  const id = useId();
  const [action, run] = useAdminAction();
  const [missing, setMissing] = useState<string | null>(null);
  const picksVersion = operation === 'promote' || operation === 'canary';
  const versions = useAdminRead(
    'admin/remotes/:remote/versions',
    { params: { remote: status.remote } },
    picksVersion,
  );
  const answer = shownData(versions);
  const choices = picksVersion && answer ? choicesFor(operation, answer.versions) : [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    const version = String(form.get('version') ?? '');
    if (picksVersion && !version) return setMissing(FORM_TEXTS.versionMissing);
    if (!reason) return setMissing(FORM_TEXTS.reasonMissing);
    setMissing(null);
    const params = { params: { remote: status.remote } };
    const base = { reason, ifRevision: status.revision };
    const done = () => {
      refreshAdminReads('admin/remotes');
      onDone();
    };
    switch (operation) {
      case 'promote':
        return void run(
          () => adminApi.post('admin/remotes/:remote/promote', { ...base, version }, params),
          done,
        );
      case 'canary': {
        const percent = Number(form.get('percent'));
        return void run(
          () => adminApi.post('admin/remotes/:remote/canary', { ...base, version, percent }, params),
          done,
        );
      }
      case 'abort':
        return void run(() => adminApi.post('admin/remotes/:remote/abort', base, params), done);
      case 'rollback':
        return void run(() => adminApi.post('admin/remotes/:remote/rollback', base, params), done);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {operation === 'rollback' ? (
        <p>
          {status.rollbackTo} becomes live again
          {status.canary ? ', and the canary ends' : ''}.
        </p>
      ) : null}
      {operation === 'abort' && status.canary ? (
        <p>
          Shoppers on {status.canary.version} go back to {status.live?.version ?? status.builtIn}.
        </p>
      ) : null}
      {picksVersion ? (
        versions.status === 'failed' ? (
          <ErrorPanel onRetry={versions.retry} />
        ) : !answer ? (
          <p role="status">Loading the versions…</p>
        ) : choices.length === 0 ? (
          <p>{FORM_TEXTS.noVersions}</p>
        ) : (
          <div className={styles.field}>
            <label htmlFor={`${id}-version`}>{FORM_TEXTS.version}</label>
            <select id={`${id}-version`} name="version" defaultValue={choices[0]?.version}>
              {choices.map((choice) => (
                <option key={choice.version} value={choice.version}>
                  {choice.version} ({choice.state}, published {choice.publishedAt.slice(0, 10)})
                </option>
              ))}
            </select>
          </div>
        )
      ) : null}
      {operation === 'canary' ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-percent`}>{FORM_TEXTS.percent}</label>
          <input
            id={`${id}-percent`}
            name="percent"
            type="number"
            min={PERCENT_MIN}
            max={PERCENT_MAX}
            step={1}
            required
            defaultValue={DEFAULT_PERCENT}
          />
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}>{FORM_TEXTS.reason}</label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={REASON_MAX_LENGTH}
          required
          aria-invalid={missing === FORM_TEXTS.reasonMissing || undefined}
        />
      </div>
      <Refusal refusal={missing} />
      <Refusal refusal={action.refusal} />
      <div className={styles.operations}>
        <button type="submit" disabled={action.busy || (picksVersion && choices.length === 0)}>
          {OPERATION_TEXTS[operation].submit}
        </button>
        <button type="button" onClick={onCancel}>
          {FORM_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
