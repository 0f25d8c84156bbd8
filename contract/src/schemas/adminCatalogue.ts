/**
 * Products in the back office (issue 22, backend/src/modules/admin/products*.ts): what the product
 * editor saves (`ProductInput`), a product as the editor reads it back (`AdminProduct`), the
 * product list, and the endpoints `admin/products*` (owners and staff).
 *
 * `ProductInput` is also what one row of the CSV import must make (helper H4 validates its rows
 * with it, `Value.Check(ProductInput, row)` / `Value.Errors`): every field is required but the
 * ones marked optional, whose absence keeps what an existing product has (an update) or takes
 * the default given (a creation). Amounts are USD. The server re-checks what a schema cannot:
 * the sub-category belongs to the category and the category to the type, the ids exist, the
 * slug is free (409 SLUG_TAKEN), the old price is above the price.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { SLUG_MAX_LENGTH } from '../validation/listingLimits';
import { Reason } from './backOffice';
import { Amount, Id, INT4_MAX, ListMeta, Nullable, PageNumber } from './common';

export const PRODUCT_TITLE_MAX = 200;
export const PRODUCT_SHORT_DESCRIPTION_MAX = 500;
/** The rich description as sent (HTML), before it is sanitised. */
export const PRODUCT_DESCRIPTION_MAX = 50_000;
export const PRODUCT_HINT_MAX = 500;
export const SPECIFICATIONS_MAX = 50;
export const SPECIFICATION_NAME_MAX = 100;
export const SPECIFICATION_VALUE_MAX = 500;
export const PACKAGINGS_MAX = 20;
export const PRODUCT_MEDIA_MAX = 20;
export const GROUP_NAME_MAX = 100;
export const GROUP_PRODUCTS_MAX = 30;
export const VIDEO_URL_MAX = 500;
/** Lower-case words of letters and digits joined by single hyphens: `oak-gift-box-2`. */
export const PRODUCT_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const ADMIN_PRODUCTS_PER_PAGE = 20;

const PRODUCT_LINES = ['exclusive', 'handmade'] as const;

/**
 * A nullable input with null tried first: the backend's validator coerces scalar types, and with
 * the value's own schema first it turns a null old price into 0 and a null hint into ''. Null
 * first, an empty text or a 0 there means null, which is what either means for these fields.
 */
const NullOr = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
export const PACKAGING_LEVELS = ['item', 'line'] as const;

export const ProductSlug = Type.String({
  minLength: 1,
  maxLength: SLUG_MAX_LENGTH,
  pattern: PRODUCT_SLUG_PATTERN,
  description: 'Lower-case letters and digits in words joined by hyphens; unique among products',
});

export const SpecificationInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: SPECIFICATION_NAME_MAX }),
  value: Type.String({ minLength: 1, maxLength: SPECIFICATION_VALUE_MAX }),
  quick_view: Type.Boolean({ description: "Shown in the card's quick view too" }),
});

/** What a shopper may customize on a piece, and the price of customizing one piece (USD). */
export const CustomizationInput = Type.Object({
  logo: Type.Boolean(),
  to_whom: Type.Boolean(),
  sender: Type.Boolean(),
  message: Type.Boolean(),
  price: Amount({ description: 'USD, per customized piece' }),
});

export const PackagingInput = Type.Object({
  packaging_id: Id({ description: 'A kind of packaging (GET admin/products/options)' }),
  price: Amount({ description: 'USD' }),
  level: Type.Union(
    PACKAGING_LEVELS.map((level) => Type.Literal(level)),
    {
      description:
        "'item': every piece wrapped on its own (price × quantity); 'line': the line's pieces together (price once). One level for all of a product's options",
    },
  ),
});

export const VideoUrl = Type.String({
  minLength: 1,
  maxLength: VIDEO_URL_MAX,
  pattern: '^https?://[^\\s]+$',
  description:
    "A YouTube embed address, https://www.youtube.com/embed/<video id> (or www.youtube-nocookie.com): the storefront's CSP frames no other (anything else is a 400 naming the media row)",
});

/**
 * One entry of the product's gallery, in order: an uploaded picture, a video by address, or one
 * of the generated drawings the seeded products' galleries hold (kept where it stands; it cannot
 * be added anew by hand, only kept, moved or removed).
 */
