import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { CURRENCY_CODE_PATTERN, KEYWORD_MIN, SEARCH_TEXT_MAX, SLUG_MAX_LENGTH } from '../validation';
import {
  ATTRIBUTE_FILTER_MAX_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAME_LENGTH,
  ATTRIBUTE_FILTER_MAX_NAMES,
  ATTRIBUTE_FILTER_MAX_VALUE_LENGTH,
  ATTRIBUTE_FILTER_MAX_VALUES,
} from '../validation/listingLimits';
import { Amount, Id, INT4_MAX, ListMeta, Nullable, PageNumber } from './common';

export const Currency = Type.Object({
  code: Type.String(),
  symbol: Type.String(),
  exchange_rate: Type.Number(),
  decimal_places: Type.Integer({ minimum: 0, maximum: 3 }),
});

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

export const ProductDetail = Type.Composite([
  ProductCard,
  Type.Object({
    short_description: Type.String(),
    hint: Nullable(Type.String()),
    details: Type.String({ description: 'Sanitised HTML' }),
    supplier: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
]);

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

export const SORTS = ['newest-to-oldest', 'oldest-to-newest', 'high-to-low', 'low-to-high'] as const;
export type ProductSort = (typeof SORTS)[number];

const Flag = Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')], {
  description: "'1' or 'true' turns the filter on",
});
const Slug = Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH });

export const ProductListingQuery = Type.Object({
  type: Type.Optional(Slug),
  category: Type.Optional(Slug),
  subCategory: Type.Optional(Slug),
  q: Type.Optional(Type.String({ maxLength: SEARCH_TEXT_MAX })),
  supplier_id: Type.Optional(Id()),
  sort: Type.Optional(Type.Union(SORTS.map((sort) => Type.Literal(sort)))),
  'per-page': Type.Optional(
    Type.Integer({ minimum: -INT4_MAX, maximum: INT4_MAX, description: 'Default 20; clamped to 1..100' }),
  ),
  page: Type.Optional(PageNumber()),
  hot: Type.Optional(Flag),
  newItem: Type.Optional(Flag),
  free_delivery: Type.Optional(Flag),
  stock: Type.Optional(Flag),
  customizable: Type.Optional(Flag),
  'price-min-usd': Type.Optional(Amount()),
  'price-max-usd': Type.Optional(Amount()),
  'price-min': Type.Optional(Amount({ description: 'In `currency` (default USD)' })),
  'price-max': Type.Optional(Amount({ description: 'In `currency` (default USD)' })),
  currency: Type.Optional(
    Type.String({
      pattern: CURRENCY_CODE_PATTERN.source,
      description: 'Currency of price-min / price-max (default USD)',
    }),
  ),
  f: Type.Optional(
    Type.String({
      maxLength: ATTRIBUTE_FILTER_MAX_LENGTH,
      description: `JSON attribute filters, e.g. {"Colour":["Red","Blue"],"Material":["Wood"]}: values OR within a name, AND across names; at most ${ATTRIBUTE_FILTER_MAX_NAMES} names, ${ATTRIBUTE_FILTER_MAX_VALUES} values a name, ${ATTRIBUTE_FILTER_MAX_NAME_LENGTH} characters a name, ${ATTRIBUTE_FILTER_MAX_VALUE_LENGTH} a value, ${ATTRIBUTE_FILTER_MAX_LENGTH} in all`,
    }),
  ),
});

export const ProductBySlugParams = Type.Object({ slug: Slug });
export const ProductBySlug = Type.Object({ item: ProductDetail });

// ---------------------------------------------------------------- search, home, product extras, content

export const SuggestionProduct = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  image: Type.String(),
});
export const Suggestions = Type.Object({
  products: Type.Array(SuggestionProduct),
  types: Type.Array(NamedRef),
  categories: Type.Array(Type.Composite([NamedRef, Type.Object({ type: NamedRef })])),
  sub_categories: Type.Array(Type.Composite([NamedRef, Type.Object({ type: NamedRef, category: NamedRef })])),
});
export const SuggestionsQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_TEXT_MAX,
      description: `Fewer than ${KEYWORD_MIN} characters (trimmed): empty lists`,
    }),
  ),
});

export const TopSearched = Type.Object({ items: Type.Array(SuggestionProduct) });

