/**
 * Drizzle mirror of the tables created by the SQL files in ./migrations. The SQL is the source of
 * truth (it is what runs); keep this file in step when a migration changes a table.
 */

import type {
  ChoosablePaymentMethod,
  OrderStatus,
  PaymentMethodName,
  PaymentStatus,
} from '@shop/shared/api-types';
import type { CustomizationOption } from '@shop/shared/validation';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6, mode: 'number' }).notNull(),
  decimalPlaces: smallint('decimal_places').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  position: integer('position').notNull().default(0),
});

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  /** ISO 3166-1 alpha-2, lower case. */
  iso2: text('iso2').notNull().default(''),
  /** Without the plus sign. */
  dialCode: text('dial_code').notNull().default(''),
  /** Flat delivery fee to this country, USD (0011_checkout.sql). */
  shippingFee: money('shipping_fee').notNull().default(15),
});

export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const socialChannels = pgTable('social_channels', {
  channel: text('channel')
    .$type<'facebook' | 'twitter' | 'instagram' | 'linkedin' | 'youtube'>()
    .primaryKey(),
  url: text('url'),
});

export const frontendMessages = pgTable('frontend_messages', {
  id: serial('id').primaryKey(),
  section: text('section').notNull(),
  component: text('component').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<'Text' | 'texts'>().notNull(),
  texts: jsonb('texts').$type<string[]>().notNull(),
});

export const suppliers = pgTable('suppliers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  position: integer('position').notNull().default(0),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  typeId: integer('type_id')
    .notNull()
    .references(() => productTypes.id),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  position: integer('position').notNull().default(0),
});

export const subCategories = pgTable('sub_categories', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  position: integer('position').notNull().default(0),
});

/** The shop's own lines (0001_init.sql checks products.line against them). */
export const PRODUCT_LINES = ['exclusive', 'handmade'] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  shortDescription: text('short_description').notNull(),
  description: text('description').notNull(),
  hint: text('hint'),
  details: text('details').notNull(),
  price: money('price').notNull(),
  oldPrice: money('old_price'),
  stockQuantity: integer('stock_quantity').notNull().default(0),
  isCustomizable: boolean('is_customizable').notNull().default(false),
  hasPackaging: boolean('has_packaging').notNull().default(false),
  hot: boolean('hot').notNull().default(false),
  newItem: boolean('new_item').notNull().default(false),
  freeDelivery: boolean('free_delivery').notNull().default(false),
  line: text('line').$type<ProductLine>(),
  supplierId: integer('supplier_id').references(() => suppliers.id),
  typeId: integer('type_id')
    .notNull()
    .references(() => productTypes.id),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  subCategoryId: integer('sub_category_id')
    .notNull()
    .references(() => subCategories.id),
  rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  salesCount: integer('sales_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productSpecifications = pgTable('product_specifications', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  name: text('name').notNull(),
  value: text('value').notNull(),
  showInQuickView: smallint('show_in_quick_view').$type<0 | 1>().notNull().default(0),
  position: integer('position').notNull().default(0),
});

export const subCategorySpecifications = pgTable('sub_category_specifications', {
  id: serial('id').primaryKey(),
  subCategoryId: integer('sub_category_id')
    .notNull()
    .references(() => subCategories.id),
  name: text('name').notNull(),
  value: text('value').notNull(),
  showInQuickView: smallint('show_in_quick_view').$type<0 | 1>().notNull().default(0),
  position: integer('position').notNull().default(0),
});