export const MediaInput = Type.Union([
  Type.Object({
    kind: Type.Literal('image'),
    image_id: Id({ description: 'An uploaded picture (POST admin/images)' }),
  }),
  Type.Object({ kind: Type.Literal('video'), url: VideoUrl }),
  Type.Object({ kind: Type.Literal('drawing') }),
]);

/** The product's variant group: the products shown with it as variants (itself included on the page). */
export const GroupInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX }),
  product_ids: Type.Array(Id(), {
    maxItems: GROUP_PRODUCTS_MAX,
    uniqueItems: true,
    description: 'The other products of the group, in order (this product is put first)',
  }),
});

/** The fields an AdminProduct shares with ProductInput as they are. */
const editableFields = {
  title: Type.String({ minLength: 1, maxLength: PRODUCT_TITLE_MAX }),
  slug: ProductSlug,
  hint: NullOr(Type.String({ maxLength: PRODUCT_HINT_MAX })),
  price: Amount({ description: 'USD' }),
  old_price: NullOr(Amount({ description: 'USD, above the price (the struck-out price)' })),
  hot: Type.Boolean(),
  new_item: Type.Boolean(),
  free_delivery: Type.Boolean(),
  is_customizable: Type.Boolean({ description: 'true needs `customization`' }),
  supplier_id: NullOr(Id()),
  type_id: Id(),
  category_id: Id({ description: "A category of the product's type" }),
  sub_category_id: Id({ description: "A sub-category of the product's category" }),
  specifications: Type.Array(SpecificationInput, { maxItems: SPECIFICATIONS_MAX }),
  customization: NullOr(CustomizationInput),
  packagings: Type.Array(PackagingInput, { maxItems: PACKAGINGS_MAX }),
};

const StockQuantity = Type.Integer({ minimum: 0, maximum: INT4_MAX });

export const ProductInput = Type.Object({
  ...editableFields,
  stock_quantity: Type.Optional(
    Type.Integer({
      ...StockQuantity,
      description:
        "Pieces in stock. Left out: 0 for a new product, kept on a save (the editor leaves it to the stock panel). Given on a save and different, it is changed as the stock panel changes it: logged with the reason 'Product editor', notify-me mails sent when it comes back in stock",
    }),
  ),
  description: Type.String({
    maxLength: PRODUCT_DESCRIPTION_MAX,
    description: "Rich text (HTML), sanitised on save to the storefront's safe subset",
  }),
  short_description: Type.Optional(
    Type.String({ maxLength: PRODUCT_SHORT_DESCRIPTION_MAX, description: "Plain text; default ''" }),
  ),
  line: Type.Optional(
    NullOr(
      Type.Union(
        PRODUCT_LINES.map((line) => Type.Literal(line)),
        { description: 'default null' },
      ),
    ),
  ),
  media: Type.Array(MediaInput, {
    maxItems: PRODUCT_MEDIA_MAX,
    description: "The gallery in order; the first picture is the product's card picture",
  }),
  group: Type.Optional(
    Type.Union([Type.Null(), GroupInput], {
      description: 'null: in no group; left out: the group is kept as it is',
    }),
  ),
});

export const UploadedImageRef = Type.Object({
  id: Type.Integer(),
  url: Type.String({ description: '/backend/api/images/uploaded/<id>.webp' }),
  width: Type.Integer(),
  height: Type.Integer(),
});

export const AdminMedia = Type.Union([
  Type.Object({ kind: Type.Literal('image'), image: UploadedImageRef }),
  Type.Object({ kind: Type.Literal('video'), url: Type.String() }),
  Type.Object({ kind: Type.Literal('drawing'), url: Type.String({ description: 'The generated drawing' }) }),
]);

const ProductRef = Type.Object({ id: Type.Integer(), title: Type.String(), slug: Type.String() });

