import {
  type AdminCategoryBlock,
  type AdminDeal,
  type AdminHomeContent,
  BLOCK_POSITIONS_MAX,
  DEAL_PRODUCTS_MAX,
  HOME_CONTENT_MESSAGES,
  HOME_TEXT_MAX,
} from '@shop/contract/schemas/homeContent';
import { shownData } from '@shop/shared';
import type { Refusal as RefusalValue } from '@shop/shared/form';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import { SelectField, TextField } from './HomeFields';
import styles from './homeContent.module.css';
import { HOME_TEXTS } from './homeTexts';
import type { ContentTaker } from './OrderedItems';
import { useHomeChange } from './useHomeChange';

/** Fewest letters a product search sends. */
const SEARCH_MIN = 2;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a datetime-local input's value, in the admin's own time zone. */
export function localInputOf(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
/** Tomorrow at this time: the end a new deal starts with. */
const tomorrow = () => localInputOf(new Date(Date.now() + 86_400_000).toISOString());

type DealProduct = AdminDeal['products'][number];

/**
 * The deal of the day: its title, end (in the admin's time zone) and products, picked by a search
 * of the catalogue (GET admin/products) and kept in the order added; End the deal now.
 */
export function DealOfTheDay({
  deal,
  onContent,
}: {
  deal: AdminDeal | null;
  onContent: ContentTaker;
}): ReactNode {
  const id = useId();
  const change = useHomeChange(onContent);
  const [title, setTitle] = useState(deal?.title ?? 'Deal of the day');
  const [endsAt, setEndsAt] = useState(deal ? localInputOf(deal.ends_at) : tomorrow());
  const [chosen, setChosen] = useState<DealProduct[]>(deal?.products ?? []);
  const [words, setWords] = useState('');
  const [q, setQ] = useState('');
  const found = shownData(useAdminRead('admin/products', { query: { q } }, q.length >= SEARCH_MIN));
  const [refusedHere, setRefusedHere] = useState<RefusalValue | null>(null);
  const refusal = refusedHere ?? change.refusal;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const end = new Date(endsAt);
    if (Number.isNaN(end.getTime()) || end.getTime() <= Date.now()) {
      setRefusedHere({
        message: HOME_CONTENT_MESSAGES.dealEnded,
        fields: { ends_at: HOME_CONTENT_MESSAGES.dealEnded },
      });
      return;
    }
    setRefusedHere(null);
    void change.run('Saved the deal of the day.', (api) =>
      api.put('admin/home/deal', {
        title: title.trim(),
        ends_at: end.toISOString(),
        product_ids: chosen.map((product) => product.id),
      }),
    );
  };
  const search = () => setQ(words.trim());

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`}>{HOME_TEXTS.deal}</h2>
      {deal ? null : <p className={styles.hint}>{HOME_TEXTS.noDeal}</p>}
      <form className={styles.form} onSubmit={submit} noValidate aria-label={HOME_TEXTS.deal}>
        <TextField
          label={HOME_TEXTS.dealTitle}
          name="title"
          value={title}
          onChange={setTitle}
          maxLength={HOME_TEXT_MAX.title}
          refusal={refusal}
        />
        <TextField
          label={HOME_TEXTS.endsAt}
          name="ends_at"
          type="datetime-local"
          value={endsAt}
          onChange={setEndsAt}
          refusal={refusal}
        />
        <h3 id={`${id}-products`}>{HOME_TEXTS.dealProducts}</h3>
        {chosen.length === 0 ? <p className={styles.hint}>{HOME_TEXTS.noProducts}</p> : null}
        <ol className={styles.items} aria-labelledby={`${id}-products`}>
          {chosen.map((product) => (
            <li key={product.id} className={styles.item}>
              <span className={styles.itemText}>{product.title}</span>
              <button
                type="button"
                aria-label={`${HOME_TEXTS.remove} ${product.title}`}
                onClick={() => setChosen(chosen.filter((each) => each.id !== product.id))}
              >
                {HOME_TEXTS.remove}
              </button>
            </li>
          ))}
        </ol>
        {refusal?.fields.product_ids ? <p className={styles.hint}>{refusal.fields.product_ids}</p> : null}
        <div className={styles.field}>
          <label htmlFor={`${id}-search`}>{HOME_TEXTS.findProduct}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={words}
            maxLength={100}
            onChange={(event) => setWords(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches; it does not save the deal.
              if (event.key === 'Enter') {
                event.preventDefault();
                search();
              }
            }}
          />
        </div>
        <button type="button" onClick={search}>
          {HOME_TEXTS.find}
        </button>
        {found && q.length >= SEARCH_MIN ? (
          <ul className={styles.items} aria-label="Products found">
            {found.items.map((product) => (
              <li key={product.id} className={styles.item}>
                <span className={styles.itemText}>{product.title}</span>
                <button
                  type="button"
                  disabled={
                    chosen.some((each) => each.id === product.id) || chosen.length >= DEAL_PRODUCTS_MAX
                  }
                  aria-label={`${HOME_TEXTS.add} ${product.title}`}
                  onClick={() =>
                    setChosen([...chosen, { id: product.id, title: product.title, slug: product.slug }])
                  }
                >
                  {HOME_TEXTS.add}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <Refusal refusal={refusal && Object.keys(refusal.fields).length === 0 ? refusal : null} />
        <div className={styles.actions}>
          <button type="submit" disabled={change.busy || chosen.length === 0}>
            {HOME_TEXTS.save}
          </button>
          {deal ? (
            <button
              type="button"
              disabled={change.busy}
              onClick={() =>
                void change.run('The deal of the day has ended.', (api) => api.delete('admin/home/deal'))
              }
            >
              {HOME_TEXTS.endDeal}
            </button>
          ) : null}
        </div>
      </form>
      <DoneNote note={change.done} className={styles.saved} />
    </section>
  );
}

/**
 * The category blocks by position: each names a product type and some of its categories. A block
 * is set (or replaced) at a position with the form, and removed from the list.
 */
export function CategoryBlocks({
  blocks,
  types,
  onContent,
}: {
  blocks: AdminCategoryBlock[];
  types: AdminHomeContent['types'];
  onContent: ContentTaker;
}): ReactNode {
  const id = useId();
  const change = useHomeChange(onContent);
  const firstFree = Array.from({ length: BLOCK_POSITIONS_MAX }, (_, at) => at + 1).find(
    (position) => !blocks.some((block) => block.position === position),
  );
  const [position, setPosition] = useState(firstFree ?? 1);
  const [typeId, setTypeId] = useState(types[0]?.id ?? 0);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const type = types.find((each) => each.id === typeId);

  const edit = (block: AdminCategoryBlock) => {
    setPosition(block.position);
    setTypeId(block.product_type.id);
    setCategoryIds(block.categories.map((category) => category.id));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void change.run(`Saved the block at position ${position}.`, (api) =>
      api.put(
        'admin/home/category-blocks/:position',
        { product_type_id: typeId, category_ids: categoryIds },
        { params: { position } },
      ),
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`}>{HOME_TEXTS.blocks}</h2>
      <ol className={styles.items}>
        {blocks.map((block) => {
          const name = `${HOME_TEXTS.position} ${block.position}: ${block.product_type.name}`;
          return (
            <li key={block.position} className={styles.item}>
              <span className={styles.itemText}>
                {name} ({block.categories.map((category) => category.name).join(', ') || '—'})
              </span>
              <button type="button" aria-label={`${HOME_TEXTS.edit} ${name}`} onClick={() => edit(block)}>
                {HOME_TEXTS.edit}
              </button>
              <button
                type="button"
                disabled={change.busy}
                aria-label={`${HOME_TEXTS.remove} ${name}`}
                onClick={() =>
                  void change.run(`Removed the block at position ${block.position}.`, (api) =>
                    api.delete('admin/home/category-blocks/:position', {
                      params: { position: block.position },
                    }),
                  )
                }
              >
                {HOME_TEXTS.remove}
              </button>
            </li>
          );
        })}
      </ol>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={HOME_TEXTS.blocks}>
        <SelectField
          label={HOME_TEXTS.position}
          value={position}
          options={Array.from({ length: BLOCK_POSITIONS_MAX }, (_, at) => ({
            value: at + 1,
            label: String(at + 1),
          }))}
          onChange={setPosition}
        />
        <SelectField
          label={HOME_TEXTS.productType}
          value={typeId}
          options={types.map((each) => ({ value: each.id, label: each.name }))}
          onChange={(next) => {
            setTypeId(next);
            setCategoryIds([]);
          }}
        />
        <fieldset className={styles.choices}>
          <legend>{HOME_TEXTS.blockCategories}</legend>
          {type?.categories.map((category) => (
            <label key={category.id}>
              <input
                type="checkbox"
                checked={categoryIds.includes(category.id)}
                onChange={(event) =>
                  setCategoryIds(
                    event.target.checked
                      ? [...categoryIds, category.id]
                      : categoryIds.filter((each) => each !== category.id),
                  )
                }
              />
              {category.name}
            </label>
          ))}
        </fieldset>
        <Refusal refusal={change.refusal} />
        <button type="submit" disabled={change.busy || !type}>
          {HOME_TEXTS.saveBlock}
        </button>
      </form>
      <DoneNote note={change.done} className={styles.saved} />
    </section>
  );
}
