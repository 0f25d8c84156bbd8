import type { CustomizationOption } from './validation/customization';
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
  /** price × quantity + customization_price + packaging_price, in the cart's currency. */
  total: number;
  /**
   * Set when the product no longer has this line's quantity in stock (sold out, or fewer pieces
   * left than the line holds): the line stays, flagged, until the shopper changes it.
   */
  stock_problem: null | { available: number };
  /** The line's customization (null when none); the flat customization_* fields mirror it (spec 001 §6). */
  customization: null | CartCustomization;
  customization_id: number | null;
  /** Address of the saved logo for the cart's owner (`cart/customization-logo`), or null. */
  customization_logo: string | null;
  customization_to_whom: string | null;
  customization_from: string | null;
  customization_note: string | null;
  customization_brief: string | null;
  /** The customization's cost for the whole line, in the cart's currency (0 without one). */
  customization_price: number;
  packaging: null | CartPackaging;
  packaging_id: number | null;
  /** The packaging's cost for the whole line, in the cart's currency (0 without one). */
  packaging_price: number;
  /** The spec's other name for packaging_price. */
  package_price: number;
}

export interface CartCustomization {
  selectedItems: CustomizationOption[];
  /** Whether a logo is saved (fetch it with `cart/customization-logo`). */
  hasLogo: boolean;
  toWhom: string | null;
  from: string | null;
  note: string | null;
  brief: string | null;
  /** For the whole line, in the cart's currency. */
  price: number;
}

export interface CartPackaging {
  packaging_id: number;
  title: string;
  image: string;
  packaging_level: PackagingLevel;
  /** For the whole line, in the cart's currency. */
  price: number;
}

/**
 * 'item': every piece of the line is wrapped on its own (price × quantity); 'line': the line's pieces
 * are packed together (the price once).
 */
export type PackagingLevel = 'item' | 'line';

/** `products/customizations/{productId}`: what the product lets a shopper customize, per piece (USD). */
export interface CustomizationOptions {
  logo_customization: boolean;
  to_whom_customization: boolean;
  from_customization: boolean;
  message_customization: boolean;
  price: number;
}

/** One packaging option of a product (`products/packaging/{productId}`), price per piece or line (USD). */
export interface PackagingOption {
  id: number;
  packaging_id: number;
  packaging: { id: number; title: string; image: string };
  price: number;
}

/** A kind of packaging as the /packaging/{id} page lists it (`products/packaging`, USD). */
export interface PackagingKind {
  id: number;
  title: string;
  image: string;
  price: number;
}

export interface Cart {
  items: CartItem[];
  invoice: CartInvoice;
  selectedCurrency: Currency;
  /** The address this cart ships to (`cart/add-shipping-address`), or null. */
  shippingAddress: ShippingAddress | null;
  /** The chosen payment method (`cart/add-payment-method`), or null. */
  paymentMethod: PaymentMethodName | null;
  /** Set for guest carts; the client stores it and sends it back with every cart call. */
  guest_session_token: string | null;
}

/**
 * Amounts in the cart's currency. Prices include VAT: `total` is what the shopper pays
 * ('Total inclusive of VAT') and `vatIncluded` is the VAT part of it, at `vatRate` percent.
 */
export interface CartInvoice {
  /** The lines: price × quantity + customization + packaging. */
  subTotal: number;
  /** The spec's name for the same sum at checkout. */
  subTotalWithAdditional: number;
  /** 0 until an address is chosen, and when every product of the cart ships free. */
  shippingCharges: number;
  total: number;
  vatRate: number;
  vatIncluded: number;
}

// ---------------------------------------------------------------- checkout (spec 001 §3, §7)

/** `buyers-shipping-address`: an address of a buyer (member or express guest). */
export interface ShippingAddress {
  id: number;
  buyer_id: number;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  country_id: number;
  /** The country's name. */
  country: string;
  city: string;
  address: string;
  is_primary: boolean;
}

/** What `buyers-shipping-address/create` and `update/{id}` take. */
export type ShippingAddressInput = Omit<ShippingAddress, 'id' | 'buyer_id' | 'country' | 'is_primary'> & {
  is_primary?: boolean;
};

