/**
 * The home page's content in the back office (issue 22, backend/src/modules/admin/homeContent.ts):
 * hero slides (at most HERO_SLIDES_MAX, ordered), promotional banners, the deal of the day (its
 * products and end time) and the category blocks by position. Owners and staff. Every change
 * answers the whole content again, so the page shows what the storefront now shows.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Id, Nullable } from './common';
import { UploadedImage } from './images';

/** The home slider's slides: the spec's carousel shows up to five. */
export const HERO_SLIDES_MAX = 5;
/** Products in the deal of the day. */
export const DEAL_PRODUCTS_MAX = 12;
/** Categories in one category block. */
export const BLOCK_CATEGORIES_MAX = 12;
/** Category blocks' positions on the home page: 1 to this. */
export const BLOCK_POSITIONS_MAX = 10;
export const HOME_TEXT_MAX = {
  title: 100,
  sub_title: 200,
  button_text: 40,
  offer_tag: 40,
  link: 500,
} as const;

export const HOME_CONTENT_MESSAGES = {
  link: 'Enter a shop path such as /products/lamps, or an address starting with http:// or https://.',
  slidesFull: `The home page shows at most ${HERO_SLIDES_MAX} slides: remove one first.`,
  dealEnded: 'The end time must be in the future.',
} as const;

/**
 * A link of a slide or banner: a path of the shop (`/…`, not `//host`, which is another site) or
 * an absolute http(s) address, without spaces or backslashes. null when fine, else the reason.
 */
export function homeLinkProblem(link: string): string | null {
  if (/[\s\\]/.test(link) || link.length > HOME_TEXT_MAX.link) return HOME_CONTENT_MESSAGES.link;
  if (/^\/(?!\/)/.test(link)) return null;
  if (/^https?:\/\/[^/?#]+/i.test(link)) {
    try {
      const url = new URL(link);
      if (url.protocol === 'http:' || url.protocol === 'https:') return null;
    } catch {
      // Not an address: the reason below.
    }
  }
  return HOME_CONTENT_MESSAGES.link;
}

const Text = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max });
const Link = Type.String({
  minLength: 1,
  maxLength: HOME_TEXT_MAX.link,
  description: 'A shop path (/products/lamps) or an http(s) address',
});
const ImageId = Nullable(
  Id({ description: 'An uploaded picture (POST admin/images); null: the generated drawing' }),
);
const Template = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
const LinkType = Type.Union([Type.Literal('Box'), Type.Literal('Button')]);

export const HeroSlideInput = Type.Object({
  title: Text(HOME_TEXT_MAX.title),
  sub_title: Text(HOME_TEXT_MAX.sub_title, 0),
  button_text: Text(HOME_TEXT_MAX.button_text),
  button_link: Link,
  offer_tag: Nullable(Text(HOME_TEXT_MAX.offer_tag)),
  image_id: ImageId,
});
export const AdminHeroSlide = Type.Object({
  id: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  sub_title: Type.String(),
  button_text: Type.String(),
  button_link: Type.String(),
  offer_tag: Nullable(Type.String()),
  image: Nullable(UploadedImage),
});

export const BannerInput = Type.Object({
  title: Text(HOME_TEXT_MAX.title),
  sub_title: Text(HOME_TEXT_MAX.sub_title, 0),
  template: Template,
  link_type: LinkType,
  link: Link,
  button_text: Text(HOME_TEXT_MAX.button_text),
  image_id: ImageId,
});
export const AdminBanner = Type.Object({
  id: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  sub_title: Type.String(),
  template: Template,
  link_type: LinkType,
  link: Type.String(),
  button_text: Type.String(),
  image: Nullable(UploadedImage),
});

export const DealInput = Type.Object({
  title: Text(HOME_TEXT_MAX.title),
  ends_at: Type.String({ format: 'date-time', description: 'When the deal ends (ISO 8601, in the future)' }),
  product_ids: Type.Array(Id(), { minItems: 1, maxItems: DEAL_PRODUCTS_MAX, uniqueItems: true }),
});
export const AdminDeal = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  starts_at: Type.String(),
  ends_at: Type.String(),
  products: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), slug: Type.String() })),
});

