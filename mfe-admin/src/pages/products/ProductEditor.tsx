import type { AdminProduct, ProductFormOptions } from '@shop/contract/schemas/adminCatalogue';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { Link, useLocation, useNavigate, useParams } from '@shop/shared/router';
import { type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import { ArchiveControl } from './ArchiveControl';
import { ProductForm } from './ProductForm';
import { draftOf, emptyDraft, inputOf, type ProductDraft } from './productDraft';
import styles from './products.module.css';
import { PRODUCT_TEXTS } from './productTexts';
import { StockPanel } from './StockPanel';

/** What the page was told when it opened (a creation hands its note to the product's page). */
const noteHandedOver = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && typeof (state as { note?: unknown }).note === 'string'
    ? (state as { note: string }).note
    : null;

/** /admin/products/new and /admin/products/:id: the product editor. */
export function ProductEditor(): ReactNode {
  const { id: idText } = useParams();
  const id = idText === undefined ? null : Number(idText);
  const options = useAdminRead('admin/products/options');
  const product = useAdminRead('admin/products/:id', { params: { id: id ?? 0 } }, id !== null && id > 0);
  const read = id === null ? null : product;
  const unknown = (id !== null && !(id > 0)) || (read?.status === 'failed' && read.httpStatus === 404);
  if (unknown) return <p role="alert">{PRODUCT_TEXTS.notFound}</p>;
  if (options.status === 'failed') return <ErrorPanel onRetry={options.retry} />;
  if (read?.status === 'failed') return <ErrorPanel onRetry={read.retry} />;
  const choices = shownData(options);
  const loaded = read ? shownData(read)?.product : null;
  if (!choices || (read && !loaded)) return <p role="status">{PRODUCT_TEXTS.loading}</p>;
  // Keyed by the product: another product's page starts from its own fields.
  return <Editor key={loaded?.id ?? 'new'} options={choices} product={loaded ?? null} />;
}

function Editor({
  options,
  product,
}: {
  options: ProductFormOptions;
  product: AdminProduct | null;
}): ReactNode {
  const title = product ? PRODUCT_TEXTS.editTitle(product.title) : PRODUCT_TEXTS.newTitle;
  useDocumentTitle(title);
  const id = useId();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftOf(product) : emptyDraft()));
  const [problems, setProblems] = useState<Record<string, string> | null>(null);
  const [note, setNote] = useState<string | null>(noteHandedOver(useLocation().state));
  const [action, run] = useAdminAction();

  const save = () => {
    setNote(null);
    const checked = inputOf(draft, { withStock: product === null });
    setProblems(checked.problems);
    if (!checked.input) return;
    const input = checked.input;
    if (product === null) {
      void run(
        () => adminApi.post('admin/products', input),
        (answer) => {
          refreshAdminReads('admin/products');
          navigate(`/admin/products/${answer.product.id}`, { state: { note: PRODUCT_TEXTS.created } });
        },
      );
    } else {
      void run(
        () => adminApi.put('admin/products/:id', input, { params: { id: product.id } }),
        (answer) => {
          refreshAdminReads('admin/products');
          setDraft(draftOf(answer.product));
          setNote(PRODUCT_TEXTS.saved);
        },
      );
    }
  };

  const refusedFields = Object.entries(action.refusal?.fields ?? {});
  return (
    <section aria-labelledby={`${id}-title`} className={styles.page}>
      <Link to="/admin/products" className={styles.link}>
        {PRODUCT_TEXTS.backToList}
      </Link>
      <h1 id={`${id}-title`}>{title}</h1>
      {product?.archived_at ? <p className={styles.badge}>{PRODUCT_TEXTS.archivedBadge}</p> : null}
      <DoneNote note={note} />
      <ProductForm
        draft={draft}
        onChange={setDraft}
        options={options}
        product={product}
        problems={problems}
        busy={action.busy}
        onSubmit={save}
      />
      {problems ? null : (
        <div>
          <Refusal refusal={action.refusal} />
          {refusedFields.length > 0 ? (
            <ul className={styles.problems} aria-label={PRODUCT_TEXTS.problemsTitle}>
              {refusedFields.map(([field, reason]) => (
                <li key={field}>
                  {field}: {reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      {product ? (
        <>
          <StockPanel product={product} />
          <ArchiveControl product={product} onDone={setNote} />
        </>
      ) : null}
    </section>
  );
}