/** The methods a shopper may choose (`PAYMENT_METHODS` in validation); Bank Transfer is shown only. */
export type ChoosablePaymentMethod = 'Cash On Delivery' | 'Money Exchange Transfer';
export type PaymentMethodName = ChoosablePaymentMethod | 'Bank Transfer';

/** `money-transfer-details`: where to send the money (from configuration). */
export interface PaymentDetails {
  bank: {
    accountTitle: string;
    bankName: string;
    accountNumber: string;
    ibanNumber: string;
    swiftCode: string;
  };
  personal: { personName: string; personPhoneNumber: string };
}

/** One delivery country's flat fee, in USD (the cart converts it to its currency). */
export interface ShippingFee {
  country_id: number;
  country: string;
  fee: number;
}

/**
 * `checkout-terms`: the rules checkout applies, from the same settings, for the shop's payments and
 * shipping pages (so they cannot say otherwise than checkout does).
 */
export interface CheckoutTerms {
  /** The methods a shopper may choose at checkout, in the order checkout lists them. */
  payment_methods: ChoosablePaymentMethod[];
  /** Whom a Money Exchange Transfer goes to, and the bank details shown for Bank Transfer. */
  payment_details: PaymentDetails;
  /** Guests e-mail their transfer slip here (members upload it under My Orders). */
  payment_slip_email: string;
  shipping: {
    /** Every delivery country's fee, in the countries' own order. */
    fees: ShippingFee[];
    /** Products worth at least this many USD ship free; null: the shop sets no such threshold. */
    free_shipping_over: number | null;
  };
}

export type OrderStatus = 'Pending' | 'Payment Pending' | 'Dispatch' | 'Delivered' | 'Cancel';
export type PaymentStatus = 'Pending' | 'Received' | 'Cancel';

/** An order as lists show it; amounts frozen in the order's currency. */
export interface Order {
  id: number;
  /** Human-readable order number, e.g. 'GS-2611-000042'. */
  order_id: string;
  created_at: string;
  order_status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethodName;
  products_total_cost: number;
  shipping_cost: number;
  total_amount: number;
  vat_rate: number;
  vat_amount: number;
  currency: { code: string; symbol: string };
}

/** `cart/member-checkout`: the placed order. */
export interface PlacedOrder {
  order_id: string;
  order: Order;
}

/** `cart/whatsapp-checkout`: the order, the guest identity it made, and the chat link to open. */
export interface ChatCheckout {
  order_id: string;
  order: Order;
  user: User;
  /** The messaging-app link with the shop's phone and the order number prefilled. */
  chat_url: string;
}

/**
 * A guest-cart line cut down at sign-in because the stock could not cover it (kept 0: the
 * product is out of stock and the line was removed).
 */
export interface CartAdjustment {
  product_id: number;
  title: string;
  requested: number;
  kept: number;
}