export const CategoryBlockInput = Type.Object({
  product_type_id: Id(),
  category_ids: Type.Array(Id(), { maxItems: BLOCK_CATEGORIES_MAX, uniqueItems: true }),
});
const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
export const AdminCategoryBlock = Type.Object({
  position: Type.Integer(),
  product_type: Named,
  categories: Type.Array(Named),
});

export const AdminHomeContent = Type.Object({
  slides: Type.Array(AdminHeroSlide),
  banners: Type.Array(AdminBanner),
  /** The deal the storefront shows now (null: none running). */
  deal: Nullable(AdminDeal),
  blocks: Type.Array(AdminCategoryBlock),
  /** The block's choices: every product type and its categories, in order. */
  types: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), categories: Type.Array(Named) })),
});

export const HomeItemParams = Type.Object({ id: Id() });
export const BlockPositionParams = Type.Object({
  position: Type.Integer({ minimum: 1, maximum: BLOCK_POSITIONS_MAX }),
});
export const MoveBody = Type.Object({ direction: Type.Union([Type.Literal('up'), Type.Literal('down')]) });

export type HeroSlideInput = Static<typeof HeroSlideInput>;
export type AdminHeroSlide = Static<typeof AdminHeroSlide>;
export type BannerInput = Static<typeof BannerInput>;
export type AdminBanner = Static<typeof AdminBanner>;
export type DealInput = Static<typeof DealInput>;
export type AdminDeal = Static<typeof AdminDeal>;
export type CategoryBlockInput = Static<typeof CategoryBlockInput>;
export type AdminCategoryBlock = Static<typeof AdminCategoryBlock>;
export type AdminHomeContent = Static<typeof AdminHomeContent>;
export type MoveDirection = Static<typeof MoveBody>['direction'];

const answer = { response: AdminHomeContent } as const;

/** `admin/home*`: owners and staff; every change is audited with its before and after. */
export const homeContentEndpoints = endpoints({
  'GET admin/home': {
    summary: "The home page's slides, banners, deal of the day and category blocks",
    ...answer,
  },
  'POST admin/home/slides': {
    summary: `Add a hero slide, last; 409 SLIDES_FULL at ${HERO_SLIDES_MAX}`,
    body: HeroSlideInput,
    created: true,
    ...answer,
  },
  'PUT admin/home/slides/:id': {
    summary: 'Change a hero slide',
    params: HomeItemParams,
    body: HeroSlideInput,
    ...answer,
  },
  'DELETE admin/home/slides/:id': { summary: 'Remove a hero slide', params: HomeItemParams, ...answer },
  'POST admin/home/slides/:id/move': {
    summary: 'Move a hero slide one place up or down',
    params: HomeItemParams,
    body: MoveBody,
    ...answer,
  },
  'POST admin/home/banners': { summary: 'Add a banner, last', body: BannerInput, created: true, ...answer },
  'PUT admin/home/banners/:id': {
    summary: 'Change a banner',
    params: HomeItemParams,
    body: BannerInput,
    ...answer,
  },
  'DELETE admin/home/banners/:id': { summary: 'Remove a banner', params: HomeItemParams, ...answer },
  'POST admin/home/banners/:id/move': {
    summary: 'Move a banner one place up or down',
    params: HomeItemParams,
    body: MoveBody,
    ...answer,
  },
  'PUT admin/home/deal': {
    summary: 'Set the deal of the day: the running one is changed, or one starts now',
    body: DealInput,
    ...answer,
  },
  'DELETE admin/home/deal': { summary: 'End the running deal of the day now', ...answer },
  'PUT admin/home/category-blocks/:position': {
    summary: 'Set the category block at a position: a product type and its categories, in order',
    params: BlockPositionParams,
    body: CategoryBlockInput,
    ...answer,
  },
  'DELETE admin/home/category-blocks/:position': {
    summary: 'Remove the category block at a position',
    params: BlockPositionParams,
    ...answer,
  },
});