/** A product as the editor reads it: every field of ProductInput, resolved, and its state. */
export const AdminProduct = Type.Object({
  id: Type.Integer(),
  ...editableFields,
  stock_quantity: StockQuantity,
  description: Type.String({ description: 'Sanitised HTML' }),
  short_description: Type.String(),
  line: Nullable(Type.Union(PRODUCT_LINES.map((line) => Type.Literal(line)))),
  media: Type.Array(AdminMedia),
  group: Nullable(
    Type.Object({
      name: Type.String(),
      products: Type.Array(ProductRef, { description: 'The other members, in order' }),
    }),
  ),
  old_slugs: Type.Array(Type.String(), {
    description: "Earlier slugs: the storefront's product page at one of them lands on this product",
  }),
  image: Type.String({ description: "The card's picture (uploaded, else the generated drawing)" }),
  archived_at: Nullable(Type.String({ description: 'Set: hidden from the storefront' })),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export const AdminProductAnswer = Type.Object({ product: AdminProduct });

export const AdminProductListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  image: Type.String(),
  price: Type.Number(),
  stock_quantity: Type.Integer(),
  type: Type.String(),
  category: Type.String(),
  sub_category: Type.String(),
  archived_at: Nullable(Type.String()),
  updated_at: Type.String(),
});
export const AdminProductList = Type.Object({ items: Type.Array(AdminProductListItem), _meta: ListMeta });

export const AdminProductQuery = Type.Object({
  q: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Any part of the title or slug, any case' }),
  ),
  archived: Type.Optional(
    Type.Boolean({ description: 'true: only archived products; false or left out: only live ones' }),
  ),
  page: Type.Optional(PageNumber()),
});

/** What the editor's choices are: suppliers, kinds of packaging and the taxonomy with ids. */
export const ProductFormOptions = Type.Object({
  suppliers: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  packagings: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), price: Type.Number() })),
  types: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      categories: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          sub_categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
        }),
      ),
    }),
  ),
});

export const AdminProductParams = Type.Object({ id: Id() });
export const ArchiveBody = Type.Object({ reason: Type.Optional(Reason) });

export type ProductInput = Static<typeof ProductInput>;
export type SpecificationInput = Static<typeof SpecificationInput>;
export type CustomizationInput = Static<typeof CustomizationInput>;
export type PackagingInput = Static<typeof PackagingInput>;
export type MediaInput = Static<typeof MediaInput>;
export type GroupInput = Static<typeof GroupInput>;
export type AdminMedia = Static<typeof AdminMedia>;
export type AdminProduct = Static<typeof AdminProduct>;
export type AdminProductListItem = Static<typeof AdminProductListItem>;
export type AdminProductList = Static<typeof AdminProductList>;
export type AdminProductQuery = Static<typeof AdminProductQuery>;
export type ProductFormOptions = Static<typeof ProductFormOptions>;

/** `admin/products*` (backend/src/modules/admin/productRoutes.ts): owners and staff. */
export const adminCatalogueEndpoints = endpoints({
  'GET admin/products': {
    summary: `Products, newest first, ${ADMIN_PRODUCTS_PER_PAGE} a page: live ones, or archived ones (archived=true); q: any part of the title or slug`,
    querystring: AdminProductQuery,
    response: AdminProductList,
  },
  'GET admin/products/options': {
    summary:
      "The product editor's choices: suppliers, kinds of packaging, types → categories → sub-categories",
    response: ProductFormOptions,
  },
  'GET admin/products/:id': {
    summary: 'One product as the editor reads it (archived ones too)',
    params: AdminProductParams,
    response: AdminProductAnswer,
  },
  'POST admin/products': {
    summary:
      'Create a product: 400 with the fields and reasons for bad input, 409 SLUG_TAKEN for a slug another product has or had',
    body: ProductInput,
    response: AdminProductAnswer,
    created: true,
  },
  'PUT admin/products/:id': {
    summary:
      "Save a product: every field of the editor (a left-out `group`, `line` or `short_description` is kept). A new slug keeps the old one as a redirect; 409 SLUG_TAKEN for another product's slug",
    params: AdminProductParams,
    body: ProductInput,
    response: AdminProductAnswer,
  },
  'POST admin/products/:id/archive': {
    summary:
      "Archive a product: gone from the storefront's listing, facets, search, suggestions and product page (404), kept in orders and carts",
    params: AdminProductParams,
    body: ArchiveBody,
    response: AdminProductAnswer,
  },
  'POST admin/products/:id/unarchive': {
    summary: 'Bring an archived product back to the storefront',
    params: AdminProductParams,
    body: ArchiveBody,
    response: AdminProductAnswer,
  },
});
