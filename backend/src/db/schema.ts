/**
 * Drizzle mirror of the tables created by the SQL files in ./migrations. The SQL is the source of
 * truth (it is what runs); keep this file in step when a migration changes a table: columns,
 * keys, foreign keys with their ON DELETE, unique constraints and indexes.
 * test/schema-drift.test.ts migrates a fresh database and fails on any difference.
 */

import type {
  ChoosablePaymentMethod,
  OrderStatus,
  PaymentMethodName,
  PaymentStatus,
  RegistryAction,
} from '@shop/contract';
import type { CustomizationOption } from '@shop/contract/validation';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    symbol: text('symbol').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    decimalPlaces: smallint('decimal_places').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('currencies_one_default').on(table.isDefault).where(sql`${table.isDefault}`)],
);

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
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

export const frontendMessages = pgTable(
  'frontend_messages',
  {
    id: serial('id').primaryKey(),
    section: text('section').notNull(),
    component: text('component').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<'Text' | 'texts'>().notNull(),
    texts: jsonb('texts').$type<string[]>().notNull(),
  },
  (table) => [unique().on(table.section, table.component, table.name)],
);

export const suppliers = pgTable('suppliers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull().default(0),
  /** 0030: an uploaded picture; null keeps the generated drawing. */
  imageId: integer('image_id').references(() => uploadedImages.id),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => productTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
    /** 0030: an uploaded picture; null keeps the generated drawing. */
    imageId: integer('image_id').references(() => uploadedImages.id),
  },
  (table) => [index('categories_type_id').on(table.typeId)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
    /** 0030: an uploaded picture; null keeps the generated drawing. */
    imageId: integer('image_id').references(() => uploadedImages.id),
  },
  (table) => [index('sub_categories_category_id').on(table.categoryId)],
);

/** The levels of the taxonomy as the category tree and the slug redirects name them. */
export const TAXONOMY_LEVELS = ['types', 'categories', 'sub-categories'] as const;
export type TaxonomyLevelName = (typeof TAXONOMY_LEVELS)[number];

/**
 * 0030_category_tree.sql: a slug a type, category or sub-category had before a change, so its old
 * listing links keep working (modules/products/taxonomyRedirects.ts).
 */
export const taxonomySlugRedirects = pgTable(
  'taxonomy_slug_redirects',
  {
    level: text('level').$type<TaxonomyLevelName>().notNull(),
    oldSlug: text('old_slug').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.level, table.oldSlug] }),
    index('taxonomy_slug_redirects_target').on(table.level, table.targetId),
  ],
);

/** The shop's own lines (0001_init.sql checks products.line against them). */
export const PRODUCT_LINES = ['exclusive', 'handmade'] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
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
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
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
    /** 0028: set, the product is archived (hidden from the storefront, kept in orders and carts). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** 0028: the card's picture, the gallery's first uploaded one (no foreign key: 0029 comes after). */
    imageId: integer('image_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_type_id').on(table.typeId),
    index('products_category_id').on(table.categoryId),
    index('products_sub_category_id').on(table.subCategoryId),
    index('products_supplier_id').on(table.supplierId),
    index('products_created_at').on(table.createdAt.desc(), table.id.desc()),
    index('products_price').on(table.price, table.id),
    // 0003_catalogue.sql: search_vector is a generated column this file does not mirror.
    index('products_search_vector').using('gin', sql`search_vector`),
    index('products_title_trgm').using('gin', table.title.op('gin_trgm_ops')),
    index('products_sales_count').on(table.salesCount.desc(), table.id),
    index('products_line').on(table.line, table.createdAt.desc()).where(sql`${table.line} IS NOT NULL`),
    index('products_hot').on(table.typeId).where(sql`${table.hot}`),
    index('products_rating').on(table.typeId, table.rating.desc(), table.salesCount.desc()),
    // 0004_listing_indexes.sql
    index('products_type_price').on(table.typeId, table.price, table.id),
    index('products_category_price').on(table.categoryId, table.price, table.id),
    index('products_sub_category_price').on(table.subCategoryId, table.price, table.id),
    index('products_type_created').on(table.typeId, table.createdAt.desc(), table.id.desc()),
    index('products_category_created').on(table.categoryId, table.createdAt.desc(), table.id.desc()),
    index('products_sub_category_created').on(table.subCategoryId, table.createdAt.desc(), table.id.desc()),
    // 0005_facet_index.sql; the SQL also INCLUDEs (id, stock_quantity, price, hot, new_item,
    // free_delivery, is_customizable, supplier_id), which Drizzle cannot declare.
    index('products_facets').on(table.typeId, table.categoryId, table.subCategoryId),
    // 0028_admin_products.sql
    index('products_archived')
      .on(table.archivedAt.desc(), table.id.desc())
      .where(sql`${table.archivedAt} IS NOT NULL`),
  ],
);

