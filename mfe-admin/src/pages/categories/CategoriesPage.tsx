import type { CategoryTree, TaxonomyLevel } from '@shop/contract/schemas/categoryTree';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { Dialog } from '@shop/shared/dialog';
import { type ReactNode, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { Refusal } from '../../app/Refusal';
import styles from './categories.module.css';
import { addLabel, CATEGORY_TEXTS, DONE, deleteTitle, editTitle, productCount } from './categoryTexts';
import { EntryForm, type ShownEntry } from './EntryForm';

/** What the page tells after a change: the note, read out and focused (the button may be gone). */
type Done = (note: string) => void;

const CHILD_LEVEL: Record<TaxonomyLevel, TaxonomyLevel | null> = {
  types: 'categories',
  categories: 'sub-categories',
  'sub-categories': null,
};

/**
 * /admin/categories (owners and staff): the tree of product types → categories → sub-categories,
 * each with its picture, slug and product count, and buttons for every change (add, edit — which
 * renames, changes the slug or picture, or moves it under another parent —, move up or down among
 * its siblings, delete): the whole tree is usable from the keyboard, nothing is drag-only.
 */
export default function CategoriesPage(): ReactNode {
  useDocumentTitle(CATEGORY_TEXTS.title);
  const loaded = useAdminRead('admin/category-tree');
  const tree = shownData(loaded);
  const [note, setNote] = useState<string | null>(null);
  const done: Done = (text) => {
    setNote(text);
    refreshAdminReads('admin/category-tree');
  };
  return (
    <section aria-labelledby="categories-title" className={styles.page}>
      <div className={styles.head}>
        <h1 id="categories-title">{CATEGORY_TEXTS.title}</h1>
        {tree ? <AddEntry level="types" parentId={null} tree={tree} done={done} /> : null}
      </div>
      <p className={styles.hint}>{CATEGORY_TEXTS.intro}</p>
      <DoneNote note={note} className={styles.done} />
      {loaded.status === 'failed' ? (
        <ErrorPanel onRetry={loaded.retry} />
      ) : !tree ? (
        <p role="status">{CATEGORY_TEXTS.loading}</p>
      ) : tree.types.length === 0 ? (
        <p>{CATEGORY_TEXTS.empty}</p>
      ) : (
        <ul aria-label={CATEGORY_TEXTS.tree} className={styles.tree}>
          {tree.types.map((type, index) => (
            <li key={type.id}>
              <EntryRow
                entry={{ level: 'types', parentId: null, ...type }}
                index={index}
                siblings={tree.types.length}
                tree={tree}
                done={done}
              />
              <Children level="categories" parentName={type.name}>
                {type.categories.map((category, categoryIndex) => (
                  <li key={category.id}>
                    <EntryRow
                      entry={{ level: 'categories', parentId: type.id, ...category }}
                      index={categoryIndex}
                      siblings={type.categories.length}
                      tree={tree}
                      done={done}
                    />
                    <Children level="sub-categories" parentName={category.name}>
                      {category.sub_categories.map((sub, subIndex) => (
                        <li key={sub.id}>
                          <EntryRow
                            entry={{ level: 'sub-categories', parentId: category.id, ...sub }}
                            index={subIndex}
                            siblings={category.sub_categories.length}
                            tree={tree}
                            done={done}
                          />
                        </li>
                      ))}
                    </Children>
                  </li>
                ))}
              </Children>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Children({
  level,
  parentName,
  children,
}: {
  level: TaxonomyLevel;
  parentName: string;
  children: ReactNode[];
}): ReactNode {
  if (children.length === 0) return null;
  return (
    <ul aria-label={`${level === 'categories' ? 'Categories' : 'Sub-categories'} of ${parentName}`}>
      {children}
    </ul>
  );
}

/** One entry: its picture, name, slug and products, and its buttons. */
function EntryRow({
  entry,
  index,
  siblings,
  tree,
  done,
}: {
  entry: ShownEntry;
  index: number;
  siblings: number;
  tree: CategoryTree;
  done: Done;
}): ReactNode {
  const [action, run] = useAdminAction();
  const childLevel = CHILD_LEVEL[entry.level];
  const move = (by: -1 | 1) =>
    void run(
      () =>
        adminApi.post(
          'admin/category-tree/:level/:id/position',
          { position: index + by },
          { params: { level: entry.level, id: entry.id } },
        ),
      () => done(by < 0 ? DONE.movedUp(entry.name) : DONE.movedDown(entry.name)),
    );
  return (
    <div className={styles.entry}>
      {entry.image ? (
        <img src={entry.image.url} alt="" width={48} height={48} className={styles.picture} />
      ) : (
        <span className={styles.noPicture} aria-hidden="true" />
      )}
      <div className={styles.words}>
        <span className={styles.name}>{entry.name}</span>
        <span className={styles.muted}>
          <code>{entry.slug}</code> · {productCount(entry.product_count)}
        </span>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          aria-label={`Move ${entry.name} up`}
          disabled={index === 0 || action.busy}
          onClick={() => move(-1)}
        >
          Up
        </button>
        <button
          type="button"
          aria-label={`Move ${entry.name} down`}
          disabled={index === siblings - 1 || action.busy}
          onClick={() => move(1)}
        >
          Down
        </button>
        <EditEntry entry={entry} tree={tree} done={done} />
        {childLevel ? (
          <AddEntry level={childLevel} parentId={entry.id} parentName={entry.name} tree={tree} done={done} />
        ) : null}
        <DeleteEntry entry={entry} done={done} />
      </div>
      <Refusal refusal={action.refusal} />
    </div>
  );
}

function AddEntry({
  level,
  parentId,
  parentName,
  tree,
  done,
}: {
  level: TaxonomyLevel;
  parentId: number | null;
  parentName?: string;
  tree: CategoryTree;
  done: Done;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const label = addLabel(level, parentName);
  return (
    <>
      {/* The visible words start the name, which also says where (every row has such a button). */}
      <button type="button" aria-haspopup="dialog" aria-label={label} onClick={() => setOpen(true)}>
        {addLabel(level)}
      </button>
      {open ? (
        <Dialog title={label} onClose={() => setOpen(false)}>
          <EntryForm
            level={level}
            entry={null}
            parentId={parentId}
            tree={tree}
            onCancel={() => setOpen(false)}
            onSaved={(name) => {
              setOpen(false);
              done(DONE.added(name));
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}

function EditEntry({ entry, tree, done }: { entry: ShownEntry; tree: CategoryTree; done: Done }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Edit ${entry.name}`}
        onClick={() => setOpen(true)}
      >
        Edit
      </button>
      {open ? (
        <Dialog title={editTitle(entry.name)} onClose={() => setOpen(false)}>
          <EntryForm
            level={entry.level}
            entry={entry}
            parentId={entry.parentId}
            tree={tree}
            onCancel={() => setOpen(false)}
            onSaved={(name) => {
              setOpen(false);
              done(DONE.saved(name));
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}

/** Delete, confirmed in a dialog; the API's 409 says what still uses the entry, and how many. */
function DeleteEntry({ entry, done }: { entry: ShownEntry; done: Done }): ReactNode {
  const [open, setOpen] = useState(false);
  const [action, run, reset] = useAdminAction();
  const close = () => {
    reset();
    setOpen(false);
  };
  const confirm = () =>
    void run(
      () =>
        adminApi.delete('admin/category-tree/:level/:id', { params: { level: entry.level, id: entry.id } }),
      () => {
        setOpen(false);
        done(DONE.deleted(entry.name));
      },
    );
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Delete ${entry.name}`}
        onClick={() => setOpen(true)}
      >
        {CATEGORY_TEXTS.delete}
      </button>
      {open ? (
        <Dialog title={deleteTitle(entry.name)} onClose={close}>
          <div className={styles.form}>
            <p>{CATEGORY_TEXTS.deleteHint}</p>
            <Refusal refusal={action.refusal} />
            <div className={styles.buttons}>
              <button type="button" disabled={action.busy} onClick={confirm}>
                {CATEGORY_TEXTS.delete}
              </button>
              <button type="button" onClick={close}>
                {CATEGORY_TEXTS.cancel}
              </button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
