import type { Static } from '@sinclair/typebox';
import type * as addresses from './schemas/addresses';
import type * as auth from './schemas/auth';
import type * as cart from './schemas/cart';
import type * as catalogue from './schemas/catalogue';
import type * as checkout from './schemas/checkout';
import type * as common from './schemas/common';
import type * as member from './schemas/member';
import type * as memberOrders from './schemas/memberOrders';
import type * as remotes from './schemas/remotes';
import type * as startup from './schemas/startup';
import type * as wishlist from './schemas/wishlist';

/**
 * The types of what the API takes and answers, each derived from its TypeBox schema in
 * ./schemas (the schemas the backend validates and serialises with): one definition per shape.
 * Field names follow the spec. Prices on products are in USD; amounts on a cart are already
 * converted to the cart's selected currency.
 */
export type ListMeta = Static<typeof common.ListMeta>;

export type Currency = Static<typeof catalogue.Currency>;

export type SitemapNode = StartupContent['sitemap'][number];

export type FrontendMessage = StartupContent['frontendMessages'][number];

export type SocialChannel = keyof StartupContent['socialChannels'];

export type StartupContent = Static<typeof startup.StartupContent>;

export type NamedRef = Static<typeof catalogue.NamedRef>;

export type Specification = Static<typeof catalogue.Specification>;

export type ProductCard = Static<typeof catalogue.ProductCard>;

export type ProductDetail = Static<typeof catalogue.ProductDetail>;

export type FacetValue = Static<typeof catalogue.FacetValue>;

export type ProductListing = Static<typeof catalogue.ProductListing>;

export type CartItem = Static<typeof cart.CartItem>;

export type CartCustomization = NonNullable<CartItem['customization']>;

export type CartPackaging = NonNullable<CartItem['packaging']>;

/**
 * 'item': every piece of the line is wrapped on its own (price × quantity); 'line': the line's pieces
 * are packed together (the price once).
 */
export type PackagingLevel = CartPackaging['packaging_level'];

/** `products/customizations/{productId}`: what the product lets a shopper customize, per piece (USD). */
export type CustomizationOptions = Static<typeof cart.CustomizationOptions>;

/** One packaging option of a product (`products/packaging/{productId}`), price per piece or line (USD). */
export type PackagingOption = Static<typeof cart.PackagingOption>;

/** A kind of packaging as the /packaging/{id} page lists it (`products/packaging`, USD). */
export type PackagingKind = Static<typeof cart.PackagingKind>;

export type Cart = Static<typeof cart.Cart>;

/**
 * Amounts in the cart's currency. Prices include VAT: `total` is what the shopper pays
 * ('Total inclusive of VAT') and `vatIncluded` is the VAT part of it, at `vatRate` percent.
 */
export type CartInvoice = Cart['invoice'];

// ---------------------------------------------------------------- checkout (spec 001 §3, §7)

/** `buyers-shipping-address`: an address of a buyer (member or express guest). */
export type ShippingAddress = Static<typeof addresses.ShippingAddress>;

/** What `buyers-shipping-address/create` and `update/{id}` take. */
export type ShippingAddressInput = Static<typeof addresses.ShippingAddressBody>;

/** The methods a shopper may choose (`PAYMENT_METHODS` in validation); Bank Transfer is shown only. */
export type ChoosablePaymentMethod = CheckoutTerms['payment_methods'][number];
export type PaymentMethodName = Static<typeof cart.PaymentMethodName>;

/** `money-transfer-details`: where to send the money (from configuration). */
export type PaymentDetails = Static<typeof checkout.PaymentDetails>;

/** One delivery country's flat fee, in USD (the cart converts it to its currency). */
export type ShippingFee = CheckoutTerms['shipping']['fees'][number];

/**
 * `checkout-terms`: the rules checkout applies, from the same settings, for the shop's payments and
 * shipping pages (so they cannot say otherwise than checkout does).
 */
export type CheckoutTerms = Static<typeof checkout.CheckoutTerms>;

export type OrderStatus = Static<typeof checkout.OrderStatus>;
export type PaymentStatus = Static<typeof checkout.PaymentStatus>;