export const buyers = pgTable('buyers', {
  id: serial('id').primaryKey(),
  type: text('type').$type<'Member' | 'Guest'>().notNull().default('Member'),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  mobile: text('mobile'),
  gender: text('gender'),
  countryId: integer('country_id').references(() => countries.id),
  alternateEmail: text('alternate_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** 0013: the member's age group (an `age-group` id). */
  ageGroup: integer('age_group'),
  /** 0013: when the password was last set (change or reset); null: since the account was made. */
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
});

export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  buyerId: integer('buyer_id').references(() => buyers.id),
  guestTokenHash: text('guest_token_hash'),
  currencyCode: text('currency_code')
    .notNull()
    .references(() => currencies.code),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** 0011_checkout.sql: set to NULL when the address is deleted. */
  shippingAddressId: integer('shipping_address_id').references((): AnyPgColumn => shippingAddresses.id),
  paymentMethod: text('payment_method').$type<ChoosablePaymentMethod>(),
});

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  cartId: integer('cart_id')
    .notNull()
    .references(() => carts.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  quantity: integer('quantity').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  customizationOptions: text('customization_options').array().$type<CustomizationOption[]>(),
  customizationLogo: text('customization_logo'),
  customizationToWhom: text('customization_to_whom'),
  customizationFrom: text('customization_from'),
  customizationNote: text('customization_note'),
  customizationBrief: text('customization_brief'),
  packagingId: integer('packaging_id').references(() => packagings.id),
});

export const productCustomizations = pgTable('product_customizations', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id),
  logo: boolean('logo').notNull().default(false),
  toWhom: boolean('to_whom').notNull().default(false),
  sender: boolean('sender').notNull().default(false),
  message: boolean('message').notNull().default(false),
  price: money('price').notNull(),
});

export const packagings = pgTable('packagings', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  price: money('price').notNull(),
  position: integer('position').notNull().default(0),
});

export type PackagingLevel = 'item' | 'line';

export const productPackagings = pgTable('product_packagings', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  packagingId: integer('packaging_id')
    .notNull()
    .references(() => packagings.id),
  price: money('price').notNull(),
  packagingLevel: text('packaging_level').$type<PackagingLevel>().notNull(),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id),
  hashSha256: text('hash_sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const wishlistUsers = pgTable('wishlist_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** sha256 of the wishlist's bearer token (0010_wishlist.sql); null for users registered before it. */
  tokenHash: text('token_hash'),
});

/** 0010_wishlist.sql: a member's (buyerId) or a wishlist user's (wishlistUserId) line, never both. */
export const wishlistItems = pgTable('wishlist_items', {
  id: serial('id').primaryKey(),
  buyerId: integer('buyer_id').references(() => buyers.id),
  wishlistUserId: integer('wishlist_user_id').references(() => wishlistUsers.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const loginAttempts = pgTable('login_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ip: text('ip').notNull(),
  email: text('email').notNull(),
  attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  cleared: boolean('cleared').notNull().default(false),
  /** 0014_abuse_limits.sql: buyers' and admins' sign-ins are counted apart. */
  realm: text('realm').$type<LoginRealm>().notNull().default('buyer'),
});

export type LoginRealm = 'buyer' | 'admin';

/** 0014_abuse_limits.sql: @fastify/rate-limit's counters, one row per limit and client. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

export const authSlides = pgTable('auth_slides', {
  id: integer('id').primaryKey(),
  kind: text('kind').$type<'signin' | 'signup'>().notNull(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull(),
  position: integer('position').notNull().default(0),
});

// ---------------------------------------------------------------- 0003_catalogue.sql
// products.search_vector (generated tsvector) is only read through SQL, so it is not mirrored.

export const productAttributes = pgTable('product_attributes', {
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  name: text('name').notNull(),
  value: text('value').notNull(),
});

export const productReviews = pgTable('product_reviews', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  buyerName: text('buyer_name').notNull(),
  rating: smallint('rating').notNull(),
  comments: text('comments').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** 0012_member_orders.sql: set on reviews written from an order (seeded ones have neither). */
  buyerId: integer('buyer_id'),
  orderItemId: integer('order_item_id'),
});

export const productQuestions = pgTable('product_questions', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  questionerName: text('questioner_name').notNull(),
  questionerEmail: text('questioner_email').notNull(),
  question: text('question').notNull(),
  questionTime: timestamp('question_time', { withTimezone: true }).notNull().defaultNow(),
  answer: text('answer'),
  answerTime: timestamp('answer_time', { withTimezone: true }),
});

