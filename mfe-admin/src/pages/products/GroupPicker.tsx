import { shownData } from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { moved, type ProductDraft, type ProductRef } from './productDraft';
import styles from './products.module.css';
import { PRODUCT_TEXTS } from './productTexts';

/** The shortest search the picker sends (the list's own search takes any part of a title or slug). */
const SEARCH_MIN = 2;

/**
 * The product's variant group: on or off, its name, and its other products, found by a search of
 * the product list and added with a button; each member moves up, down or out.
 */
export function GroupPicker({
  draft,
  productId,
  onChange,
  problem,
}: {
  draft: ProductDraft;
  productId: number | null;
  onChange: (changes: Partial<ProductDraft>) => void;
  problem: ReactNode;
}): ReactNode {
  const id = useId();
  const [typed, setTyped] = useState('');
  const q = typed.trim();
  const found = useAdminRead('admin/products', { query: { q } }, draft.grouped && q.length >= SEARCH_MIN);
  const members = draft.group_products;
  const candidates = (shownData(found)?.items ?? []).filter(
    (item) => item.id !== productId && !members.some((member) => member.id === item.id),
  );
  const add = (product: ProductRef) => onChange({ group_products: [...members, product] });

  return (
    <fieldset className={styles.fieldset}>
      <legend>Variant group</legend>
      <div className={styles.check}>
        <input
          id={`${id}-grouped`}
          type="checkbox"
          checked={draft.grouped}
          onChange={(event) => onChange({ grouped: event.target.checked })}
        />
        <label htmlFor={`${id}-grouped`}>Shown with other products as variants</label>
      </div>
      {draft.grouped ? (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`}>Group name</label>
            <input
              id={`${id}-name`}
              value={draft.group_name}
              maxLength={100}
              onChange={(event) => onChange({ group_name: event.target.value })}
            />
          </div>
          {problem}
          <ol className={styles.list} aria-label="Products in the group">
            {members.map((member, index) => (
              <li key={member.id} className={styles.row}>
                <span>
                  {member.title} ({member.slug})
                </span>
                <div className={styles.rowActions}>
                  <button
                    type="button"
                    aria-label={`Move ${member.title} up`}
                    disabled={index === 0}
                    onClick={() => onChange({ group_products: moved(members, index, -1) })}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${member.title} down`}
                    disabled={index === members.length - 1}
                    onClick={() => onChange({ group_products: moved(members, index, 1) })}
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove ${member.title} from the group`}
                    onClick={() =>
                      onChange({ group_products: members.filter((other) => other.id !== member.id) })
                    }
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <div className={styles.field}>
            <label htmlFor={`${id}-search`}>{PRODUCT_TEXTS.groupSearch}</label>
            <input
              id={`${id}-search`}
              type="search"
              maxLength={100}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          {q.length >= SEARCH_MIN && found.status !== 'loading' && candidates.length === 0 ? (
            <p className={styles.hint}>{PRODUCT_TEXTS.groupNone}</p>
          ) : null}
          <ul className={styles.list} aria-label="Products found">
            {candidates.map((item) => (
              <li key={item.id} className={styles.row}>
                <span>
                  {item.title} ({item.slug})
                </span>
                <button
                  type="button"
                  aria-label={`Add ${item.title} to the group`}
                  onClick={() => add({ id: item.id, title: item.title, slug: item.slug })}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </fieldset>
  );
}