/** 0028: a slug a product had before; the storefront's product page at it lands on the product. */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_slug_redirects_product').on(table.productId)],
);

export const productSpecifications = pgTable(
  'product_specifications',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    showInQuickView: smallint('show_in_quick_view').$type<0 | 1>().notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('product_specifications_product_id').on(table.productId)],
);

export const subCategorySpecifications = pgTable(
  'sub_category_specifications',
  {
    id: serial('id').primaryKey(),
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => subCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    showInQuickView: smallint('show_in_quick_view').$type<0 | 1>().notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('sub_category_specifications_sub_category_id').on(table.subCategoryId)],
);

export const buyers = pgTable(
  'buyers',
  {
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
  },
  (table) => [
    // 0006_guest_identities.sql: an e-mail is unique among members only.
    uniqueIndex('buyers_member_email').on(sql`lower(${table.email})`).where(sql`${table.type} = 'Member'`),
    index('buyers_email_lookup').on(sql`lower(${table.email})`),
    /** 0024_admin_orders_seen.sql: the back office queue's search by e-mail. */
    index('buyers_email_trgm').using('gin', table.email.op('gin_trgm_ops')),
    /** 0026_admin_order_search_names.sql: the queue's search by the buyer's name. */
    index('buyers_name_trgm').using(
      'gin',
      sql`((${table.firstName} || ' ') || ${table.lastName}) gin_trgm_ops`,
    ),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('auth_tokens_buyer_id').on(table.buyerId),
    index('auth_tokens_expires_at').on(table.expiresAt),
  ],
);

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .unique()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    guestTokenHash: text('guest_token_hash').unique(),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** 0011_checkout.sql: set to NULL when the address is deleted. */
    shippingAddressId: integer('shipping_address_id').references((): AnyPgColumn => shippingAddresses.id, {
      onDelete: 'set null',
    }),
    paymentMethod: text('payment_method').$type<ChoosablePaymentMethod>(),
  },
  (table) => [index('carts_shipping_address_id').on(table.shippingAddressId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    customizationOptions: text('customization_options').array().$type<CustomizationOption[]>(),
    customizationLogo: text('customization_logo'),
    customizationToWhom: text('customization_to_whom'),
    customizationFrom: text('customization_from'),
    customizationNote: text('customization_note'),
    customizationBrief: text('customization_brief'),
    packagingId: integer('packaging_id').references(() => packagings.id),
  },
  (table) => [
    index('cart_items_cart_id').on(table.cartId),
    index('cart_items_product_id').on(table.productId),
  ],
);

export const productCustomizations = pgTable('product_customizations', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
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

export const productPackagings = pgTable(
  'product_packagings',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    packagingId: integer('packaging_id')
      .notNull()
      .references(() => packagings.id),
    price: money('price').notNull(),
    packagingLevel: text('packaging_level').$type<PackagingLevel>().notNull(),
  },
  (table) => [unique().on(table.productId, table.packagingId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    hashSha256: text('hash_sha256').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('password_resets_buyer_id').on(table.buyerId, table.createdAt),
    index('password_resets_expires_at').on(table.expiresAt),
  ],
);

export const wishlistUsers = pgTable(
  'wishlist_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** sha256 of the wishlist's bearer token (0010_wishlist.sql); null for users registered before it. */
    tokenHash: text('token_hash').unique(),
  },
  (table) => [uniqueIndex('wishlist_users_email').on(sql`lower(${table.email})`)],
);