export const HeroSlide = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  sub_title: Type.String(),
  button_text: Type.String(),
  button_link: Type.String(),
  offer_tag: Nullable(Type.String()),
  image: Type.String(),
});
export const HeroSlides = Type.Object({ items: Type.Array(HeroSlide) });

export const Deal = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  end_date_time: Type.Integer({ description: 'Seconds remaining when the server answered' }),
  items: Type.Array(Type.Object({ product: ProductCard })),
});
export const DealOfTheDay = Type.Object({ deal: Nullable(Deal) });

export const Banner = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  sub_title: Type.String(),
  template: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  link_type: Type.Union([Type.Literal('Box'), Type.Literal('Button')]),
  link: Type.String(),
  button_text: Type.String(),
  background_image: Type.String(),
});
export const Banners = Type.Object({ items: Type.Array(Banner) });

export const CategoryBlock = Type.Object({
  position: Type.Integer(),
  product_type_name: Type.String(),
  product_type_slug: Type.String(),
  categories: Type.Array(
    Type.Object({
      category: Type.Object({ name: Type.String(), slug: Type.String(), image: Type.String() }),
    }),
  ),
});
export const CategoryBlocks = Type.Object({ items: Type.Array(CategoryBlock) });

export const ProductItems = Type.Object({ items: Type.Array(ProductCard) });
export const TypeParams = Type.Object({ type: Slug });
export const ProductIdParams = Type.Object({ id: Id() });

export const GalleryEntry = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('Image'), Type.Literal('Video')]),
  image: Type.String(),
  video_link: Nullable(Type.String({ description: 'YouTube embed URL' })),
  caption: Nullable(Type.String()),
});
export const Gallery = Type.Object({ items: Type.Array(GalleryEntry) });

export const ProductGroup = Type.Object({
  groupName: Type.String(),
  products: Type.Array(Type.Object({ title: Type.String(), slug: Type.String(), image: Type.String() })),
});
export const ProductGroups = Type.Object({ items: Type.Array(ProductGroup) });
export const BoughtTogether = Type.Object({ items: Type.Array(Type.Object({ product: ProductCard })) });

export const Review = Type.Object({
  id: Type.Integer(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comments: Type.String(),
  buyer: Type.Object({ name: Type.String() }),
  created_at: Type.String({ format: 'date-time' }),
});
export const ReviewPage = Type.Object({
  items: Type.Array(Review),
  summary: Type.Object({ rating: Type.Number(), count: Type.Integer() }),
  _meta: ListMeta,
});
export const ReviewPageQuery = Type.Object({
  'ProductReviewsSearch[product_id]': Id(),
  sort: Type.Optional(
    Type.Union([Type.Literal('-created_at'), Type.Literal('created_at'), Type.Literal('-question_time')], {
      description:
        "Newest first by default; 'created_at' oldest first ('-question_time', as the spec once writes, is newest first)",
    }),
  ),
  page: Type.Optional(PageNumber()),
});

export const Question = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  questioner_name: Type.String(),
  question_time: Type.String({ format: 'date-time' }),
  answer: Nullable(Type.String()),
  answer_time: Nullable(Type.String({ format: 'date-time' })),
});
export const QuestionPage = Type.Object({ items: Type.Array(Question), _meta: ListMeta });
export const QuestionPageQuery = Type.Object({
  'ProductQuestionsSearch[product_id]': Id(),
  sort: Type.Optional(Type.Union([Type.Literal('-question_time'), Type.Literal('question_time')])),
  page: Type.Optional(PageNumber()),
});

/** Loose on purpose: a missing or short field gets the spec's 422 message, not a generic 400. */
export const QuestionBody = Type.Object({
  product_id: Id(),
  questioner_name: Type.Optional(Type.String({ maxLength: 200 })),
  questioner_email: Type.Optional(Type.String({ maxLength: 320 })),
  question: Type.Optional(Type.String({ maxLength: 2000 })),
});
export const QuestionCreated = Type.Object({ item: Question });

export const NotifyMeBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320 })),
  product_id: Type.Optional(Type.Union([Id(), Type.String({ pattern: '^[0-9]{1,10}$' })])),
});
export const NotifyMeResult = Type.Object({ subscribed: Type.Literal(true) });

