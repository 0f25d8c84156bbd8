import {
  type AdminPageView,
  EDITABLE_PAGES,
  type EditablePageName,
  PAGE_CONTENT_MAX_LENGTH,
  PAGE_HEADING_MAX_LENGTH,
} from '@shop/contract/schemas/shopSettings';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { Link, Route, Routes, useParams } from '@shop/shared/router';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import { PagePreview } from './PagePreview';
import styles from './pages.module.css';
import { applyFormat, type RichTextFormat, SHORTCUTS } from './richTextFormat';

export const PAGES_TEXTS = {
  title: 'Content pages',
  loading: 'Loading the pages…',
  edit: 'Edit',
  back: 'Back to the content pages',
  unknown: 'The shop has no such content page.',
  heading: 'Heading',
  content: 'Content (HTML)',
  contentHint:
    'Select text and press a button to format it (Ctrl+B bold, Ctrl+I italic). Scripts, styles and unknown tags are removed when the page is saved; the preview shows what the shop will show.',
  formatting: 'Formatting',
  linkAddress: 'Link address',
  preview: 'Preview',
  previewTitle: 'Preview',
  previewFrame: 'The page as the shop will show it',
  previewStale: 'The text changed since this preview.',
  save: 'Save',
  linkMissing: 'Enter the link address first (https://…, or mailto:…).',
} as const;

export const pageSaved = (heading: string) => `Saved: the shop shows “${heading}” now.`;

/** The formatting buttons, in the toolbar's order. */
const BUTTONS: [RichTextFormat, string][] = [
  ['bold', 'Bold'],
  ['italic', 'Italic'],
  ['heading', 'Heading'],
  ['subheading', 'Subheading'],
  ['bulleted', 'Bulleted list'],
  ['numbered', 'Numbered list'],
  ['link', 'Link'],
];

const isEditable = (page: string | undefined): page is EditablePageName =>
  (EDITABLE_PAGES as readonly string[]).includes(page ?? '');

/**
 * /admin/pages (owners and staff): the content pages (about, shipping, payments, cancellation and
 * returns), and /admin/pages/<page>: its heading and HTML, written with formatting buttons,
 * previewed as the server will sanitise it (POST admin/pages/preview), saved sanitised.
 */
export default function ContentPagesPage(): ReactNode {
  return (
    <Routes>
      <Route index element={<PageList />} />
      <Route path=":page" element={<PageEditorRoute />} />
    </Routes>
  );
}