/** 0010_wishlist.sql: a member's (buyerId) or a wishlist user's (wishlistUserId) line, never both. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id').references(() => buyers.id, { onDelete: 'cascade' }),
    wishlistUserId: integer('wishlist_user_id').references(() => wishlistUsers.id, {
      onDelete: 'cascade',
    }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique().on(table.buyerId, table.productId),
    unique().on(table.wishlistUserId, table.productId),
    index('wishlist_items_product_id').on(table.productId),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    email: text('email').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    cleared: boolean('cleared').notNull().default(false),
    /** 0014_abuse_limits.sql: buyers' and admins' sign-ins are counted apart. */
    realm: text('realm').$type<LoginRealm>().notNull().default('buyer'),
  },
  (table) => [
    index('login_attempts_realm_ip').on(table.realm, table.ip, table.attemptedAt),
    index('login_attempts_realm_email').on(table.realm, table.email, table.attemptedAt),
  ],
);

export type LoginRealm = 'buyer' | 'admin';

/** 0014_abuse_limits.sql: @fastify/rate-limit's counters, one row per limit and client. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_ends_at').on(table.windowEndsAt)],
);

export const authSlides = pgTable('auth_slides', {
  id: integer('id').primaryKey(),
  kind: text('kind').$type<'signin' | 'signup'>().notNull(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull(),
  position: integer('position').notNull().default(0),
});

// ---------------------------------------------------------------- 0003_catalogue.sql
// products.search_vector (generated tsvector) is only read through SQL (modules/search/ranking.ts),
// so it is not mirrored (test/schema-drift.test.ts names it in its allow-list).

export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.name, table.value] }),
    index('product_attributes_name_value').on(table.name, table.value, table.productId),
  ],
);

export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyerName: text('buyer_name').notNull(),
    rating: smallint('rating').notNull(),
    comments: text('comments').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 0012_member_orders.sql: set on reviews written from an order (seeded ones have neither). */
    buyerId: integer('buyer_id').references(() => buyers.id, { onDelete: 'set null' }),
    orderItemId: integer('order_item_id').references((): AnyPgColumn => orderItems.id, {
      onDelete: 'set null',
    }),
    /** 0023_admin_back_office.sql: hidden by an admin (off the page and its rating summary). */
    hidden: boolean('hidden').notNull().default(false),
  },
  (table) => [
    index('product_reviews_product').on(table.productId, table.createdAt.desc(), table.id.desc()),
    uniqueIndex('product_reviews_order_item_id').on(table.orderItemId),
  ],
);

export const productQuestions = pgTable(
  'product_questions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    questionerName: text('questioner_name').notNull(),
    questionerEmail: text('questioner_email').notNull(),
    question: text('question').notNull(),
    questionTime: timestamp('question_time', { withTimezone: true }).notNull().defaultNow(),
    answer: text('answer'),
    answerTime: timestamp('answer_time', { withTimezone: true }),
    /** 0023_admin_back_office.sql: asked on the page, not shown until an admin answers or approves it. */
    held: boolean('held').notNull().default(false),
  },
  (table) => [
    index('product_questions_product').on(table.productId, table.questionTime.desc(), table.id.desc()),
    index('product_questions_held').on(table.questionTime).where(sql`${table.held}`),
  ],
);

export const productGallery = pgTable(
  'product_gallery',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text('type').$type<'Image' | 'Video'>().notNull(),
    videoLink: text('video_link'),
    caption: text('caption'),
    position: integer('position').notNull().default(0),
    /** 0028: an uploaded picture (an Image entry); null keeps the generated drawing. */
    imageId: integer('image_id'),
  },
  (table) => [index('product_gallery_product').on(table.productId, table.position)],
);

export const productGroups = pgTable('product_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const productGroupMembers = pgTable(
  'product_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.productId] }),
    index('product_group_members_product').on(table.productId),
  ],
);

