import type { AuditEntry, AuditQuery } from '@shop/contract/schemas/backOffice';
import { type ApiAnswer, type Loaded, shownData, useDocumentTitle } from '@shop/shared';
import { useSearchParams } from '@shop/shared/router';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { formatAdminTime } from '../../app/formatAdminTime';
import { FailedListRead, ListCount } from '../../app/ListRead';
import { Pager } from '../../app/Pager';
import styles from './audit.module.css';
import { auditQueryOf, changeLines, detailLines, FILTER_MAX_LENGTH, searchOfAudit } from './auditDetails';

export const AUDIT_TEXTS = {
  title: 'Audit log',
  filters: 'Filter the audit log',
  admin: 'Admin e-mail',
  action: 'Action',
  actionHint: 'Any part of the endpoint, such as remotes or admins',
  from: 'From',
  to: 'To',
  apply: 'Filter',
  clear: 'Clear filters',
  empty: 'Nothing recorded yet.',
  noMatch: 'No entry matches these filters.',
  object: 'Object',
  reason: 'Reason',
  details: 'Details',
  changes: 'Changes',
} as const;

/**
 * /admin/audit (owners only): every admin change, newest first, 50 a page, filtered by who, what
 * and when (in the address, so a filtered view can be shared and survives a reload). Details are
 * shown as lines of text.
 */
export default function AuditPage(): ReactNode {
  useDocumentTitle(AUDIT_TEXTS.title);
  const [search, setSearch] = useSearchParams();
  const query = auditQueryOf(search);
  const loaded = useAdminRead('admin/audit', { query });
  const show = (next: AuditQuery) => setSearch(searchOfAudit(next));
  return (
    <section aria-labelledby="audit-title" className={styles.page}>
      <h1 id="audit-title">{AUDIT_TEXTS.title}</h1>
      <AuditFilters key={search.toString()} query={query} onShow={show} />
      <AuditResults loaded={loaded} query={query} onShow={show} />
    </section>
  );
}

function AuditFilters({
  query,
  onShow,
}: {
  query: AuditQuery;
  onShow: (query: AuditQuery) => void;
}): ReactNode {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim() !== '') params.set(name, value);
    }
    onShow(auditQueryOf(params));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: React 19 warns that it does not know <search> yet.
    <form role="search" aria-label={AUDIT_TEXTS.filters} className={styles.filters} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-admin`}>{AUDIT_TEXTS.admin}</label>
        <input
          id={`${id}-admin`}
          name="admin"
          type="search"
          maxLength={FILTER_MAX_LENGTH.admin}
          defaultValue={query.admin ?? ''}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-action`}>{AUDIT_TEXTS.action}</label>
        <input
          id={`${id}-action`}
          name="action"
          type="search"
          maxLength={FILTER_MAX_LENGTH.action}
          aria-describedby={`${id}-action-hint`}
          defaultValue={query.action ?? ''}
        />
        <span id={`${id}-action-hint`} className={styles.muted}>
          {AUDIT_TEXTS.actionHint}
        </span>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-from`}>{AUDIT_TEXTS.from}</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={query.from ?? ''} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-to`}>{AUDIT_TEXTS.to}</label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={query.to ?? ''} />
      </div>
      <div className={styles.actions}>
        <button type="submit">{AUDIT_TEXTS.apply}</button>
        <button type="button" onClick={() => onShow({})}>
          {AUDIT_TEXTS.clear}
        </button>
      </div>
    </form>
  );
}

function AuditResults({
  loaded,
  query,
  onShow,
}: {
  loaded: Loaded<ApiAnswer<'GET', 'admin/audit'>>;
  query: AuditQuery;
  onShow: (query: AuditQuery) => void;
}): ReactNode {
  if (loaded.status === 'failed') return <FailedListRead failed={loaded} />;
  const page = shownData(loaded);
  if (!page) return <p role="status">Loading the audit log…</p>;
  const { items, _meta: meta } = page;
  const narrowed = Boolean(query.admin || query.action || query.from || query.to);
  return (
    <div aria-busy={loaded.status === 'loading'}>
      <ListCount meta={meta} noun={{ one: 'entry', many: 'entries' }} />
      {items.length === 0 ? (
        <p>{narrowed ? AUDIT_TEXTS.noMatch : AUDIT_TEXTS.empty}</p>
      ) : (
        <ol className={styles.list}>
          {items.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <Pager meta={meta} label="Audit log pages" onPage={(next) => onShow({ ...query, page: next })} />
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }): ReactNode {
  const details = detailLines(entry.details);
  const changes = changeLines(entry.before, entry.after);
  return (
    <li className={styles.entry} data-testid="audit-entry">
      <p className={styles.head}>
        <span className={styles.action}>{entry.action}</span>
        <span className={styles.muted}>
          {formatAdminTime(entry.created_at)} · {entry.admin.email}
        </span>
      </p>
      <dl className={styles.facts}>
        {entry.object_type ? (
          <div>
            <dt>{AUDIT_TEXTS.object}</dt>
            <dd>
              {entry.object_type}
              {entry.object_id ? ` ${entry.object_id}` : ''}
            </dd>
          </div>
        ) : null}
        {entry.reason ? (
          <div>
            <dt>{AUDIT_TEXTS.reason}</dt>
            <dd>{entry.reason}</dd>
          </div>
        ) : null}
        {changes.length > 0 ? (
          <div>
            <dt>{AUDIT_TEXTS.changes}</dt>
            <dd>
              <ul className={styles.details} aria-label={AUDIT_TEXTS.changes}>
                {changes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {details.length > 0 ? (
          <div>
            <dt>{AUDIT_TEXTS.details}</dt>
            <dd>
              <ul className={styles.details}>
                {details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