function PageList(): ReactNode {
  useDocumentTitle(PAGES_TEXTS.title);
  const loaded = useAdminRead('admin/pages');
  const answer = shownData(loaded);
  return (
    <section aria-labelledby="pages-title" className={styles.page}>
      <h1 id="pages-title">{PAGES_TEXTS.title}</h1>
      {loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !answer ? (
        <p role="status">{PAGES_TEXTS.loading}</p>
      ) : (
        <ul className={styles.list}>
          {answer.items.map((item) => (
            <li key={item.page} className={styles.card}>
              <Link to={`/admin/pages/${item.page}`}>
                {item.heading || item.page}
                <span className={styles.muted}> /{item.page}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PageEditorRoute(): ReactNode {
  const { page } = useParams();
  const editable = isEditable(page) ? page : null;
  const loaded = useAdminRead(
    'admin/pages/:page',
    { params: { page: editable ?? 'about' } },
    editable !== null,
  );
  const answer = shownData(loaded);
  useDocumentTitle(answer ? `${PAGES_TEXTS.title}: ${answer.page.heading}` : PAGES_TEXTS.title);
  return (
    <section aria-labelledby="page-title" className={styles.page}>
      <Link to="/admin/pages" className={styles.link}>
        {PAGES_TEXTS.back}
      </Link>
      {editable === null ? (
        <p role="alert">{PAGES_TEXTS.unknown}</p>
      ) : loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !answer ? (
        <p role="status">{PAGES_TEXTS.loading}</p>
      ) : (
        <PageEditor key={editable} saved={answer.page} page={editable} />
      )}
    </section>
  );
}

function PageEditor({ saved, page }: { saved: AdminPageView; page: EditablePageName }): ReactNode {
  const id = useId();
  const [heading, setHeading] = useState(saved.heading);
  const [content, setContent] = useState(saved.content);
  const [href, setHref] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ heading: string; content: string; of: string } | null>(null);
  const [action, run] = useAdminAction();
  const [previewing, runPreview] = useAdminAction();
  const box = useRef<HTMLTextAreaElement>(null);
  const headingRefusal = action.refusal?.fields.heading ?? null;

  const format = (kind: RichTextFormat) => {
    const textarea = box.current;
    if (!textarea) return;
    if (kind === 'link' && href.trim() === '') {
      setProblem(PAGES_TEXTS.linkMissing);
      return;
    }
    setProblem(null);
    const edit = applyFormat(content, textarea.selectionStart, textarea.selectionEnd, kind, href);
    setContent(edit.text);
    // Back to the text, the formatted part selected, once React has written the new value.
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(edit.start, edit.end);
    });
  };

  const shortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const kind = SHORTCUTS[event.key.toLowerCase()];
    if (!kind || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    format(kind);
  };

  const showPreview = () =>
    void runPreview(
      () => adminApi.post('admin/pages/preview', { content }),
      (answer) => setPreview({ heading, content: answer.content, of: content }),
    );

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNote(null);
    void run(
      () => adminApi.put('admin/pages/:page', { heading, content }, { params: { page } }),
      (answer) => {
        // The stored, sanitised text replaces what was typed: what is in the box is what the shop has.
        setHeading(answer.page.heading);
        setContent(answer.page.content);
        setPreview({ heading: answer.page.heading, content: answer.page.content, of: answer.page.content });
        setNote(pageSaved(answer.page.heading));
        refreshAdminReads('admin/pages');
      },
    );
  };

  return (
    <>
      <h1 id="page-title">{saved.heading || page}</h1>
      <form className={styles.form} onSubmit={save} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-heading`}>{PAGES_TEXTS.heading}</label>
          <input
            id={`${id}-heading`}
            value={heading}
            maxLength={PAGE_HEADING_MAX_LENGTH}
            onChange={(event) => setHeading(event.target.value)}
            aria-invalid={headingRefusal ? true : undefined}
          />
        </div>
        <fieldset className={styles.toolbar}>
          <legend>{PAGES_TEXTS.formatting}</legend>
          {BUTTONS.map(([kind, label]) => (
            <button key={kind} type="button" onClick={() => format(kind)} aria-controls={`${id}-content`}>
              {label}
            </button>
          ))}
          <label htmlFor={`${id}-href`} className={styles.linkLabel}>
            {PAGES_TEXTS.linkAddress}
          </label>
          <input
            id={`${id}-href`}
            type="url"
            inputMode="url"
            value={href}
            placeholder="https://"
            onChange={(event) => setHref(event.target.value)}
          />
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-content`}>{PAGES_TEXTS.content}</label>
          <textarea
            id={`${id}-content`}
            ref={box}
            rows={16}
            value={content}
            maxLength={PAGE_CONTENT_MAX_LENGTH}
            spellCheck
            onKeyDown={shortcut}
            onChange={(event) => setContent(event.target.value)}
            aria-describedby={`${id}-content-hint`}
          />
          <p id={`${id}-content-hint`} className={styles.muted}>
            {PAGES_TEXTS.contentHint}
          </p>
        </div>
        <Refusal refusal={problem ?? action.refusal ?? previewing.refusal} />
        <div className={styles.actions}>
          <button type="button" onClick={showPreview} disabled={previewing.busy}>
            {PAGES_TEXTS.preview}
          </button>
          <button type="submit" disabled={action.busy}>
            {PAGES_TEXTS.save}
          </button>
        </div>
        <DoneNote note={note} className={styles.saved} />
      </form>
      {preview ? (
        <section aria-labelledby={`${id}-preview`} className={styles.preview}>
          <h2 id={`${id}-preview`}>{PAGES_TEXTS.previewTitle}</h2>
          {preview.of !== content ? <p className={styles.muted}>{PAGES_TEXTS.previewStale}</p> : null}
          <PagePreview heading={preview.heading} html={preview.content} title={PAGES_TEXTS.previewFrame} />
        </section>
      ) : null}
    </>
  );
}
