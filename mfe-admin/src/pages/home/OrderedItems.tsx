import type {
  AdminBanner,
  AdminHeroSlide,
  AdminHomeContent,
  BannerInput,
  HeroSlideInput,
} from '@shop/contract/schemas/homeContent';
import {
  HERO_SLIDES_MAX,
  HOME_CONTENT_MESSAGES,
  HOME_TEXT_MAX,
  homeLinkProblem,
} from '@shop/contract/schemas/homeContent';
import type { UploadedImage } from '@shop/contract/schemas/images';
import type { Refusal as RefusalValue } from '@shop/shared/form';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { DoneNote } from '../../app/DoneNote';
import { ImageField } from '../../app/ImageField';
import { Refusal } from '../../app/Refusal';
import { SelectField, TextField } from './HomeFields';
import styles from './homeContent.module.css';
import { HOME_TEXTS } from './homeTexts';
import { type HomeChange, useHomeChange } from './useHomeChange';

/** Where a panel hands the content a change answered (the page shows it). */
export type ContentTaker = (content: AdminHomeContent) => void;

/** The generated drawing's address, for an item with no uploaded picture (the storefront's). */
const drawingOf = (kind: 'hero-slides' | 'banners', id: number) => `/backend/api/images/${kind}/${id}.svg`;

/** A link the form refuses before sending (the API checks the same rule). */
function linkRefusal(link: string, field: string): RefusalValue | null {
  const problem = homeLinkProblem(link.trim());
  return problem ? { message: problem, fields: { [field]: problem } } : null;
}

// ---------------------------------------------------------------- the item form

/** What a slide's or a banner's form edits: texts, choices and the picture. */
type ItemInput = Record<string, string | number | null> & { image_id: number | null };
/** The fields of `Input` that hold text (`null` where the text is optional). */
type TextName<Input> = {
  [Name in keyof Input]: Input[Name] extends string | null ? Name : never;
}[keyof Input];
/** The fields of `Input` that hold one of a few values. */
type ChoiceName<Input> = {
  [Name in keyof Input]: Input[Name] extends string | number ? Name : never;
}[keyof Input];

/**
 * One field of an item's form. A `text` is sent as typed, or, when `optional`, trimmed and
 * `null` when blank; a `link` is a text with the link hint, checked before sending as on the API;
 * a `choice` picks one of its options.
 */
type ItemField<Input> =
  | { kind: 'text'; name: TextName<Input> & string; label: string; maxLength: number; optional?: true }
  | { kind: 'link'; name: TextName<Input> & string; label: string }
  | {
      kind: 'choice';
      name: ChoiceName<Input> & string;
      label: string;
      options: readonly { value: string | number; label: string }[];
    };

/** A text field's value as its input shows it (an optional text left out is blank). */
const textOf = (value: string | number | null | undefined): string =>
  typeof value === 'string' ? value : '';

/**
 * The form of a slide or a banner: its fields in order, then the picture, the refusal not
 * naming a field, Save and Cancel. A link refused before sending is shown at its field.
 */