/** An order as lists show it; amounts frozen in the order's currency. */
export type Order = Static<typeof checkout.Order>;

/** `cart/member-checkout`: the placed order. */
export type PlacedOrder = Static<typeof checkout.PlacedOrder>;

/** `cart/whatsapp-checkout`: the order, the guest identity it made, and the chat link to open. */
export type ChatCheckout = Static<typeof checkout.ChatCheckout>;

/**
 * A guest-cart line cut down at sign-in because the stock could not cover it (kept 0: the
 * product is out of stock and the line was removed).
 */
export type CartAdjustment = Static<typeof auth.CartAdjustment>;

/** What sign-in and sign-up answer: the user, and what the guest-cart merge had to change. */
export type SignedIn = Static<typeof auth.SignedIn>;

export type User = Static<typeof auth.User>;

export type ApiErrorBody = Static<typeof common.ErrorBody>;

// ---------------------------------------------------------------- auth (buyers/*)

/** `countries`: delivery and registration countries; `dial_code` feeds the phone input. */
export type Country = Static<typeof auth.Country>;

/** `signin-slides`, `signup-slides` (shape not shown by the spec: the project's decision). */
export type AuthSlide = Static<typeof auth.AuthSlide>;

/**
 * The wishlist-only registration (`buyers/register-wishlist`), stored locally as 'wishlistUser'.
 * `token` is this wishlist's own bearer token: the wishlist calls need it, a `user_id` alone grants
 * nothing.
 */
export type WishlistUserData = Static<typeof auth.WishlistUser>;

/** One wishlist line (`wishlist/*`): the product as a card, prices in USD. */
export type WishlistItem = Static<typeof wishlist.WishlistItem>;

/** `wishlist/get-items` and `wishlist/remove`: the whole list, newest first. */
export type WishlistItems = Static<typeof wishlist.WishlistItems>;

/** `wishlist/add`: the new (or already present) line. */
export type WishlistAdded = Static<typeof wishlist.WishlistAdded>;

/** `wishlist/move-to-cart`: the cart after the add, and the wishlist without the product. */
export type WishlistMovedToCart = Static<typeof wishlist.WishlistMovedToCart>;

// ---------------------------------------------------------------- catalogue (home, search, product)
// Paths the spec does not show are named in its style; the backend documents them in OpenAPI.

/** `suggestions?q=` (more than 2 characters): up to 4 of each. */
export type SuggestionProduct = Static<typeof catalogue.SuggestionProduct>;
export type Suggestions = Static<typeof catalogue.Suggestions>;

/** `top-searched-products`: from what shoppers really search and open. */
export type TopSearched = Static<typeof catalogue.TopSearched>;

/** `hero-slides` (at most 5). */
export type HeroSlide = Static<typeof catalogue.HeroSlide>;

/** `deals-of-the-day`: `deal` is null when no deal runs. */
export type Deal = Static<typeof catalogue.Deal>;

/** `banners`: template 1 purple, 2 green, 3 pink. */
export type Banner = Static<typeof catalogue.Banner>;

/** `category-blocks`: by position on the home page. */
export type CategoryBlock = Static<typeof catalogue.CategoryBlock>;

/** Product lists of the home page (`exclusive-products`, `handmade-products`, `top-selling-products`, `spotlight`, `product-type-spotlight/{type}`). */
export type ProductItems = Static<typeof catalogue.ProductItems>;

export type GalleryEntry = Static<typeof catalogue.GalleryEntry>;

export type ProductGroup = Static<typeof catalogue.ProductGroup>;

export type Review = Static<typeof catalogue.Review>;

/** `product-reviews?ProductReviewsSearch[product_id]=…&page=…` */
export type ReviewPage = Static<typeof catalogue.ReviewPage>;

export type Question = Static<typeof catalogue.Question>;

/** `product-questions?ProductQuestionsSearch[product_id]=…&sort=-question_time&page=…` */
export type QuestionPage = Static<typeof catalogue.QuestionPage>;

/** `page-content/{page}`: content is sanitised HTML. */
export type PageContent = Static<typeof catalogue.PageContent>;

// ---- member account (issue 11)

export type NotificationPriority = Static<typeof member.Priority>;