export const productGallery = pgTable('product_gallery', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  type: text('type').$type<'Image' | 'Video'>().notNull(),
  videoLink: text('video_link'),
  caption: text('caption'),
  position: integer('position').notNull().default(0),
});

export const productGroups = pgTable('product_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const productGroupMembers = pgTable('product_group_members', {
  groupId: integer('group_id')
    .notNull()
    .references(() => productGroups.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  position: integer('position').notNull().default(0),
});

export const notifyRequests = pgTable('notify_requests', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const searchLog = pgTable('search_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  query: text('query').notNull(),
  searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productViews = pgTable('product_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const heroSlides = pgTable('hero_slides', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull(),
  buttonText: text('button_text').notNull(),
  buttonLink: text('button_link').notNull(),
  offerTag: text('offer_tag'),
  position: integer('position').notNull().default(0),
});

export const deals = pgTable('deals', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

export const dealItems = pgTable('deal_items', {
  dealId: integer('deal_id')
    .notNull()
    .references(() => deals.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  position: integer('position').notNull().default(0),
});

export const banners = pgTable('banners', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull(),
  template: smallint('template').$type<1 | 2 | 3>().notNull(),
  linkType: text('link_type').$type<'Box' | 'Button'>().notNull(),
  link: text('link').notNull(),
  buttonText: text('button_text').notNull(),
  position: integer('position').notNull().default(0),
});

export const categoryBlocks = pgTable('category_blocks', {
  id: integer('id').primaryKey(),
  position: integer('position').notNull(),
  productTypeId: integer('product_type_id')
    .notNull()
    .references(() => productTypes.id),
});

export const categoryBlockItems = pgTable('category_block_items', {
  blockId: integer('block_id')
    .notNull()
    .references(() => categoryBlocks.id),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  position: integer('position').notNull().default(0),
});

export const pageContents = pgTable('page_contents', {
  page: text('page').primaryKey(),
  heading: text('heading').notNull(),
  content: text('content').notNull(),
  phone: text('phone'),
  whatsapp: text('whatsapp'),
  email: text('email'),
});

export const pageViews = pgTable('page_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  path: text('path').notNull(),
  referrer: text('referrer'),
  viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- 0011_checkout.sql

export const shippingAddresses = pgTable('shipping_addresses', {
  id: serial('id').primaryKey(),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  mobile: text('mobile').notNull(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id),
  city: text('city').notNull(),
  address: text('address').notNull(),
  isPrimary: boolean('is_primary').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Amounts of an order, in the order's currency (3 decimals for KWD, large for LBP). */
const orderAmount = (name: string) => numeric(name, { precision: 16, scale: 3, mode: 'number' });

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  orderNumber: text('order_number').notNull(),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id),
  channel: text('channel').$type<'checkout' | 'chat'>().notNull(),
  orderStatus: text('order_status').$type<OrderStatus>().notNull(),
  paymentStatus: text('payment_status').$type<PaymentStatus>().notNull(),
  paymentMethod: text('payment_method').$type<PaymentMethodName>().notNull(),
  currencyCode: text('currency_code').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6, mode: 'number' }).notNull(),
  decimalPlaces: smallint('decimal_places').notNull(),
  productsTotal: orderAmount('products_total').notNull(),
  shippingCost: orderAmount('shipping_cost').notNull(),
  vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  vatAmount: orderAmount('vat_amount').notNull(),
  totalAmount: orderAmount('total_amount').notNull(),
  shipFirstName: text('ship_first_name'),
  shipLastName: text('ship_last_name'),
  shipEmail: text('ship_email'),
  shipMobile: text('ship_mobile'),
  shipCountryId: integer('ship_country_id'),
  shipCountry: text('ship_country'),
  shipCity: text('ship_city'),
  shipAddress: text('ship_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sold line, frozen; product_id deliberately has no foreign key (see the migration). */
export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  productId: integer('product_id').notNull(),
  title: text('title').notNull(),
  slug: text('slug').notNull(),
  typeName: text('type_name').notNull(),
  categoryName: text('category_name').notNull(),
  subCategoryName: text('sub_category_name').notNull(),
  quantity: integer('quantity').notNull(),
  unitPriceUsd: money('unit_price_usd').notNull(),
  unitPrice: orderAmount('unit_price').notNull(),
  customizationOptions: text('customization_options').array().$type<CustomizationOption[]>(),
  customizationLogo: text('customization_logo'),
  customizationToWhom: text('customization_to_whom'),
  customizationFrom: text('customization_from'),
  customizationNote: text('customization_note'),
  customizationBrief: text('customization_brief'),
  customizationPrice: orderAmount('customization_price').notNull().default(0),
  packagingId: integer('packaging_id'),
  packagingTitle: text('packaging_title'),
  packagingLevel: text('packaging_level').$type<PackagingLevel>(),
  packagingPrice: orderAmount('packaging_price').notNull().default(0),
  lineTotal: orderAmount('line_total').notNull(),
  /** 0012_member_orders.sql: the buyer reviewed / gave feedback on this ordered product. */
  reviewSubmitted: boolean('review_submitted').notNull().default(false),
  feedbackSubmitted: boolean('feedback_submitted').notNull().default(false),
});

export const orderLogs = pgTable('order_logs', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  action: text('action').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const buyerActivities = pgTable('buyer_activities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id),
  actionType: text('action_type').notNull(),
  orderId: integer('order_id').references(() => orders.id),
  actionDatetime: timestamp('action_datetime', { withTimezone: true }).notNull().defaultNow(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

// ---- 0013_member_account.sql

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id),
  note: text('note').notNull(),
  priority: text('priority').$type<'High' | 'Normal'>().notNull().default('Normal'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  /** The order the note is about (0016_notification_orders.sql); null for a general note. */
  orderId: integer('order_id').references(() => orders.id),
});

export const buyerMessages = pgTable('buyer_messages', {
  id: serial('id').primaryKey(),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id),
  orderId: integer('order_id').references(() => orders.id),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  senderType: text('sender_type').$type<'Admin' | 'Buyer'>().notNull(),
  isRead: boolean('is_read').notNull().default(false),
  replyTo: integer('reply_to').references((): AnyPgColumn => buyerMessages.id),
  createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
});

export const interestOptions = pgTable('interest_options', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const buyerInterests = pgTable(
  'buyer_interests',
  {
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interestOptions.id),
  },
  (table) => [primaryKey({ columns: [table.buyerId, table.interestId] })],
);

export const hearAboutUsOptions = pgTable('hear_about_us_options', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const buyerHearAboutUs = pgTable(
  'buyer_hear_about_us',
  {
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    optionId: integer('option_id')
      .notNull()
      .references(() => hearAboutUsOptions.id),
  },
  (table) => [primaryKey({ columns: [table.buyerId, table.optionId] })],
);

// ---------------------------------------------------------------- 0012_member_orders.sql

export type ProofStatus = 'Pending' | 'Confirmed' | 'Rejected';

export const productFeedbacks = pgTable('product_feedbacks', {
  id: serial('id').primaryKey(),
  orderItemId: integer('order_item_id')
    .notNull()
    .references(() => orderItems.id),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id),
  productId: integer('product_id').notNull(),
  comments: text('comments').notNull(),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentProofs = pgTable('payment_proofs', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  image: text('image').notNull(),
  comments: text('comments').notNull().default(''),
  status: text('status').$type<ProofStatus>().notNull().default('Pending'),
  adminComments: text('admin_comments'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});

export const admins = pgTable('admins', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminTokens = pgTable('admin_tokens', {
  id: serial('id').primaryKey(),
  adminId: integer('admin_id')
    .notNull()
    .references(() => admins.id),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