export const notifyRequests = pgTable(
  'notify_requests',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('notify_requests_product_email').on(table.productId, sql`lower(${table.email})`)],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** 0023_admin_back_office.sql: read and answered (by e-mail) in the back office. */
  readAt: timestamp('read_at', { withTimezone: true }),
  answer: text('answer'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  answeredBy: integer('answered_by').references((): AnyPgColumn => admins.id, { onDelete: 'set null' }),
});

export const searchLog = pgTable(
  'search_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    query: text('query').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('search_log_searched_at').on(table.searchedAt, table.query)],
);

/** PostgreSQL's 64-bit transaction id (xid8), read as its decimal text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * 0018_catalogue_changes.sql and 0020_catalogue_bulk_changes.sql: the catalogue's change feed,
 * written by triggers on products, product_attributes and the taxonomy, read by
 * modules/products/catalogueFeed.ts. A row names one changed product (product_id), every product
 * of a statement over 10,000 rows (product_ids), or a taxonomy edit (taxonomy); a row with none of
 * them (a TRUNCATE, the seed) means "reload everything". Pruned by housekeeping.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id'),
    productIds: integer('product_ids').array(),
    taxonomy: boolean('taxonomy').notNull().default(false),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('catalogue_changes_xid').on(table.xid),
    index('catalogue_changes_changed_at').on(table.changedAt),
  ],
);

export const productViews = pgTable(
  'product_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_views_viewed_at').on(table.viewedAt, table.productId)],
);

export const heroSlides = pgTable('hero_slides', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull(),
  buttonText: text('button_text').notNull(),
  buttonLink: text('button_link').notNull(),
  offerTag: text('offer_tag'),
  position: integer('position').notNull().default(0),
  /** 0029: an uploaded picture; null keeps the generated drawing. */
  imageId: integer('image_id').references(() => uploadedImages.id),
});

export const deals = pgTable('deals', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

export const dealItems = pgTable(
  'deal_items',
  {
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.dealId, table.productId] })],
);

export const banners = pgTable('banners', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull(),
  template: smallint('template').$type<1 | 2 | 3>().notNull(),
  linkType: text('link_type').$type<'Box' | 'Button'>().notNull(),
  link: text('link').notNull(),
  buttonText: text('button_text').notNull(),
  position: integer('position').notNull().default(0),
  /** 0029: an uploaded picture; null keeps the generated drawing. */
  imageId: integer('image_id').references(() => uploadedImages.id),
});

export const categoryBlocks = pgTable('category_blocks', {
  id: integer('id').primaryKey(),
  position: integer('position').notNull(),
  productTypeId: integer('product_type_id')
    .notNull()
    .references(() => productTypes.id, { onDelete: 'cascade' }),
});

export const categoryBlockItems = pgTable(
  'category_block_items',
  {
    blockId: integer('block_id')
      .notNull()
      .references(() => categoryBlocks.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.blockId, table.categoryId] })],
);

export const pageContents = pgTable('page_contents', {
  page: text('page').primaryKey(),
  heading: text('heading').notNull(),
  content: text('content').notNull(),
  phone: text('phone'),
  whatsapp: text('whatsapp'),
  email: text('email'),
});

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_views_viewed_at').on(table.viewedAt)],
);

// ---------------------------------------------------------------- 0011_checkout.sql

export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
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
  },
  (table) => [
    index('shipping_addresses_buyer_id').on(table.buyerId),
    uniqueIndex('shipping_addresses_one_primary').on(table.buyerId).where(sql`${table.isPrimary}`),
  ],
);

