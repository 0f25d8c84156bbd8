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
        <SlideForm
          key={String(editing)}
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

function SlideForm({
  title,
  first,
  image: firstImage,
  change,
  save,
  close,
}: {
  title: string;
  first: HeroSlideInput;
  image: UploadedImage | null;
  change: HomeChange;
  save: (input: HeroSlideInput) => Promise<boolean>;
  close: () => void;
}): ReactNode {
  const [input, setInput] = useState(first);
  const [image, setImage] = useState(firstImage);
  const [refusedHere, setRefusedHere] = useState<RefusalValue | null>(null);
  const refusal = refusedHere ?? change.refusal;
  const set = (field: keyof HeroSlideInput) => (value: string) => setInput({ ...input, [field]: value });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = linkRefusal(input.button_link, 'button_link');
    setRefusedHere(refused);
    if (refused) return;
    const offer = input.offer_tag?.trim() ?? '';
    if (await save({ ...input, offer_tag: offer === '' ? null : offer, image_id: image?.id ?? null }))
      close();
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3>{title}</h3>
      <TextField
        label="Title"
        name="title"
        value={input.title}
        onChange={set('title')}
        maxLength={HOME_TEXT_MAX.title}
        refusal={refusal}
      />
      <TextField
        label="Sub-title"
        name="sub_title"
        value={input.sub_title}
        onChange={set('sub_title')}
        maxLength={HOME_TEXT_MAX.sub_title}
        refusal={refusal}
      />
      <TextField
        label="Button text"
        name="button_text"
        value={input.button_text}
        onChange={set('button_text')}
        maxLength={HOME_TEXT_MAX.button_text}
        refusal={refusal}
      />
      <TextField
        label="Button link"
        name="button_link"
        value={input.button_link}
        onChange={set('button_link')}
        maxLength={HOME_TEXT_MAX.link}
        refusal={refusal}
        hint={HOME_TEXTS.linkHint}
      />
      <TextField
        label="Offer tag (optional)"
        name="offer_tag"
        value={input.offer_tag ?? ''}
        onChange={set('offer_tag')}
        maxLength={HOME_TEXT_MAX.offer_tag}
        refusal={refusal}
      />
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
        <BannerForm
          key={String(editing)}
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

function BannerForm({
  title,
  first,
  image: firstImage,
  change,
  save,
  close,
}: {
  title: string;
  first: BannerInput;
  image: UploadedImage | null;
  change: HomeChange;
  save: (input: BannerInput) => Promise<boolean>;
  close: () => void;
}): ReactNode {
  const [input, setInput] = useState(first);
  const [image, setImage] = useState(firstImage);
  const [refusedHere, setRefusedHere] = useState<RefusalValue | null>(null);
  const refusal = refusedHere ?? change.refusal;
  const set = (field: 'title' | 'sub_title' | 'link' | 'button_text') => (value: string) =>
    setInput({ ...input, [field]: value });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = linkRefusal(input.link, 'link');
    setRefusedHere(refused);
    if (refused) return;
    if (await save({ ...input, image_id: image?.id ?? null })) close();
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3>{title}</h3>
      <SelectField
        label="Template"
        value={input.template}
        options={TEMPLATES}
        onChange={(template) => setInput({ ...input, template })}
      />
      <SelectField
        label="Link type"
        value={input.link_type}
        options={LINK_TYPES}
        onChange={(linkType) => setInput({ ...input, link_type: linkType })}
      />
      <TextField
        label="Link"
        name="link"
        value={input.link}
        onChange={set('link')}
        maxLength={HOME_TEXT_MAX.link}
        refusal={refusal}
        hint={HOME_TEXTS.linkHint}
      />
      <TextField
        label="Title"
        name="title"
        value={input.title}
        onChange={set('title')}
        maxLength={HOME_TEXT_MAX.title}
        refusal={refusal}
      />
      <TextField
        label="Sub-title"
        name="sub_title"
        value={input.sub_title}
        onChange={set('sub_title')}
        maxLength={HOME_TEXT_MAX.sub_title}
        refusal={refusal}
      />
      <TextField
        label="Button text"
        name="button_text"
        value={input.button_text}
        onChange={set('button_text')}
        maxLength={HOME_TEXT_MAX.button_text}
        refusal={refusal}
      />
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