/** `notifications` → `{items}`: the member's notes not dismissed, newest first. */
export type Notification = Static<typeof member.Notification>;

export type MessageSender = Message['sender_type'];

/** One message between a member and the shop; reply_to is the thread's root id (null on a root). */
export type Message = Static<typeof member.Message>;

/** A thread in a list: its root message, the latest message and the member's unread count. */
export type MessageThread = Static<typeof member.MessageThread>;

/** `buyer-messages?page=`, `order-messages/get-messages/{orderId}?page=` (newest activity first). */
export type MessageThreadPage = Static<typeof member.MessageThreadPage>;

/** `…/get-thread/…?page=`: the root and its messages oldest first, paged. */
export type MessageThreadView = Static<typeof member.MessageThreadView>;

/** `buyers/dashboard-stats` */
export type DashboardStats = Static<typeof member.DashboardStats>;

/** One row of `buyers-log` (the dashboard's Recent Activities). */
export type Activity = Static<typeof member.Activity>;

export type ActivityPage = Static<typeof member.ActivityPage>;

/** `buyers/profile-stats`: which prompts the profile overview shows. */
export type ProfileStats = Static<typeof member.ProfileStats>;

/** An interest or "how did you hear about us" option, checked when the member chose it. */
export type InterestOption = Static<typeof member.InterestOption>;

/** `buyers/update/{id}` body (the e-mail is never changed here). */
export type ProfileInput = Static<typeof member.ProfileBody>;

/** The member as the profile page shows it. */
export type Profile = Static<typeof member.Profile>;

// ---- member orders (issue 11)

/** `buyer-orders?duration=…&order_status=…&payment_status=…&page=…` */
export type OrderPage = Static<typeof memberOrders.OrderPage>;

/** `buyer-orders/stats`: pendingOrders counts 'Pending' and 'Payment Pending'. */
export type OrderStats = Static<typeof memberOrders.OrderStats>;

export type OrderLogEntry = Static<typeof memberOrders.OrderLogEntry>;

export type ProofStatus = Static<typeof memberOrders.ProofStatus>;

/** The order's latest proof of payment. */
export type ProofOfPayment = Static<typeof memberOrders.ProofOfPayment>;

export type OrderedCustomization = NonNullable<OrderedProduct['customization']>;

export type OrderedPackaging = NonNullable<OrderedProduct['packaging']>;

export type OrderedProduct = OrderDetail['ordered_products'][number];

/** `buyer-orders/{id}` */
export type OrderDetail = Static<typeof memberOrders.OrderDetail>;

/** `product-reviews/create` answers the review as the product page shows it. */
export type ReviewCreated = Static<typeof memberOrders.ReviewCreated>;

/** `product-feedbacks/create`, `buyer-orders/proof-of-payment`. */
export type SubmissionDone = Static<typeof memberOrders.SubmissionDone>;

/** `admin/login` */
export type AdminSession = Static<typeof memberOrders.AdminSession>;

/** An order as the admin lists it: whose it is, too. */
export type AdminOrder = AdminOrderPage['items'][number];

export type AdminOrderPage = Static<typeof memberOrders.AdminOrderPage>;

/** Remote releases: the registry a page loads remotes from, and what operators see of it. */
export type RemoteLocation = Static<typeof remotes.RemoteLocation>;
export type RegistryEntry = Static<typeof remotes.RegistryEntry>;
export type Registry = Static<typeof remotes.Registry>;
export type RemoteFailureKind = Static<typeof remotes.RemoteFailureKind>;
export type RemoteErrorReport = Static<typeof remotes.RemoteErrorBody>;
export type ReleaseDescriptor = Static<typeof remotes.ReleaseDescriptor>;
export type SharedRequirement = Static<typeof remotes.SharedRequirement>;
export type RemoteStatus = Static<typeof remotes.RemoteStatus>;
export type RemoteVersionInfo = Static<typeof remotes.RemoteVersionInfo>;
export type RegistryHistoryEntry = Static<typeof remotes.HistoryEntry>;
export type RegistryAction = (typeof remotes.REGISTRY_ACTIONS)[number];
export type { RemoteName } from './schemas/remotes';