/** Amounts of an order, in the order's currency (3 decimals for KWD, large for LBP). */
const orderAmount = (name: string) => numeric(name, { precision: 16, scale: 3, mode: 'number' });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
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
  },
  (table) => [
    index('orders_buyer_id').on(table.buyerId, table.createdAt.desc()),
    /** 0024_admin_orders_seen.sql: the back office queue's search and order. */
    index('orders_order_number_trgm').using('gin', table.orderNumber.op('gin_trgm_ops')),
    index('orders_ship_email_trgm').using('gin', table.shipEmail.op('gin_trgm_ops')),
    /** 0026_admin_order_search_names.sql: the queue's search by the shipping name, and by an e-mail. */
    index('orders_ship_name_trgm').using(
      'gin',
      sql`((COALESCE(${table.shipFirstName}, '') || ' ') || COALESCE(${table.shipLastName}, '')) gin_trgm_ops`,
    ),
    index('orders_ship_email_lookup').on(sql`lower(${table.shipEmail})`),
    index('orders_created_at').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/** A sold line, frozen; product_id deliberately has no foreign key (see the migration). */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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
  },
  (table) => [
    index('order_items_order_id').on(table.orderId),
    index('order_items_product_id').on(table.productId),
  ],
);

export const orderLogs = pgTable(
  'order_logs',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_logs_order_id').on(table.orderId, table.createdAt)],
);

export const buyerActivities = pgTable(
  'buyer_activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    actionType: text('action_type').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actionDatetime: timestamp('action_datetime', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('buyer_activities_buyer_id').on(table.buyerId, table.actionDatetime.desc())],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_at').on(table.createdAt),
  ],
);

// ---- 0013_member_account.sql

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    priority: text('priority').$type<'High' | 'Normal'>().notNull().default('Normal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    /** The order the note is about (0016_notification_orders.sql); null for a general note. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('notifications_buyer_id')
      .on(table.buyerId, table.createdAt.desc())
      .where(sql`${table.dismissedAt} IS NULL`),
  ],
);

export const buyerMessages = pgTable(
  'buyer_messages',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    senderType: text('sender_type').$type<'Admin' | 'Buyer'>().notNull(),
    isRead: boolean('is_read').notNull().default(false),
    replyTo: integer('reply_to').references((): AnyPgColumn => buyerMessages.id, { onDelete: 'cascade' }),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('buyer_messages_buyer_id').on(table.buyerId, table.orderId).where(sql`${table.replyTo} IS NULL`),
    index('buyer_messages_reply_to').on(table.replyTo, table.createdTime),
  ],
);

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
      .references(() => buyers.id, { onDelete: 'cascade' }),
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
      .references(() => buyers.id, { onDelete: 'cascade' }),
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
    .unique()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  buyerId: integer('buyer_id')
    .notNull()
    .references(() => buyers.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull(),
  comments: text('comments').notNull(),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentProofs = pgTable(
  'payment_proofs',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    comments: text('comments').notNull().default(''),
    status: text('status').$type<ProofStatus>().notNull().default('Pending'),
    adminComments: text('admin_comments'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_proofs_order_id').on(table.orderId, table.createdAt.desc()),
    uniqueIndex('payment_proofs_one_open').on(table.orderId).where(sql`${table.status} <> 'Rejected'`),
    /** 0024_admin_orders_seen.sql: the queue's proofs-first mark. */
    index('payment_proofs_pending').on(table.orderId).where(sql`${table.status} = 'Pending'`),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 0023_admin_back_office.sql: roles (admins of before are owners), disabling, who created whom. */
    role: text('role').$type<'owner' | 'staff'>().notNull().default('owner'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: integer('created_by').references((): AnyPgColumn => admins.id, { onDelete: 'set null' }),
    /** 0024_admin_orders_seen.sql: orders placed before this are not new to the admin. */
    ordersSeenUntil: timestamp('orders_seen_until', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('admins_email').on(sql`lower(${table.email})`)],
);

// ---------------------------------------------------------------- 0023_admin_back_office.sql

/** Every admin action (who, what, which object, the reason, when); read by owners. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    reason: text('reason'),
    details: jsonb('details'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_audit_log_created_at').on(table.createdAt.desc(), table.id.desc())],
);

/** An order is new to an admin until that admin opens it. */
export const adminOrderViews = pgTable(
  'admin_order_views',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.adminId, table.orderId] })],
);