function ItemForm<Input extends ItemInput>({
  fields,
  title,
  first,
  image: firstImage,
  change,
  save,
  close,
}: {
  fields: readonly ItemField<Input>[];
  title: string;
  first: Input;
  image: UploadedImage | null;
  change: HomeChange;
  save: (input: Input) => Promise<boolean>;
  close: () => void;
}): ReactNode {
  const [input, setInput] = useState(first);
  const [image, setImage] = useState(firstImage);
  const [refusedHere, setRefusedHere] = useState<RefusalValue | null>(null);
  const refusal = refusedHere ?? change.refusal;
  const set = (name: string) => (value: string | number) => setInput({ ...input, [name]: value });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let refused: RefusalValue | null = null;
    for (const field of fields)
      if (field.kind === 'link') refused ??= linkRefusal(textOf(input[field.name]), field.name);
    setRefusedHere(refused);
    if (refused) return;
    let sent: Input = input;
    for (const field of fields)
      if (field.kind === 'text' && field.optional) {
        const text = textOf(input[field.name]).trim();
        sent = { ...sent, [field.name]: text === '' ? null : text };
      }
    if (await save({ ...sent, image_id: image?.id ?? null })) close();
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3>{title}</h3>
      {fields.map((field) =>
        field.kind === 'choice' ? (
          <SelectField
            key={field.name}
            label={field.label}
            value={input[field.name] ?? ''}
            options={field.options}
            onChange={set(field.name)}
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            value={textOf(input[field.name])}
            onChange={set(field.name)}
            maxLength={field.kind === 'link' ? HOME_TEXT_MAX.link : field.maxLength}
            refusal={refusal}
            hint={field.kind === 'link' ? HOME_TEXTS.linkHint : undefined}
          />
        ),
      )}
      <ImageField label="Picture" value={image} onChange={setImage} />
      <Refusal refusal={refusal && Object.keys(refusal.fields).length === 0 ? refusal : null} />
      <div className={styles.actions}>
        <button type="submit" disabled={change.busy}>
          {HOME_TEXTS.save}
        </button>
        <button type="button" onClick={close}>
          {HOME_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------- slides

const emptySlide: HeroSlideInput = {
  title: '',
  sub_title: '',
  button_text: '',
  button_link: '/',
  offer_tag: null,
  image_id: null,
};

const slideInputOf = (slide: AdminHeroSlide): HeroSlideInput => ({
  title: slide.title,
  sub_title: slide.sub_title,
  button_text: slide.button_text,
  button_link: slide.button_link,
  offer_tag: slide.offer_tag,
  image_id: slide.image?.id ?? null,
});

/** A slide's form, top to bottom. */
const SLIDE_FIELDS: readonly ItemField<HeroSlideInput>[] = [
  { kind: 'text', name: 'title', label: 'Title', maxLength: HOME_TEXT_MAX.title },
  { kind: 'text', name: 'sub_title', label: 'Sub-title', maxLength: HOME_TEXT_MAX.sub_title },
  { kind: 'text', name: 'button_text', label: 'Button text', maxLength: HOME_TEXT_MAX.button_text },
  { kind: 'link', name: 'button_link', label: 'Button link' },
  {
    kind: 'text',
    name: 'offer_tag',
    label: 'Offer tag (optional)',
    maxLength: HOME_TEXT_MAX.offer_tag,
    optional: true,
  },
];

/** The hero slides: in order, each with Edit, Move up and down, Remove; Add while fewer than five. */
export function HeroSlides({
  slides,
  onContent,
}: {
  slides: AdminHeroSlide[];
  onContent: ContentTaker;
}): ReactNode {
  const id = useId();
  const change = useHomeChange(onContent);
  /** The slide being edited: 'new', an id, or none. */
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const full = slides.length >= HERO_SLIDES_MAX;
  const edited = typeof editing === 'number' ? slides.find((slide) => slide.id === editing) : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`}>{HOME_TEXTS.slides}</h2>
      <p className={styles.hint}>{HOME_TEXTS.slidesHint}</p>
      <ol className={styles.items}>
        {slides.map((slide, at) => (
          <li key={slide.id} className={styles.item}>
            <img
              src={slide.image?.url ?? drawingOf('hero-slides', slide.id)}
              alt=""
              className={styles.thumb}
            />
            <span className={styles.itemText}>
              {slide.title}
              {at >= HERO_SLIDES_MAX ? ` (${HOME_TEXTS.notShown})` : ''}
            </span>
            <button
              type="button"
              onClick={() => setEditing(slide.id)}
              aria-label={`${HOME_TEXTS.edit} ${slide.title}`}
            >
              {HOME_TEXTS.edit}
            </button>
            <MoveButtons
              name={slide.title}
              first={at === 0}
              last={at === slides.length - 1}
              busy={change.busy}
              move={(direction) =>
                change.run(`Moved ${slide.title} ${direction}.`, (api) =>
                  api.post('admin/home/slides/:id/move', { direction }, { params: { id: slide.id } }),
                )
              }
            />
            <button
              type="button"
              disabled={change.busy}
              aria-label={`${HOME_TEXTS.remove} ${slide.title}`}
              onClick={() =>
                void change.run(`Removed ${slide.title}.`, (api) =>
                  api.delete('admin/home/slides/:id', { params: { id: slide.id } }),
                )
              }
            >
              {HOME_TEXTS.remove}
            </button>
          </li>
        ))}
      </ol>
      {full ? <p className={styles.hint}>{HOME_CONTENT_MESSAGES.slidesFull}</p> : null}
      {editing === null ? (
        <button type="button" className={styles.actions} disabled={full} onClick={() => setEditing('new')}>
          {HOME_TEXTS.addSlide}
        </button>
      ) : (
        <ItemForm
          key={String(editing)}
          fields={SLIDE_FIELDS}
          title={edited ? `${HOME_TEXTS.edit} ${edited.title}` : HOME_TEXTS.addSlide}
          first={edited ? slideInputOf(edited) : emptySlide}
          image={edited?.image ?? null}
          change={change}
          save={(input) =>
            edited
              ? change.run(`Saved ${input.title}.`, (api) =>
                  api.put('admin/home/slides/:id', input, { params: { id: edited.id } }),
                )
              : change.run(`Added ${input.title}.`, (api) => api.post('admin/home/slides', input))
          }
          close={() => setEditing(null)}
        />
      )}
      <DoneNote note={change.done} className={styles.saved} />
    </section>
  );
}

function MoveButtons({
  name,
  first,
  last,
  busy,
  move,
}: {
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  move: (direction: 'up' | 'down') => Promise<boolean>;
}): ReactNode {
  return (
    <>
      <button
        type="button"
        disabled={busy || first}
        aria-label={`${HOME_TEXTS.moveUp}: ${name}`}
        onClick={() => void move('up')}
      >
        {HOME_TEXTS.moveUp}
      </button>
      <button
        type="button"
        disabled={busy || last}
        aria-label={`${HOME_TEXTS.moveDown}: ${name}`}
        onClick={() => void move('down')}
      >
        {HOME_TEXTS.moveDown}
      </button>
    </>
  );
}

// ---------------------------------------------------------------- banners

const emptyBanner: BannerInput = {
  title: '',
  sub_title: '',
  template: 1,
  link_type: 'Box',
  link: '/',
  button_text: '',
  image_id: null,
};

const bannerInputOf = (banner: AdminBanner): BannerInput => ({
  title: banner.title,
  sub_title: banner.sub_title,
  template: banner.template,
  link_type: banner.link_type,
  link: banner.link,
  button_text: banner.button_text,
  image_id: banner.image?.id ?? null,
});

const TEMPLATES = [
  { value: 1, label: 'Template 1 (purple)' },
  { value: 2, label: 'Template 2 (green)' },
  { value: 3, label: 'Template 3 (pink)' },
] as const;
const LINK_TYPES = [
  { value: 'Box', label: 'Box (the whole banner is the link)' },
  { value: 'Button', label: 'Button (only its button is)' },
] as const;

/** A banner's form, top to bottom. */
const BANNER_FIELDS: readonly ItemField<BannerInput>[] = [
  { kind: 'choice', name: 'template', label: 'Template', options: TEMPLATES },
  { kind: 'choice', name: 'link_type', label: 'Link type', options: LINK_TYPES },
  { kind: 'link', name: 'link', label: 'Link' },
  { kind: 'text', name: 'title', label: 'Title', maxLength: HOME_TEXT_MAX.title },
  { kind: 'text', name: 'sub_title', label: 'Sub-title', maxLength: HOME_TEXT_MAX.sub_title },
  { kind: 'text', name: 'button_text', label: 'Button text', maxLength: HOME_TEXT_MAX.button_text },
];

/** The promotional banners: in order, each with Edit, Move up and down, Remove; Add. */
export function Banners({
  banners,
  onContent,
}: {
  banners: AdminBanner[];
  onContent: ContentTaker;
}): ReactNode {
  const id = useId();
  const change = useHomeChange(onContent);
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const edited = typeof editing === 'number' ? banners.find((banner) => banner.id === editing) : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`}>{HOME_TEXTS.banners}</h2>
      <ol className={styles.items}>
        {banners.map((banner, at) => (
          <li key={banner.id} className={styles.item}>
            <img src={banner.image?.url ?? drawingOf('banners', banner.id)} alt="" className={styles.thumb} />
            <span className={styles.itemText}>{banner.title}</span>
            <button
              type="button"
              onClick={() => setEditing(banner.id)}
              aria-label={`${HOME_TEXTS.edit} ${banner.title}`}
            >
              {HOME_TEXTS.edit}
            </button>
            <MoveButtons
              name={banner.title}
              first={at === 0}
              last={at === banners.length - 1}
              busy={change.busy}
              move={(direction) =>
                change.run(`Moved ${banner.title} ${direction}.`, (api) =>
                  api.post('admin/home/banners/:id/move', { direction }, { params: { id: banner.id } }),
                )
              }
            />
            <button
              type="button"
              disabled={change.busy}
              aria-label={`${HOME_TEXTS.remove} ${banner.title}`}
              onClick={() =>
                void change.run(`Removed ${banner.title}.`, (api) =>
                  api.delete('admin/home/banners/:id', { params: { id: banner.id } }),
                )
              }
            >
              {HOME_TEXTS.remove}
            </button>
          </li>
        ))}
      </ol>
      {editing === null ? (
        <button type="button" className={styles.actions} onClick={() => setEditing('new')}>
          {HOME_TEXTS.addBanner}
        </button>
      ) : (
        <ItemForm
          key={String(editing)}
          fields={BANNER_FIELDS}
          title={edited ? `${HOME_TEXTS.edit} ${edited.title}` : HOME_TEXTS.addBanner}
          first={edited ? bannerInputOf(edited) : emptyBanner}
          image={edited?.image ?? null}
          change={change}
          save={(input) =>
            edited
              ? change.run(`Saved ${input.title}.`, (api) =>
                  api.put('admin/home/banners/:id', input, { params: { id: edited.id } }),
                )
              : change.run(`Added ${input.title}.`, (api) => api.post('admin/home/banners', input))
          }
          close={() => setEditing(null)}
        />
      )}
      <DoneNote note={change.done} className={styles.saved} />
    </section>
  );
}
