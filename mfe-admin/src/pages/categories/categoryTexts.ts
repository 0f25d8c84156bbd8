import type { TaxonomyLevel } from '@shop/contract/schemas/categoryTree';

/** The category tree page's words. */
export const CATEGORY_TEXTS = {
  title: 'Categories',
  intro:
    'Product types hold categories, and categories hold sub-categories. Moving an entry takes its products along; a new slug keeps the old listing links working.',
  tree: 'Category tree',
  loading: 'Loading the category tree…',
  empty: 'No product types yet.',
  name: 'Name',
  slug: 'Slug',
  slugHint: 'Lower-case words joined by hyphens, used in listing links.',
  picture: 'Picture',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteHint: 'Only an entry nothing uses can be deleted: no products, nothing below it, no home page block.',
  nameMissing: 'Enter the name.',
} as const;

/** One entry of a level, and several (headings, buttons). */
export const LEVEL_WORDS: Record<TaxonomyLevel, { one: string; parent: string | null }> = {
  types: { one: 'product type', parent: null },
  categories: { one: 'category', parent: 'Product type' },
  'sub-categories': { one: 'sub-category', parent: 'Category' },
};

export const productCount = (count: number) => `${count} product${count === 1 ? '' : 's'}`;
export const slugPlaceholder = (slug: string) =>
  slug ? `Made from the name: ${slug}` : 'Made from the name';
export const addLabel = (level: TaxonomyLevel, parentName?: string) =>
  parentName ? `Add a ${LEVEL_WORDS[level].one} to ${parentName}` : `Add a ${LEVEL_WORDS[level].one}`;
export const editTitle = (name: string) => `Edit “${name}”`;
export const deleteTitle = (name: string) => `Delete “${name}”?`;

export const DONE = {
  added: (name: string) => `“${name}” is added.`,
  saved: (name: string) => `“${name}” is saved.`,
  movedUp: (name: string) => `“${name}” moved up.`,
  movedDown: (name: string) => `“${name}” moved down.`,
  deleted: (name: string) => `“${name}” is deleted.`,
} as const;
