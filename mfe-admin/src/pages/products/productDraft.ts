/**
 * The product editor's state (what the form's fields hold: texts for the numbers, rows with keys)
 * and its way to and from the API's shapes: a product read (`AdminProduct`) becomes a draft, a
 * draft becomes the `ProductInput` the API saves, or the problems the form shows first. The API
 * checks everything again (the taxonomy, the ids, the slug's owner).
 */

import { isVideoEmbedUrl } from '@shop/contract/media';
import type {
  AdminProduct,
  MediaInput,
  PackagingInput,
  ProductInput,
} from '@shop/contract/schemas/adminCatalogue';
import { PRODUCT_SLUG_PATTERN } from '@shop/contract/schemas/adminCatalogue';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { PRODUCT_TEXTS } from './productTexts';

export interface ProductRef {
  id: number;
  title: string;
  slug: string;
}

export type MediaRow =
  | { key: number; kind: 'image'; image: UploadedImage | null }
  | { key: number; kind: 'video'; url: string }
  | { key: number; kind: 'drawing'; url: string };

export interface SpecificationRow {
  key: number;
  name: string;
  value: string;
  quick_view: boolean;
}

export interface PackagingRow {
  key: number;
  packaging_id: string;
  price: string;
}

export interface ProductDraft {
  title: string;
  slug: string;
  description: string;
  short_description: string;
  hint: string;
  price: string;
  old_price: string;
  /** Only a new product's: a saved one's stock moves through the stock panel, with a reason. */
  stock_quantity: string;
  hot: boolean;
  new_item: boolean;
  free_delivery: boolean;
  is_customizable: boolean;
  supplier_id: string;
  type_id: string;
  category_id: string;
  sub_category_id: string;
  specifications: SpecificationRow[];
  customization: { logo: boolean; to_whom: boolean; sender: boolean; message: boolean; price: string };
  packaging_level: PackagingInput['level'];
  packagings: PackagingRow[];
  media: MediaRow[];
  grouped: boolean;
  group_name: string;
  group_products: ProductRef[];
}

let nextKey = 1;
/** A key for a new row (React's list key; never sent). */
export const rowKey = (): number => {
  nextKey += 1;
  return nextKey;
};

export const emptyDraft = (): ProductDraft => ({
  title: '',
  slug: '',
  description: '',
  short_description: '',
  hint: '',
  price: '',
  old_price: '',
  stock_quantity: '0',
  hot: false,
  new_item: true,
  free_delivery: false,
  is_customizable: false,
  supplier_id: '',
  type_id: '',
  category_id: '',
  sub_category_id: '',
  specifications: [],
  customization: { logo: false, to_whom: false, sender: false, message: false, price: '0' },
  packaging_level: 'item',
  packagings: [],
  media: [],
  grouped: false,
  group_name: '',
  group_products: [],
});

const text = (value: number | null) => (value === null ? '' : String(value));

export function draftOf(product: AdminProduct): ProductDraft {
  return {
    title: product.title,
    slug: product.slug,
    description: product.description,
    short_description: product.short_description,
    hint: product.hint ?? '',
    price: String(product.price),
    old_price: text(product.old_price),
    stock_quantity: String(product.stock_quantity),
    hot: product.hot,
    new_item: product.new_item,
    free_delivery: product.free_delivery,
    is_customizable: product.is_customizable,
    supplier_id: text(product.supplier_id),
    type_id: String(product.type_id),
    category_id: String(product.category_id),
    sub_category_id: String(product.sub_category_id),
    specifications: product.specifications.map((spec) => ({ key: rowKey(), ...spec })),
    customization: product.customization
      ? { ...product.customization, price: String(product.customization.price) }
      : emptyDraft().customization,
    packaging_level: product.packagings[0]?.level ?? 'item',
    packagings: product.packagings.map((pack) => ({
      key: rowKey(),
      packaging_id: String(pack.packaging_id),
      price: String(pack.price),
    })),
    media: product.media.map((entry): MediaRow => ({ key: rowKey(), ...entry })),
    grouped: product.group !== null,
    group_name: product.group?.name ?? '',
    group_products: product.group?.products ?? [],
  };
}

