import type { AdminProduct, ProductFormOptions } from '@shop/contract/schemas/adminCatalogue';
import { type FormEvent, type ReactNode, useId } from 'react';
import { GroupPicker } from './GroupPicker';
import { MediaRows } from './MediaRows';
import { moved, type ProductDraft, rowKey, slugOf } from './productDraft';
import styles from './products.module.css';
import { PRODUCT_TEXTS } from './productTexts';

type Change = (draft: ProductDraft) => void;

/**
 * Every field of a product, in fieldsets: the texts, prices and stock, the flags and supplier,
 * the taxonomy, specifications, customization, packaging, pictures and videos, the variant
 * group. The form's own problems are listed above the button and named at their fields.
 */
export function ProductForm({
  draft,
  onChange,
  options,
  product,
  problems,
  busy,
  onSubmit,
}: {
  draft: ProductDraft;
  onChange: Change;
  options: ProductFormOptions;
  product: AdminProduct | null;
  problems: Record<string, string> | null;
  busy: boolean;
  onSubmit: () => void;
}): ReactNode {
  const id = useId();
  const set = (changes: Partial<ProductDraft>) => onChange({ ...draft, ...changes });
  const problem = (field: string) => problems?.[field];
  const described = (field: string, hint?: string) => ({
    'aria-invalid': problem(field) ? true : undefined,
    'aria-describedby': problem(field) ? `${id}-${field}-problem` : hint,
  });
  const note = (field: string) =>
    problem(field) ? (
      <p id={`${id}-${field}-problem`} className={styles.hint}>
        {problem(field)}
      </p>
    ) : null;
  const type = options.types.find((entry) => String(entry.id) === draft.type_id);
  const category = type?.categories.find((entry) => String(entry.id) === draft.category_id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset className={styles.fieldset}>
        <legend>Product</legend>
        <div className={styles.field}>
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={draft.title}
            maxLength={200}
            onChange={(event) => {
              const title = event.target.value;
              // A new product's slug follows its title until the slug is typed; a saved one's stays.
              const follows = product === null && draft.slug === slugOf(draft.title);
              set({ title, ...(follows ? { slug: slugOf(title) } : {}) });
            }}
            {...described('title')}
          />
          {note('title')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-slug`}>Slug</label>
          <input
            id={`${id}-slug`}
            value={draft.slug}
            maxLength={200}
            onChange={(event) => set({ slug: event.target.value })}
            {...described('slug', `${id}-slug-hint`)}
          />
          <p id={`${id}-slug-hint`} className={styles.hint}>
            {PRODUCT_TEXTS.slugHint}
          </p>
          {note('slug')}
          {product && product.old_slugs.length > 0 ? (
            <p className={styles.hint}>
              {PRODUCT_TEXTS.oldSlugs}: {product.old_slugs.join(', ')}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-short`}>Short description</label>
          <input
            id={`${id}-short`}
            value={draft.short_description}
            maxLength={500}
            onChange={(event) => set({ short_description: event.target.value })}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            rows={8}
            value={draft.description}
            maxLength={50_000}
            onChange={(event) => set({ description: event.target.value })}
            aria-describedby={`${id}-description-hint`}
          />
          <p id={`${id}-description-hint`} className={styles.hint}>
            {PRODUCT_TEXTS.descriptionHint}
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-hint`}>Hint</label>
          <input
            id={`${id}-hint`}
            value={draft.hint}
            maxLength={500}
            onChange={(event) => set({ hint: event.target.value })}
          />
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Price and stock</legend>
        <div className={styles.columns}>
          <div className={styles.field}>
            <label htmlFor={`${id}-price`}>Price (USD)</label>
            <input
              id={`${id}-price`}
              inputMode="decimal"
              value={draft.price}
              onChange={(event) => set({ price: event.target.value })}
              {...described('price')}
            />
            {note('price')}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-old-price`}>Old price (USD, optional)</label>
            <input
              id={`${id}-old-price`}
              inputMode="decimal"
              value={draft.old_price}
              onChange={(event) => set({ old_price: event.target.value })}
              {...described('old_price')}
            />
            {note('old_price')}
          </div>
          {product === null ? (
            <div className={styles.field}>
              <label htmlFor={`${id}-stock`}>Stock</label>
              <input
                id={`${id}-stock`}
                inputMode="numeric"
                value={draft.stock_quantity}
                onChange={(event) => set({ stock_quantity: event.target.value })}
                {...described('stock_quantity', `${id}-stock-hint`)}
              />
              <p id={`${id}-stock-hint`} className={styles.hint}>
                {PRODUCT_TEXTS.stockHint}
              </p>
              {note('stock_quantity')}
            </div>
          ) : (
            <p className={styles.hint}>{PRODUCT_TEXTS.stockNow(product.stock_quantity)}</p>
          )}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Flags and supplier</legend>
        <div className={styles.columns}>
          {(
            [
              ['hot', 'Hot'],
              ['new_item', 'New'],
              ['free_delivery', 'Free delivery'],
              ['is_customizable', 'Customizable'],
            ] as const
          ).map(([flag, label]) => (
            <div key={flag} className={styles.check}>
              <input
                id={`${id}-${flag}`}
                type="checkbox"
                checked={draft[flag]}
                onChange={(event) => set({ [flag]: event.target.checked })}
              />
              <label htmlFor={`${id}-${flag}`}>{label}</label>
            </div>
          ))}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-supplier`}>Supplier</label>
          <select
            id={`${id}-supplier`}
            value={draft.supplier_id}
            onChange={(event) => set({ supplier_id: event.target.value })}
          >
            <option value="">No supplier</option>
            {options.suppliers.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
              </option>
            ))}
          </select>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Category</legend>
        <div className={styles.columns}>
          <div className={styles.field}>
            <label htmlFor={`${id}-type`}>Product type</label>
            <select
              id={`${id}-type`}
              value={draft.type_id}
              onChange={(event) => set({ type_id: event.target.value, category_id: '', sub_category_id: '' })}
              {...described('type_id')}
            >
              <option value="">Choose a type</option>
              {options.types.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
            {note('type_id')}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-category`}>Category</label>
            <select
              id={`${id}-category`}
              value={draft.category_id}
              onChange={(event) => set({ category_id: event.target.value, sub_category_id: '' })}
              {...described('category_id')}
            >
              <option value="">Choose a category</option>
              {(type?.categories ?? []).map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
            {note('category_id')}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-sub-category`}>Sub-category</label>
            <select
              id={`${id}-sub-category`}
              value={draft.sub_category_id}
              onChange={(event) => set({ sub_category_id: event.target.value })}
              {...described('sub_category_id')}
            >
              <option value="">Choose a sub-category</option>
              {(category?.sub_categories ?? []).map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
            {note('sub_category_id')}
          </div>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Specifications</legend>
        {draft.specifications.map((spec, index) => {
          const change = (changes: Partial<typeof spec>) =>
            set({
              specifications: draft.specifications.map((row) =>
                row.key === spec.key ? { ...row, ...changes } : row,
              ),
            });
          const n = index + 1;
          return (
            <div key={spec.key} className={styles.row}>
              <div className={styles.field}>
                <label htmlFor={`${id}-spec-${spec.key}-name`}>Specification {n} name</label>
                <input
                  id={`${id}-spec-${spec.key}-name`}
                  value={spec.name}
                  maxLength={100}
                  onChange={(event) => change({ name: event.target.value })}
                />
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-spec-${spec.key}-value`}>Specification {n} value</label>
                <input
                  id={`${id}-spec-${spec.key}-value`}
                  value={spec.value}
                  maxLength={500}
                  onChange={(event) => change({ value: event.target.value })}
                />
              </div>
              <div className={styles.check}>
                <input
                  id={`${id}-spec-${spec.key}-quick`}
                  type="checkbox"
                  checked={spec.quick_view}
                  onChange={(event) => change({ quick_view: event.target.checked })}
                />
                <label htmlFor={`${id}-spec-${spec.key}-quick`}>Specification {n} in quick view</label>
              </div>
              <div className={styles.rowActions}>
                <button
                  type="button"
                  aria-label={`Move specification ${n} up`}
                  disabled={index === 0}
                  onClick={() => set({ specifications: moved(draft.specifications, index, -1) })}
                >
                  Up
                </button>
                <button
                  type="button"
                  aria-label={`Move specification ${n} down`}
                  disabled={index === draft.specifications.length - 1}
                  onClick={() => set({ specifications: moved(draft.specifications, index, 1) })}
                >
                  Down
                </button>
                <button
                  type="button"
                  aria-label={`Remove specification ${n}`}
                  onClick={() =>
                    set({ specifications: draft.specifications.filter((row) => row.key !== spec.key) })
                  }
                >
                  Remove
                </button>
              </div>
            </div>
          );
        })}
        {note('specifications')}
        <button
          type="button"
          className={styles.button}
          onClick={() =>
            set({
              specifications: [
                ...draft.specifications,
                { key: rowKey(), name: '', value: '', quick_view: false },
              ],
            })
          }
        >
          Add a specification
        </button>
      </fieldset>

      {draft.is_customizable ? (
        <fieldset className={styles.fieldset}>
          <legend>Customization</legend>
          <div className={styles.columns}>
            {(
              [
                ['logo', 'Logo'],
                ['to_whom', 'To whom'],
                ['sender', 'From (sender)'],
                ['message', 'Message'],
              ] as const
            ).map(([option, label]) => (
              <div key={option} className={styles.check}>
                <input
                  id={`${id}-custom-${option}`}
                  type="checkbox"
                  checked={draft.customization[option]}
                  onChange={(event) =>
                    set({ customization: { ...draft.customization, [option]: event.target.checked } })
                  }
                />
                <label htmlFor={`${id}-custom-${option}`}>{label}</label>
              </div>
            ))}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-custom-price`}>Customization price per piece (USD)</label>
            <input
              id={`${id}-custom-price`}
              inputMode="decimal"
              value={draft.customization.price}
              onChange={(event) =>
                set({ customization: { ...draft.customization, price: event.target.value } })
              }
              {...described('customization')}
            />
          </div>
          {note('customization')}
        </fieldset>
      ) : null}

      <fieldset className={styles.fieldset}>
        <legend>Packaging</legend>
        <div className={styles.field}>
          <label htmlFor={`${id}-packaging-level`}>Packaging is priced</label>
          <select
            id={`${id}-packaging-level`}
            value={draft.packaging_level}
            onChange={(event) => set({ packaging_level: event.target.value === 'line' ? 'line' : 'item' })}
          >
            <option value="item">per piece</option>
            <option value="line">once per cart line</option>
          </select>
        </div>
        {draft.packagings.map((row, index) => {
          const change = (changes: Partial<typeof row>) =>
            set({
              packagings: draft.packagings.map((other) =>
                other.key === row.key ? { ...other, ...changes } : other,
              ),
            });
          const n = index + 1;
          return (
            <div key={row.key} className={styles.row}>
              <div className={styles.field}>
                <label htmlFor={`${id}-pack-${row.key}`}>Packaging {n}</label>
                <select
                  id={`${id}-pack-${row.key}`}
                  value={row.packaging_id}
                  onChange={(event) => change({ packaging_id: event.target.value })}
                >
                  <option value="">Choose a packaging</option>
                  {options.packagings.map((pack) => (
                    <option key={pack.id} value={pack.id}>
                      {pack.title}
                    </option>
                  ))}
                </select>
              </div>
              <div className={styles.field}>
                <label htmlFor={`${id}-pack-${row.key}-price`}>Packaging {n} price (USD)</label>
                <input
                  id={`${id}-pack-${row.key}-price`}
                  inputMode="decimal"
                  value={row.price}
                  onChange={(event) => change({ price: event.target.value })}
                />
              </div>
              <button
                type="button"
                aria-label={`Remove packaging ${n}`}
                onClick={() => set({ packagings: draft.packagings.filter((other) => other.key !== row.key) })}
              >
                Remove
              </button>
            </div>
          );
        })}
        {note('packagings')}
        <button
          type="button"
          className={styles.button}
          onClick={() =>
            set({ packagings: [...draft.packagings, { key: rowKey(), packaging_id: '', price: '0' }] })
          }
        >
          Add a packaging
        </button>
      </fieldset>

      <MediaRows rows={draft.media} onChange={(media) => set({ media })} problem={note('media')} />

      <GroupPicker draft={draft} productId={product?.id ?? null} onChange={set} problem={note('group')} />

      {problems ? (
        <div role="alert" className={styles.problems}>
          <p>{PRODUCT_TEXTS.problemsTitle}</p>
          <ul>
            {Object.values(problems).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? PRODUCT_TEXTS.saving : product ? PRODUCT_TEXTS.save : PRODUCT_TEXTS.create}
      </button>
    </form>
  );
}
