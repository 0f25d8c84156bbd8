import type { AdminProduct } from '@shop/contract/schemas/adminCatalogue';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { adminApi, refreshAdminReads } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { Refusal } from '../../app/Refusal';
import { useFocusWhenShown } from '../../app/useFocusWhenShown';
import styles from './products.module.css';
import { PRODUCT_TEXTS } from './productTexts';

/**
 * Archiving a product, after a confirmation that says what it does (the question takes the
 * focus; Cancel gives it back to the button), or bringing an archived one back at once.
 */
export function ArchiveControl({
  product,
  onDone,
}: {
  product: AdminProduct;
  onDone: (note: string) => void;
}): ReactNode {
  const [asking, setAsking] = useState(false);
  const [action, run] = useAdminAction();
  const question = useFocusWhenShown<HTMLParagraphElement>(asking);
  // Cancel gives the focus back to the Archive button, which comes back as the question goes
  // (focus must not drop to the page's body); the effect runs once it is in the page again.
  const archiveButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (asking || !cancelled.current) return;
    cancelled.current = false;
    archiveButton.current?.focus();
  }, [asking]);
  const cancel = () => {
    cancelled.current = true;
    setAsking(false);
  };
  const change = (archive: boolean) =>
    void run(
      () =>
        adminApi.post(
          archive ? 'admin/products/:id/archive' : 'admin/products/:id/unarchive',
          {},
          {
            params: { id: product.id },
          },
        ),
      () => {
        setAsking(false);
        refreshAdminReads('admin/products');
        onDone(archive ? PRODUCT_TEXTS.archived : PRODUCT_TEXTS.unarchived);
      },
    );

  if (product.archived_at) {
    return (
      <div className={styles.actions}>
        <button type="button" disabled={action.busy} onClick={() => change(false)}>
          {PRODUCT_TEXTS.unarchive}
        </button>
        <Refusal refusal={action.refusal} />
      </div>
    );
  }
  return asking ? (
    <div className={styles.confirm}>
      <p tabIndex={-1} ref={question}>
        {PRODUCT_TEXTS.archiveConfirm(product.title)}
      </p>
      <div className={styles.actions}>
        <button type="button" disabled={action.busy} onClick={() => change(true)}>
          {PRODUCT_TEXTS.archiveYes}
        </button>
        <button type="button" onClick={cancel}>
          {PRODUCT_TEXTS.cancel}
        </button>
      </div>
      <Refusal refusal={action.refusal} />
    </div>
  ) : (
    <div className={styles.actions}>
      <button type="button" ref={archiveButton} onClick={() => setAsking(true)}>
        {PRODUCT_TEXTS.archive}
      </button>
    </div>
  );
}