/** A slug made of a title: lower-case words of letters and digits joined by hyphens. */
export const slugOf = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const SLUG = new RegExp(PRODUCT_SLUG_PATTERN);

/** The list with the item at `index` moved by `delta` places (kept as it is at either end). */
export function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export type DraftResult =
  | { input: ProductInput; problems: null }
  | { input: null; problems: Record<string, string> };

/**
 * The input to send, or what the form must say first (field → problem). `withStock`: a new
 * product sends its stock; a saved one leaves it out, so the save keeps the stock panel's figure.
 */
export function inputOf(draft: ProductDraft, { withStock }: { withStock: boolean }): DraftResult {
  const problems: Record<string, string> = {};
  const words = PRODUCT_TEXTS.problems;
  const amount = (value: string, field: string): number => {
    if (!AMOUNT.test(value.trim())) problems[field] = words.amount;
    return Number(value.trim());
  };
  const id = (value: string, field: string, problem: string): number => {
    if (!/^\d+$/.test(value)) problems[field] = problem;
    return Number(value);
  };
  if (!draft.title.trim()) problems.title = words.title;
  if (!SLUG.test(draft.slug)) problems.slug = words.slug;
  const price = amount(draft.price, 'price');
  const oldPrice = draft.old_price.trim() ? amount(draft.old_price, 'old_price') : null;
  if (oldPrice !== null && !problems.old_price && !problems.price && oldPrice <= price) {
    problems.old_price = words.oldPrice;
  }
  const stock = draft.stock_quantity.trim();
  if (withStock && !/^\d{1,9}$/.test(stock)) problems.stock_quantity = words.stock;
  const typeId = id(draft.type_id, 'type_id', words.type);
  const categoryId = id(draft.category_id, 'category_id', words.category);
  const subCategoryId = id(draft.sub_category_id, 'sub_category_id', words.subCategory);
  const specifications = draft.specifications.map((spec) => ({
    name: spec.name.trim(),
    value: spec.value.trim(),
    quick_view: spec.quick_view,
  }));
  if (specifications.some((spec) => !spec.name || !spec.value)) problems.specifications = words.specification;
  const custom = draft.customization;
  const customization = draft.is_customizable
    ? {
        logo: custom.logo,
        to_whom: custom.to_whom,
        sender: custom.sender,
        message: custom.message,
        price: amount(custom.price, 'customization'),
      }
    : null;
  if (customization && !(custom.logo || custom.to_whom || custom.sender || custom.message)) {
    problems.customization = words.customization;
  }
  const packagings = draft.packagings.map((row) => ({
    packaging_id: id(row.packaging_id, 'packagings', words.packaging),
    price: amount(row.price, 'packagings'),
    level: draft.packaging_level,
  }));
  const media = draft.media.flatMap((row): MediaInput[] => {
    if (row.kind === 'image') {
      if (!row.image) problems.media = words.picture;
      return row.image ? [{ kind: 'image', image_id: row.image.id }] : [];
    }
    if (row.kind === 'video') {
      if (!isVideoEmbedUrl(row.url.trim())) problems.media = words.video;
      return [{ kind: 'video', url: row.url.trim() }];
    }
    return [{ kind: 'drawing' }];
  });
  if (draft.grouped && !draft.group_name.trim()) problems.group = words.group;
  if (Object.keys(problems).length > 0) return { input: null, problems };
  return {
    problems: null,
    input: {
      title: draft.title.trim(),
      slug: draft.slug,
      description: draft.description,
      short_description: draft.short_description.trim(),
      hint: draft.hint.trim() || null,
      price,
      old_price: oldPrice,
      ...(withStock ? { stock_quantity: Number(stock) } : {}),
      hot: draft.hot,
      new_item: draft.new_item,
      free_delivery: draft.free_delivery,
      is_customizable: draft.is_customizable,
      supplier_id: draft.supplier_id ? Number(draft.supplier_id) : null,
      type_id: typeId,
      category_id: categoryId,
      sub_category_id: subCategoryId,
      specifications,
      customization,
      packagings,
      media,
      group: draft.grouped
        ? { name: draft.group_name.trim(), product_ids: draft.group_products.map((product) => product.id) }
        : null,
    },
  };
}