/** What sign-in and sign-up answer: the user, and what the guest-cart merge had to change. */
export interface SignedIn {
  user: User;
  cart_adjustments: CartAdjustment[];
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

/**
 * The wishlist-only registration (`buyers/register-wishlist`), stored locally as 'wishlistUser'.
 * `token` is this wishlist's own bearer token: the wishlist calls need it, a `user_id` alone grants
 * nothing.
 */
export interface WishlistUserData {
  id: number;
  email: string;
  token: string;
}

/** One wishlist line (`wishlist/*`): the product as a card, prices in USD. */
export interface WishlistItem {
  id: number;
  product_id: number;
  product: ProductCard;
}

/** `wishlist/get-items` and `wishlist/remove`: the whole list, newest first. */
export interface WishlistItems {
  items: WishlistItem[];
}

/** `wishlist/add`: the new (or already present) line. */
export interface WishlistAdded {
  item: WishlistItem;
}

/** `wishlist/move-to-cart`: the cart after the add, and the wishlist without the product. */
export interface WishlistMovedToCart {
  cart: Cart;
  guest_session_token: string | null;
  items: WishlistItem[];
}

// ---------------------------------------------------------------- catalogue (home, search, product)
// Paths the spec does not show are named in its style; the backend documents them in OpenAPI.

/** `suggestions?q=` (more than 2 characters): up to 4 of each. */
export interface SuggestionProduct {
  id: number;
  slug: string;
  title: string;
  image: string;
}
export interface Suggestions {
  products: SuggestionProduct[];
  types: NamedRef[];
  categories: (NamedRef & { type: NamedRef })[];
  sub_categories: (NamedRef & { type: NamedRef; category: NamedRef })[];
}

/** `top-searched-products`: from what shoppers really search and open. */
export interface TopSearched {
  items: SuggestionProduct[];
}

/** `hero-slides` (at most 5). */
export interface HeroSlide {
  id: number;
  title: string;
  sub_title: string;
  button_text: string;
  button_link: string;
  offer_tag: string | null;
  image: string;
}

/** `deals-of-the-day`: `deal` is null when no deal runs. */
export interface Deal {
  id: number;
  title: string;
  /** Seconds remaining when the server answered. */
  end_date_time: number;
  items: { product: ProductCard }[];
}

/** `banners`: template 1 purple, 2 green, 3 pink. */
export interface Banner {
  id: number;
  title: string;
  sub_title: string;
  template: 1 | 2 | 3;
  link_type: 'Box' | 'Button';
  link: string;
  button_text: string;
  background_image: string;
}

/** `category-blocks`: by position on the home page. */
export interface CategoryBlock {
  position: number;
  product_type_name: string;
  product_type_slug: string;
  categories: { category: { name: string; slug: string; image: string } }[];
}

/** Product lists of the home page (`exclusive-products`, `handmade-products`, `top-selling-products`, `spotlight`, `product-type-spotlight/{type}`). */
export interface ProductItems {
  items: ProductCard[];
}

export interface GalleryEntry {
  id: number;
  type: 'Image' | 'Video';
  image: string;
  video_link: string | null;
  caption: string | null;
}

export interface ProductGroup {
  groupName: string;
  products: { title: string; slug: string; image: string }[];
}

export interface Review {
  id: number;
  rating: number;
  comments: string;
  buyer: { name: string };
  created_at: string;
}

/** `product-reviews?ProductReviewsSearch[product_id]=…&page=…` */
export interface ReviewPage {
  items: Review[];
  summary: { rating: number; count: number };
  _meta: ListMeta;
}

export interface Question {
  id: number;
  question: string;
  questioner_name: string;
  question_time: string;
  answer: string | null;
  answer_time: string | null;
}

/** `product-questions?ProductQuestionsSearch[product_id]=…&sort=-question_time&page=…` */
export interface QuestionPage {
  items: Question[];
  _meta: ListMeta;
}

/** `page-content/{page}`: content is sanitised HTML. */
export interface PageContent {
  heading: string;
  content: string;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
}

// ---- member account (issue 11)

export type NotificationPriority = 'High' | 'Normal';

/** `notifications` → `{items}`: the member's notes not dismissed, newest first. */
export interface Notification {
  id: number;
  note: string;
  priority: NotificationPriority;
  created_at: string;
  /** The order the note is about: the header links the note to that order's page. */
  order_id: number | null;
}

export type MessageSender = 'Admin' | 'Buyer';

/** One message between a member and the shop; reply_to is the thread's root id (null on a root). */
export interface Message {
  id: number;
  buyer_id: number;
  order_id: number | null;
  subject: string;
  message: string;
  sender_type: MessageSender;
  is_read: boolean;
  reply_to: number | null;
  created_time: string;
}

/** A thread in a list: its root message, the latest message and the member's unread count. */
export interface MessageThread extends Message {
  last_message: Message;
  unread_count: number;
}

/** `buyer-messages?page=`, `order-messages/get-messages/{orderId}?page=` (newest activity first). */
export interface MessageThreadPage {
  items: MessageThread[];
  _meta: ListMeta;
}

/** `…/get-thread/…?page=`: the root and its messages oldest first, paged. */
export interface MessageThreadView {
  thread: Message;
  items: Message[];
  _meta: ListMeta;
}

/** `buyers/dashboard-stats` */
export interface DashboardStats {
  ordersCount: number;
  messagesCount: number;
  cartItemsCount: number;
  wishlistItemsCount: number;
}

/** One row of `buyers-log` (the dashboard's Recent Activities). */
export interface Activity {
  id: number;
  action_type: string;
  order_id: number | null;
  action_datetime: string;
}

export interface ActivityPage {
  items: Activity[];
  _meta: ListMeta;
}

/** `buyers/profile-stats`: which prompts the profile overview shows. */
export interface ProfileStats {
  profileUpdateRequired: boolean;
  alternateEmailUpdateRequired: boolean;
  interestsUpdatedRequired: boolean;
  passwordUpdatedRequired: boolean;
}

/** An interest or "how did you hear about us" option, checked when the member chose it. */
export interface InterestOption {
  id: number;
  name: string;
  isChecked: boolean;
}

/** `buyers/update/{id}` body (the e-mail is never changed here). */
export interface ProfileInput {
  first_name: string;
  last_name: string;
  mobile: string;
  country_id: number;
  gender: string;
  age_group: number;
}

/** The member as the profile page shows it. */
export interface Profile {
  id: number;
  type: 'Member' | 'Guest';
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
  gender: string | null;
  country_id: number | null;
  age_group: number | null;
  alternate_email: string | null;
}

// ---- member orders (issue 11)

/** `buyer-orders?duration=…&order_status=…&payment_status=…&page=…` */
export interface OrderPage {
  items: Order[];
  _meta: ListMeta;
}

/** `buyer-orders/stats`: pendingOrders counts 'Pending' and 'Payment Pending'. */
export interface OrderStats {
  totalOrders: number;
  pendingOrders: number;
  dispatchedOrders: number;
  deliveredOrders: number;
  canceledOrders: number;
}

export interface OrderLogEntry {
  created_at: string;
  action: string;
}

export type ProofStatus = 'Pending' | 'Confirmed' | 'Rejected';

/** The order's latest proof of payment. */
export interface ProofOfPayment {
  id: number;
  status: ProofStatus;
  comments: string;
  admin_comments: string | null;
  created_at: string;
}

export interface OrderedCustomization {
  id: number;
  /** The logo's address (bearer of the order's buyer, or an admin's), or null without a logo. */
  image: string | null;
  /** 'Logo uploaded' when a logo was chosen, null otherwise. */
  logoMessage: string | null;
  toWhom: string | null;
  from: string | null;
  note: string | null;
  brief: string | null;
  price: number;
}

export interface OrderedPackaging {
  id: number;
  title: string;
  image: string;
  price: number;
}

export interface OrderedProduct {
  id: number;
  /** Unit price in the order's currency. */
  price: number;
  quantity: number;
  /** The line with its customization and packaging. */
  total: number;
  product: {
    id: number;
    title: string;
    slug: string;
    image: string;
    category: { name: string };
    subCategory: { name: string };
    type: { name: string };
  };
  customization: OrderedCustomization | null;
  packaging: OrderedPackaging | null;
  review_submitted: boolean;
  feedback_submitted: boolean;
  /** The shopper may still review / give feedback (any order status but Cancel, once each). */
  can_review: boolean;
  can_give_feedback: boolean;
}

/** `buyer-orders/{id}` */
export interface OrderDetail extends Order {
  ordered_products: OrderedProduct[];
  proofOfPayment: ProofOfPayment | null;
  /** A transfer order with no proof, or whose last proof was Rejected, takes a (new) upload. */
  can_upload_proof: boolean;
  address: {
    first_name: string | null;
    last_name: string | null;
    mobile: string | null;
    address: string | null;
    city: string | null;
    country: string | null;
  };
  log: OrderLogEntry[];
}

/** `product-reviews/create` answers the review as the product page shows it. */
export interface ReviewCreated {
  review: Review;
  message: string;
}

/** `product-feedbacks/create`, `buyer-orders/proof-of-payment`. */
export interface SubmissionDone {
  message: string;
}

/** `admin/login` */
export interface AdminSession {
  token: string;
  expires_at: string;
  admin: { id: number; email: string };
}

/** An order as the admin lists it: whose it is, too. */
export interface AdminOrder extends Order {
  buyer: { id: number; email: string; name: string };
}

export interface AdminOrderPage {
  items: AdminOrder[];
  _meta: ListMeta;
}