/** The back office's settings (order_email), changed by an owner. */
export const adminSettings = pgTable('admin_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminTokens = pgTable(
  'admin_tokens',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('admin_tokens_expires_at').on(table.expiresAt)],
);

// ---------------------------------------------------------------- 0017_remote_releases.sql

export const remoteRegistry = pgTable('remote_registry', {
  remote: text('remote').primaryKey(),
  liveVersion: text('live_version'),
  liveSince: timestamp('live_since', { withTimezone: true }),
  canaryVersion: text('canary_version'),
  canaryPercent: integer('canary_percent'),
  canarySince: timestamp('canary_since', { withTimezone: true }),
  rollbackStack: text('rollback_stack').array().notNull().default(sql`'{}'`),
  revision: integer('revision').notNull().default(0),
});

export const remoteVersions = pgTable(
  'remote_versions',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    integrity: text('integrity'),
    refusal: text('refusal'),
  },
  (table) => [primaryKey({ columns: [table.remote, table.version] })],
);

export const remoteRegistryHistory = pgTable(
  'remote_registry_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    remote: text('remote').notNull(),
    action: text('action').$type<RegistryAction>().notNull(),
    version: text('version'),
    fromVersion: text('from_version'),
    percent: integer('percent'),
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('remote_registry_history_remote').on(table.remote, table.id)],
);

export const remoteVersionStats = pgTable(
  'remote_version_stats',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    loads: integer('loads').notNull().default(0),
    failures: integer('failures').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.remote, table.version, table.minute] }),
    index('remote_version_stats_minute').on(table.minute),
  ],
);

export const remoteOverrides = pgTable('remote_overrides', {
  tokenHash: text('token_hash').primaryKey(),
  remote: text('remote').notNull(),
  entry: text('entry').notNull(),
  adminId: integer('admin_id')
    .notNull()
    .references(() => admins.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** PostgreSQL's bytea, as a Buffer (node-postgres gives one, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * 0019_image_renditions.sql: WebP renditions of the generated catalogue pictures, written and read
 * by services/imageRenditions.ts (kind as services/images.ts names it; view 0 for the drawings).
 */
export const imageRenditions = pgTable(
  'image_renditions',
  {
    kind: text('kind').notNull(),
    imageId: integer('image_id').notNull(),
    view: integer('view').notNull(),
    width: integer('width').notNull(),
    format: text('format').notNull(),
    sourceHash: bytea('source_hash').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.imageId, table.view, table.width, table.format] })],
);

/**
 * 0029_uploaded_images.sql: pictures an admin uploads (services/uploadedImages.ts), kept as WebP
 * renditions; other tables point at one by `image_id`.
 */
export const uploadedImages = pgTable('uploaded_images', {
  id: serial('id').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: integer('uploaded_by').references(() => admins.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const uploadedImageRenditions = pgTable(
  'uploaded_image_renditions',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => uploadedImages.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width] })],
);

/**
 * 0021_uploaded_files.sql: the files shoppers upload, by their generated name, written and read by
 * services/fileStore.ts alone (the PostgreSQL file store; the S3 one keeps them in a bucket).
 */
export const uploadedFiles = pgTable('uploaded_files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 0022_mail_queue.sql: outgoing mail, queued with what it tells about and sent by every
 * instance's sender (services/mailQueue.ts; the statuses are explained in the migration);
 * 0025_mail_secrets.sql: which mails carry a secret.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** 0025: a password reset link or the like: its bodies are cleared when it fails (never queued again). */
    carriesSecret: boolean('carries_secret').notNull().default(false),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_queue_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued' OR ${table.status} = 'sending'`),
  ],
);

/** 0031_stock_log.sql: every change of a product's stock, with its reason and who made it. */
export const STOCK_LOG_SOURCES = ['admin', 'import', 'checkout', 'cancel'] as const;
export const productStockLog = pgTable(
  'product_stock_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    source: text('source').notNull().$type<(typeof STOCK_LOG_SOURCES)[number]>(),
    stockBefore: integer('stock_before').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_stock_log_product').on(table.productId, table.createdAt.desc(), table.id.desc()),
  ],
);