export const PageContent = Type.Object({
  heading: Type.String(),
  content: Type.String({ description: 'Sanitised HTML' }),
  phone: Nullable(Type.String()),
  whatsapp: Nullable(Type.String()),
  email: Nullable(Type.String()),
});
export const PageParams = Type.Object({
  page: Type.String({
    maxLength: 100,
    description: 'about, payments, shipping, cancellation-returns, contact',
  }),
});

export const ContactBody = Type.Object({
  full_name: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  message: Type.Optional(Type.String({ maxLength: 5000 })),
});
export const EmptyObject = Type.Object({});

/** `/products/*`, `/product-reviews`, `/product-questions`, `/notify-me` (backend/src/modules/products). */
export const productEndpoints = endpoints({
  'GET products': {
    summary: 'Product listing with filters, disjunctive facets and paging',
    querystring: ProductListingQuery,
    response: ProductListing,
  },
  'GET products/by-slug/:slug': {
    summary: 'One product with its details (records a view)',
    params: ProductBySlugParams,
    response: ProductBySlug,
  },
  'GET products/grouped-products/:id': {
    summary: 'Variant groups of a product',
    params: ProductIdParams,
    response: ProductGroups,
  },
  'GET products/gallery/:id': {
    summary: 'Images and videos of a product',
    params: ProductIdParams,
    response: Gallery,
  },
  'GET products/bought-together/:id': {
    summary: 'Frequently bought together (best sellers of the same category)',
    params: ProductIdParams,
    response: BoughtTogether,
  },
  'GET product-reviews': {
    summary: 'Reviews of a product, 5 a page, newest first',
    querystring: ReviewPageQuery,
    response: ReviewPage,
  },
  'GET product-questions': {
    summary: 'Questions (and answers) about a product, 5 a page, newest first',
    querystring: QuestionPageQuery,
    response: QuestionPage,
  },
  'POST product-questions/create': {
    summary: 'Ask a question about a product (50-200 characters)',
    body: QuestionBody,
    response: QuestionCreated,
    created: true,
  },
  'POST notify-me': {
    summary: 'Mail me when the product is back in stock (idempotent per product and e-mail)',
    body: NotifyMeBody,
    response: NotifyMeResult,
  },
});

/** `/suggestions`, `/top-searched-products`: the search box (backend/src/modules/search). */
export const searchEndpoints = endpoints({
  'GET suggestions': {
    summary: 'Search-box suggestions: up to 4 products, types, categories and sub-categories',
    querystring: SuggestionsQuery,
    response: Suggestions,
  },
  'GET top-searched-products': {
    summary:
      'Most opened products of the last 30 days, topped up with the best matches of the most searched words (max 8)',
    response: TopSearched,
  },
});

/** The home page's blocks and product lists (backend/src/modules/home). */
export const homeEndpoints = endpoints({
  'GET hero-slides': { summary: 'Hero carousel (at most 5)', response: HeroSlides },
  'GET deals-of-the-day': {
    summary: 'The running deal (end_date_time = seconds left) or null',
    response: DealOfTheDay,
  },
  'GET banners': { summary: 'Promotion banners', response: Banners },
  'GET category-blocks': { summary: 'Category blocks by position', response: CategoryBlocks },
  'GET exclusive-products': { summary: 'Exclusive line, newest first (8)', response: ProductItems },
  'GET handmade-products': { summary: 'Handmade line, newest first (8)', response: ProductItems },
  'GET top-selling-products': { summary: 'Best sellers (8)', response: ProductItems },
  'GET spotlight': { summary: 'Hot items, best rated first (8)', response: ProductItems },
  'GET product-type-spotlight/:type': {
    summary: "A product type's best rated products (8); 404 for an unknown type",
    params: TypeParams,
    response: ProductItems,
  },
});

/** `/page-content/:page`, `/contact-us`: the content pages (backend/src/modules/content). */
export const contentEndpoints = endpoints({
  'GET page-content/:page': {
    summary: 'about, payments, shipping, cancellation-returns or contact (sanitised HTML); 404 otherwise',
    params: PageParams,
    response: PageContent,
  },
  'POST contact-us': {
    summary: 'Send an inquiry (stored); 422 with the spec messages',
    body: ContactBody,
    response: EmptyObject,
    created: true,
  },
});
