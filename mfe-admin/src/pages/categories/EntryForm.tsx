import {
  type CategoryTree,
  slugFromName,
  TAXONOMY_NAME_MAX_LENGTH,
  TAXONOMY_SLUG_MAX_LENGTH,
  type TaxonomyLevel,
} from '@shop/contract/schemas/categoryTree';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { adminApi } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { ImageField } from '../../app/ImageField';
import { Refusal } from '../../app/Refusal';
import styles from './categories.module.css';
import { CATEGORY_TEXTS, LEVEL_WORDS, slugPlaceholder } from './categoryTexts';

/** An entry as a row shows it and the form edits it. */
export interface ShownEntry {
  level: TaxonomyLevel;
  id: number;
  name: string;
  slug: string;
  position: number;
  image: UploadedImage | null;
  product_count: number;
  /** Its type (a category's) or category (a sub-category's); null for a type. */
  parentId: number | null;
}

/** The parents an entry of `level` may go under, grouped by type for a sub-category. */
function parentChoices(level: TaxonomyLevel, tree: CategoryTree): ReactNode {
  if (level === 'categories') {
    return tree.types.map((type) => (
      <option key={type.id} value={type.id}>
        {type.name}
      </option>
    ));
  }
  return tree.types.map((type) => (
    <optgroup key={type.id} label={type.name}>
      {type.categories.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
    </optgroup>
  ));
}

/**
 * Adds an entry (`entry` null: under `parentId`) or edits one: its name, slug (made from the name
 * when a new entry's is left empty), parent (a move: its products follow) and picture. The API's
 * refusal (a taken slug, 409) is read out and marks the field it names.
 */
export function EntryForm({
  level,
  entry,
  parentId,
  tree,
  onCancel,
  onSaved,
}: {
  level: TaxonomyLevel;
  entry: ShownEntry | null;
  parentId: number | null;
  tree: CategoryTree;
  onCancel: () => void;
  onSaved: (name: string) => void;
}): ReactNode {
  const id = useId();
  const [name, setName] = useState(entry?.name ?? '');
  const [slug, setSlug] = useState(entry?.slug ?? '');
  const [parent, setParent] = useState(parentId === null ? '' : String(parentId));
  const [image, setImage] = useState<UploadedImage | null>(entry?.image ?? null);
  const [missing, setMissing] = useState<string | null>(null);
  const [action, run] = useAdminAction();
  const parentLabel = LEVEL_WORDS[level].parent;
  const wrong = (field: string) => Boolean(action.refusal?.fields[field]) || undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setMissing(CATEGORY_TEXTS.nameMissing);
    setMissing(null);
    const parentIdChosen = parent ? { parent_id: Number(parent) } : {};
    void run(
      () =>
        entry
          ? adminApi.put(
              'admin/category-tree/:level/:id',
              { name: trimmed, slug: slug.trim(), image_id: image?.id ?? null, ...parentIdChosen },
              { params: { level, id: entry.id } },
            )
          : adminApi.post(
              'admin/category-tree/:level',
              { name: trimmed, slug: slug.trim(), image_id: image?.id ?? null, ...parentIdChosen },
              { params: { level } },
            ),
      (answer) => onSaved(answer.entry.name),
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>{CATEGORY_TEXTS.name}</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          maxLength={TAXONOMY_NAME_MAX_LENGTH}
          aria-invalid={missing !== null || wrong('name')}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-slug`}>{CATEGORY_TEXTS.slug}</label>
        <input
          id={`${id}-slug`}
          value={slug}
          onChange={(event) => setSlug(event.currentTarget.value)}
          placeholder={entry ? undefined : slugPlaceholder(slugFromName(name))}
          required={entry !== null}
          maxLength={TAXONOMY_SLUG_MAX_LENGTH}
          spellCheck={false}
          autoCapitalize="none"
          aria-describedby={`${id}-slug-hint`}
          aria-invalid={wrong('slug')}
        />
        <p id={`${id}-slug-hint`} className={styles.muted}>
          {entry
            ? CATEGORY_TEXTS.slugHint
            : `${CATEGORY_TEXTS.slugHint} ${slugPlaceholder(slugFromName(name))}.`}
        </p>
      </div>
      {parentLabel ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-parent`}>{parentLabel}</label>
          <select
            id={`${id}-parent`}
            value={parent}
            onChange={(event) => setParent(event.currentTarget.value)}
            aria-invalid={wrong('parent_id')}
          >
            {parentChoices(level, tree)}
          </select>
        </div>
      ) : null}
      <ImageField label={CATEGORY_TEXTS.picture} value={image} onChange={setImage} />
      <Refusal refusal={missing} />
      <Refusal refusal={action.refusal} />
      <div className={styles.buttons}>
        <button type="submit" disabled={action.busy}>
          {CATEGORY_TEXTS.save}
        </button>
        <button type="button" onClick={onCancel}>
          {CATEGORY_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}
