import type { ImportReport } from '@shop/contract/schemas/adminCatalogueCsv';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_MAX_BYTES,
  type ImportMode,
} from '@shop/contract/schemas/catalogueCsvColumns';
import { useDocumentTitle } from '@shop/shared';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { adminApi, refreshAdminReads } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import styles from './CatalogueCsv.module.css';

const MEGABYTES = CATALOGUE_CSV_MAX_BYTES / 1024 / 1024;

export const CSV_TEXTS = {
  title: 'Import / export',
  exportTitle: 'Export the catalogue',
  exportIntro: 'Every product, archived ones too, as a CSV file (UTF-8) a spreadsheet opens.',
  exportButton: 'Prepare the CSV file',
  exportReady: 'The CSV file is ready.',
  download: (name: string) => `Download ${name}`,
  importTitle: 'Import products',
  importIntro:
    'Each row creates a product, or updates the product with its slug. Check the file first: nothing is written until you import it, and then every row is written or none.',
  file: 'CSV file',
  chooseFirst: 'Choose a CSV file first.',
  tooLarge: `The file may be at most ${MEGABYTES} MB: import the catalogue in parts.`,
  check: 'Check the file',
  apply: 'Import the file',
  applyAfterCheck: 'The file can be imported once its check finds no row in error.',
  checked: (report: ImportReport) =>
    report.errors.length === 0
      ? `The file is fine: ${report.rows} ${report.rows === 1 ? 'product' : 'products'}, ${report.created} new, ${report.updated} to update. Nothing is written yet.`
      : `${report.errors.length} of ${report.rows} rows ${report.errors.length === 1 ? 'is' : 'are'} in error. Nothing is written: correct the file and check it again.`,
  applied: (report: ImportReport) =>
    `Imported ${report.rows} ${report.rows === 1 ? 'product' : 'products'}: ${report.created} created, ${report.updated} updated. The shop shows them now.`,
  refusedApply: (report: ImportReport) =>
    `Nothing is imported: ${report.errors.length} ${report.errors.length === 1 ? 'row is' : 'rows are'} in error.`,
  errorsTitle: 'Rows in error',
  line: 'Line',
  slug: 'Slug',
  reason: 'Reason',
  columnsTitle: 'The columns',
  columnsIntro:
    'The first line names the columns, in any order; the optional ones may be left out (an existing product keeps what it has).',
  required: 'required',
  optional: 'optional',
} as const;

/** The file name of a CSV download: the day it was made. */
const exportName = () => `catalogue-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * The catalogue as CSV: download every product, and import a file, checked first (every row in
 * error with its line and reason, nothing written), then applied (all rows or none). The columns
 * are listed from the contract, so the page and the importer never disagree.
 */
export default function CatalogueCsvPage(): ReactNode {
  useDocumentTitle(CSV_TEXTS.title);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={styles.page}>
      <h1 id={`${id}-title`}>{CSV_TEXTS.title}</h1>
      <ExportSection />
      <ImportSection />
      <ColumnsHelp />
    </section>
  );
}

function ExportSection(): ReactNode {
  const id = useId();
  const [download, setDownload] = useState<{ url: string; name: string } | null>(null);
  const [action, run] = useAdminAction();
  const link = useRef<HTMLAnchorElement>(null);
  // The object URL holds the file in memory until it is let go.
  useEffect(() => () => (download ? URL.revokeObjectURL(download.url) : undefined), [download]);
  useEffect(() => {
    if (download) link.current?.focus();
  }, [download]);
  const prepare = () =>
    run(
      () => adminApi.get('admin/catalogue/export'),
      (blob) => setDownload({ url: URL.createObjectURL(blob), name: exportName() }),
    );
  return (
    <section aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`}>{CSV_TEXTS.exportTitle}</h2>
      <p>{CSV_TEXTS.exportIntro}</p>
      <div className={styles.actions}>
        <button type="button" onClick={() => void prepare()} disabled={action.busy}>
          {CSV_TEXTS.exportButton}
        </button>
        {download ? (
          <a ref={link} href={download.url} download={download.name}>
            {CSV_TEXTS.download(download.name)}
          </a>
        ) : null}
      </div>
      <Refusal refusal={action.refusal} />
    </section>
  );
}

function ImportSection(): ReactNode {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  /** The file last checked without an error: the one the Import button sends. */
  const [checkedFile, setCheckedFile] = useState<File | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [action, run, resetAction] = useAdminAction();

  const send = (mode: ImportMode) => {
    setNote(null);
    resetAction();
    const found = !file
      ? CSV_TEXTS.chooseFirst
      : file.size > CATALOGUE_CSV_MAX_BYTES
        ? CSV_TEXTS.tooLarge
        : null;
    setProblem(found);
    if (!file || found) return;
    const form = new FormData();
    form.append('mode', mode);
    form.append('file', file, file.name);
    void run(
      () => adminApi.post('admin/catalogue/import', form),
      (answer) => {
        setReport(answer);
        setCheckedFile(answer.errors.length === 0 && mode === 'check' ? file : null);
        if (mode === 'check') setNote(CSV_TEXTS.checked(answer));
        else {
          setNote(answer.applied ? CSV_TEXTS.applied(answer) : CSV_TEXTS.refusedApply(answer));
          if (answer.applied) refreshAdminReads('admin/products');
        }
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`}>{CSV_TEXTS.importTitle}</h2>
      <p>{CSV_TEXTS.importIntro}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>{CSV_TEXTS.file}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
            resetAction();
            setReport(null);
            setCheckedFile(null);
            setNote(null);
          }}
        />
        <Refusal refusal={problem} id={`${id}-problem`} />
      </div>
      <div className={styles.actions}>
        <button type="button" onClick={() => send('check')} disabled={action.busy}>
          {CSV_TEXTS.check}
        </button>
        <button
          type="button"
          onClick={() => send('apply')}
          disabled={action.busy || checkedFile === null || checkedFile !== file}
          aria-describedby={`${id}-apply-hint`}
        >
          {CSV_TEXTS.apply}
        </button>
      </div>
      <p id={`${id}-apply-hint`} className={styles.hint}>
        {CSV_TEXTS.applyAfterCheck}
      </p>
      <Refusal refusal={action.refusal} />
      <DoneNote note={note} />
      {report && report.errors.length > 0 ? <RowErrors report={report} /> : null}
    </section>
  );
}

function RowErrors({ report }: { report: ImportReport }): ReactNode {
  const id = useId();
  return (
    <div className={styles.tableBox}>
      <table className={styles.table} aria-labelledby={`${id}-title`}>
        <caption id={`${id}-title`}>{CSV_TEXTS.errorsTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{CSV_TEXTS.line}</th>
            <th scope="col">{CSV_TEXTS.slug}</th>
            <th scope="col">{CSV_TEXTS.reason}</th>
          </tr>
        </thead>
        <tbody>
          {report.errors.map((error) => (
            <tr key={error.line}>
              <td>{error.line}</td>
              <td>{error.slug ?? ''}</td>
              <td>{error.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ColumnsHelp(): ReactNode {
  return (
    <details className={styles.section}>
      <summary>{CSV_TEXTS.columnsTitle}</summary>
      <p>{CSV_TEXTS.columnsIntro}</p>
      <dl className={styles.columns}>
        {CATALOGUE_CSV_COLUMNS.map((column) => (
          <div key={column.name}>
            <dt>
              <code>{column.name}</code> ({column.required ? CSV_TEXTS.required : CSV_TEXTS.optional})
            </dt>
            <dd>{column.description}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
