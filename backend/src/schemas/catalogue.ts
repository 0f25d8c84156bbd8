import type {
  Currency as CurrencyShape,
  ProductCard as ProductCardShape,
  ProductDetail as ProductDetailShape,
  ProductListing as ProductListingShape,
} from '@shop/shared/api-types';
import { Type } from '@sinclair/typebox';
import { type Conforms, ListMeta, Nullable, proved } from './common';

export const Currency = Type.Object({
  code: Type.String(),
  symbol: Type.String(),
  exchange_rate: Type.Number(),
  decimal_places: Type.Integer({ minimum: 0, maximum: 3 }),
});
proved<Conforms<typeof Currency, CurrencyShape>>();

export const NamedRef = Type.Object({ name: Type.String(), slug: Type.String() });

export const Specification = Type.Object({
  name: Type.String(),
  value: Type.String(),
  show_in_quick_view: Type.Union([Type.Literal(0), Type.Literal(1)]),
});

export const ProductCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  image: Type.String(),
  price: Type.Number({ description: 'USD' }),
  old_price: Nullable(Type.Number({ description: 'USD' })),
  in_stock: Type.Boolean(),
  stock_quantity: Type.Integer(),
  is_customizable: Type.Boolean(),
  has_packaging: Type.Boolean(),
  last_piece_message: Nullable(Type.String()),
  hot: Type.Boolean(),
  new_item: Type.Boolean(),
  free_delivery: Type.Boolean(),
  supplier_id: Nullable(Type.Integer()),
  line: Nullable(Type.Union([Type.Literal('exclusive'), Type.Literal('handmade')])),
  type: NamedRef,
  category: NamedRef,
  subCategory: NamedRef,
  reviews: Type.Object({ rating: Type.Number(), count: Type.Integer() }),
  specifications: Type.Object({
    product: Type.Array(Specification),
    sub_category: Type.Array(Specification),
  }),
  created_at: Type.String({ format: 'date-time' }),
});
proved<Conforms<typeof ProductCard, ProductCardShape>>();

export const ProductDetail = Type.Composite([
  ProductCard,
  Type.Object({
    short_description: Type.String(),
    hint: Nullable(Type.String()),
    details: Type.String({ description: 'Sanitised HTML' }),
    supplier: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
]);
proved<Conforms<typeof ProductDetail, ProductDetailShape>>();

export const FacetValue = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  products_count: Type.Integer(),
});

export const ProductListing = Type.Object({
  items: Type.Array(ProductCard),
  filters: Type.Object({
    productTypes: Type.Array(FacetValue),
    productCategories: Type.Array(FacetValue),
    productSubCategories: Type.Array(FacetValue),
    attributes: Type.Array(
      Type.Object({
        name: Type.String(),
        values: Type.Array(Type.Object({ value: Type.String(), products_count: Type.Integer() })),
      }),
    ),
  }),
  query: Type.Record(Type.String(), Type.String()),
  _meta: ListMeta,
});
proved<Conforms<typeof ProductListing, ProductListingShape>>();

export const SORTS = ['newest-to-oldest', 'oldest-to-newest', 'high-to-low', 'low-to-high'] as const;
export type ProductSort = (typeof SORTS)[number];

const Flag = Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')], {
  description: "'1' or 'true' turns the filter on",
});
const Slug = Type.String({ minLength: 1, maxLength: 200 });

export const ProductListingQuery = Type.Object({
  type: Type.Optional(Slug),
  category: Type.Optional(Slug),
  subCategory: Type.Optional(Slug),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  supplier_id: Type.Optional(Type.Integer({ minimum: 1 })),
  sort: Type.Optional(Type.Union(SORTS.map((sort) => Type.Literal(sort)))),
  'per-page': Type.Optional(Type.Integer({ description: 'Default 20; clamped to 1..100' })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  hot: Type.Optional(Flag),
  newItem: Type.Optional(Flag),
  free_delivery: Type.Optional(Flag),
  stock: Type.Optional(Flag),
  customizable: Type.Optional(Flag),
  'price-min-usd': Type.Optional(Type.Number({ minimum: 0 })),
  'price-max-usd': Type.Optional(Type.Number({ minimum: 0 })),
});

export const ProductBySlugParams = Type.Object({ slug: Slug });
export const ProductBySlug = Type.Object({ item: ProductDetail });
