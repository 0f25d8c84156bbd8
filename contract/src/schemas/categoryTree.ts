/**
 * The category tree in the back office (issue 22, backend/src/modules/admin/categoryTree.ts):
 * product types → categories → sub-categories, each with a name, a slug and a picture. Owners and
 * staff create, rename, reorder, move (a category to another type, a sub-category to another
 * category: its products follow) and delete an entry nothing uses (409 CATEGORY_IN_USE otherwise).
 * The slug rule is here because the back office's form shows the slug a name will get.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Id, INT4_MAX, Nullable } from './common';
import { UploadedImage } from './images';

/** The three levels, as the addresses name them. */
export const TAXONOMY_LEVELS = ['types', 'categories', 'sub-categories'] as const;
export type TaxonomyLevel = (typeof TAXONOMY_LEVELS)[number];

/** Characters of an entry's name. */
export const TAXONOMY_NAME_MAX_LENGTH = 100;
/** Characters of a slug (listing links carry it; the listing's query takes up to 200). */
export const TAXONOMY_SLUG_MAX_LENGTH = 100;
/** Lower-case words of letters and digits joined by single hyphens. */
export const TAXONOMY_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/**
 * The slug a name gets: lower case, accents dropped, '&' as 'and', every other run of
 * non-alphanumerics one hyphen ('Bags & Wallets' → 'bags-and-wallets'). Empty for a name with no
 * letter or digit (the API then asks for a slug).
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TAXONOMY_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

const Name = Type.String({ minLength: 1, maxLength: TAXONOMY_NAME_MAX_LENGTH, pattern: '\\S' });
const Slug = Type.String({
  minLength: 1,
  maxLength: TAXONOMY_SLUG_MAX_LENGTH,
  pattern: TAXONOMY_SLUG_PATTERN,
  description: "Lower-case words joined by hyphens: 'bags-and-wallets'",
});

const entryFields = {
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  position: Type.Integer({ description: 'Order among its siblings, from 0' }),
  image: Nullable(UploadedImage),
  product_count: Type.Integer({ description: 'Products under it (at any level below)' }),
};

export const SubCategoryNode = Type.Object(entryFields);
export const CategoryNode = Type.Object({ ...entryFields, sub_categories: Type.Array(SubCategoryNode) });
export const TypeNode = Type.Object({ ...entryFields, categories: Type.Array(CategoryNode) });
export const CategoryTree = Type.Object({ types: Type.Array(TypeNode) });

/** One entry after a change. */
export const TaxonomyEntry = Type.Object({
  level: Type.Union(TAXONOMY_LEVELS.map((level) => Type.Literal(level))),
  ...entryFields,
  parent_id: Nullable(Type.Integer({ description: "The category's type, the sub-category's category" })),
});
export const TaxonomyEntryAnswer = Type.Object({ entry: TaxonomyEntry });

export const TaxonomyLevelParams = Type.Object({
  level: Type.Union(TAXONOMY_LEVELS.map((level) => Type.Literal(level))),
});
export const TaxonomyEntryParams = Type.Object({
  level: Type.Union(TAXONOMY_LEVELS.map((level) => Type.Literal(level))),
  id: Id(),
});

const ParentId = Id({
  description: 'The type of a category, the category of a sub-category; none for a type (400)',
});
const ImageId = Nullable(Id({ description: 'An uploaded picture (POST admin/images); null: the drawing' }));

export const NewTaxonomyEntryBody = Type.Object({
  name: Name,
  slug: Type.Optional(Type.Union([Slug, Type.Literal('')], { description: 'Made from the name when empty' })),
  parent_id: Type.Optional(ParentId),
  image_id: Type.Optional(ImageId),
});
export const TaxonomyEntryBody = Type.Object({
  name: Name,
  slug: Slug,
  parent_id: Type.Optional(ParentId),
  image_id: ImageId,
});
export const TaxonomyPositionBody = Type.Object({
  position: Type.Integer({ minimum: 0, maximum: INT4_MAX, description: 'From 0; past the last: the last' }),
});

export const categoryTreeEndpoints = endpoints({
  'GET admin/category-tree': {
    summary: 'Every product type, its categories and their sub-categories, in order, with product counts',
    response: CategoryTree,
  },
  'POST admin/category-tree/:level': {
    summary:
      'Add a type, category or sub-category, last among its siblings; the slug is made from the name when not given; 409 SLUG_TAKEN',
    params: TaxonomyLevelParams,
    body: NewTaxonomyEntryBody,
    response: TaxonomyEntryAnswer,
    created: true,
  },
  'PUT admin/category-tree/:level/:id': {
    summary:
      "Rename, change the slug or picture of, or move an entry (a category to another type, a sub-category to another category: its products follow in the same transaction); an old slug's listing links keep working; 409 SLUG_TAKEN; 409 CATEGORY_IN_USE for a category a home page category block lists moved to another type (the blocks' positions named)",
    params: TaxonomyEntryParams,
    body: TaxonomyEntryBody,
    response: TaxonomyEntryAnswer,
  },
  'POST admin/category-tree/:level/:id/position': {
    summary: 'Move an entry to another place among its siblings (the others close up)',
    params: TaxonomyEntryParams,
    body: TaxonomyPositionBody,
    response: TaxonomyEntryAnswer,
  },
  'DELETE admin/category-tree/:level/:id': {
    summary:
      'Delete an entry nothing uses; 409 CATEGORY_IN_USE naming what does (products, entries below it, home page blocks) and how many',
    params: TaxonomyEntryParams,
    response: Type.Object({}),
  },
});

export type CategoryTree = Static<typeof CategoryTree>;
export type TypeNode = Static<typeof TypeNode>;
export type CategoryNode = Static<typeof CategoryNode>;
export type SubCategoryNode = Static<typeof SubCategoryNode>;
export type TaxonomyEntry = Static<typeof TaxonomyEntry>;
export type NewTaxonomyEntryBody = Static<typeof NewTaxonomyEntryBody>;
export type TaxonomyEntryBody = Static<typeof TaxonomyEntryBody>;
