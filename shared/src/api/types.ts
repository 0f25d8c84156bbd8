/**
 * Shapes of the data the API returns inside its envelope (`{status: true, data}`).
 * Field names follow the spec; where the spec shows no shape, the shape here is the project's
 * decision and the backend's TypeBox schemas must match it. Prices on products are in USD;
 * amounts on a cart are already converted to the cart's selected currency.
 */

export interface ListMeta {
  totalCount: number;
  currentPage: number;
  pageCount: number;
  perPage: number;
}

export interface Currency {
  code: string;
  symbol: string;
  /** Units of this currency per 1 USD. */
  exchange_rate: number;
  /** Decimal places shown (0 to 3). */
  decimal_places: number;
}

export interface SitemapNode {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  child: SitemapNode[];
}

export interface FrontendMessage {
  section: string;
  component: string;
  name: string;
  type: 'Text' | 'texts';
  texts: string[];
}

export type SocialChannel = 'facebook' | 'twitter' | 'instagram' | 'linkedin' | 'youtube';

export interface StartupContent {
  config: { phone: string; hashtag: string };
  /** Only configured channels are present. */
  socialChannels: Partial<Record<SocialChannel, string>>;
  footerProductTypes: { name: string; slug: string }[];
  sitemap: SitemapNode[];
  frontendMessages: FrontendMessage[];
  currencies: { list: Record<string, Currency>; default: string };
}

export interface NamedRef {
  name: string;
  slug: string;
}

export interface Specification {
  name: string;
  value: string;
  show_in_quick_view: 0 | 1;
}

export interface ProductCard {
  id: number;
  slug: string;
  title: string;
  image: string;
  /** USD */
  price: number;
  /** USD; null when there is no old price */
  old_price: number | null;
  in_stock: boolean;
  stock_quantity: number;
  is_customizable: boolean;
  has_packaging: boolean;
  last_piece_message: string | null;
  hot: boolean;
  new_item: boolean;
  free_delivery: boolean;
  supplier_id: number | null;
  line: 'exclusive' | 'handmade' | null;
  type: NamedRef;
  category: NamedRef;
  subCategory: NamedRef;
  reviews: { rating: number; count: number };
  specifications: { product: Specification[]; sub_category: Specification[] };
  created_at: string;
}

export interface ProductDetail extends ProductCard {
  short_description: string;
  hint: string | null;
  /** Sanitised HTML */
  details: string;
  supplier: { id: number; name: string } | null;
}

export interface FacetValue {
  slug: string;
  name: string;
  products_count: number;
}

export interface ProductListing {
  items: ProductCard[];
  filters: {
    productTypes: FacetValue[];
    productCategories: FacetValue[];
    productSubCategories: FacetValue[];
    attributes: { name: string; values: { value: string; products_count: number }[] }[];
  };
  query: Record<string, string>;
  _meta: ListMeta;
}

export interface CartItem {
  id: number;
  quantity: number;
  product: ProductCard;
  /** Unit price in the cart's currency. */
  price: number;
  /** price × quantity (+ customization and packaging, later) in the cart's currency. */
  total: number;
  customization: null | Record<string, unknown>;
  packaging: null | { packaging_id: number; title: string; price: number };
}

export interface Cart {
  items: CartItem[];
  invoice: { subTotal: number; subTotalWithAdditional: number; shippingCharges: number; total: number };
  selectedCurrency: Currency;
  /** Set for guest carts; the client stores it and sends it back with every cart call. */
  guest_session_token: string | null;
}

export interface User {
  id: number;
  token: string;
  type: 'Member' | 'Guest';
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
  gender: string | null;
  country_id: number | null;
  alternate_email: string | null;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

// ---------------------------------------------------------------- auth (buyers/*)

/** `countries`: delivery and registration countries; `dial_code` feeds the phone input. */
export interface Country {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2, lower case ('ae'). */
  iso2: string;
  /** Without the plus sign ('971'). */
  dial_code: string;
}

/** `signin-slides`, `signup-slides` (shape not shown by the spec: the project's decision). */
export interface AuthSlide {
  id: number;
  title: string;
  sub_title: string;
  image: string;
}

/** The wishlist-only registration (`buyers/register-wishlist`), stored locally as 'wishlistUser'. */
export interface WishlistUserData {
  id: number;
  email: string;
}
