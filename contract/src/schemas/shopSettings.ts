/**
 * `/admin/currencies`, `/admin/shipping`, `/admin/site-settings` (owners only) and `/admin/pages`
 * (owners and staff): what an owner changes of the shop beyond its catalogue (issue 22).
 * Served by backend/src/modules/admin/shopSettingsRoutes.ts, behind the admin guard; every change
 * is audited with the object's state before and after it.
 *
 * Money rules kept here: every price, fee and threshold is stored in USD (`PRICE_CURRENCY`), and
 * a currency's exchange rate is how many of its units one USD is worth (@shop/contract/money).
 * So USD's rate is 1 and cannot change, and USD cannot be removed; the default currency (the one
 * a new shopper sees first) may be any currency of the list.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Amount, Id, Nullable } from './common';

/** The currency prices are stored in (every rate is per one of it). */
export const PRICE_CURRENCY = 'USD';
/** numeric(18, 6): 12 whole digits. */
export const EXCHANGE_RATE_MAX = 999_999_999_999;
export const EXCHANGE_RATE_DECIMALS = 6;
export const CURRENCY_SYMBOL_MAX_LENGTH = 8;
/** The content pages an admin edits (the contact page's ways to write are not among them). */
export const EDITABLE_PAGES = ['about', 'shipping', 'payments', 'cancellation-returns'] as const;
export const PAGE_HEADING_MAX_LENGTH = 200;
/** Well inside the API's 64 KB body even for text of three-byte characters. */
export const PAGE_CONTENT_MAX_LENGTH = 20_000;
export const SOCIAL_CHANNEL_NAMES = ['facebook', 'twitter', 'instagram', 'linkedin', 'youtube'] as const;
export const PHONE_MAX_LENGTH = 40;
export const HASHTAG_MAX_LENGTH = 60;
export const SOCIAL_URL_MAX_LENGTH = 500;

// ---------------------------------------------------------------- currencies

const CurrencyCode = Type.String({
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217: three capital letters',
});
const CurrencyFields = {
  symbol: Type.String({ minLength: 1, maxLength: CURRENCY_SYMBOL_MAX_LENGTH, pattern: '\\S' }),
  exchange_rate: Type.Number({
    minimum: 0.000001,
    maximum: EXCHANGE_RATE_MAX,
    description: `Units of this currency per 1 ${PRICE_CURRENCY}, at most ${EXCHANGE_RATE_DECIMALS} decimals (${PRICE_CURRENCY}: 1)`,
  }),
  decimal_places: Type.Integer({ minimum: 0, maximum: 3, description: 'Decimals prices are shown with' }),
  position: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1000, description: 'Order in the currency selector' }),
  ),
};
export const AdminCurrency = Type.Object({
  code: Type.String(),
  symbol: Type.String(),
  exchange_rate: Type.Number(),
  decimal_places: Type.Integer(),
  position: Type.Integer(),
  is_default: Type.Boolean({ description: 'The currency a new shopper sees first (exactly one)' }),
});
export const AdminCurrencyList = Type.Object({ items: Type.Array(AdminCurrency) });
export const AdminCurrencyAnswer = Type.Object({ currency: AdminCurrency });
export const CreateCurrencyBody = Type.Object({ code: CurrencyCode, ...CurrencyFields });
export const UpdateCurrencyBody = Type.Object(CurrencyFields);
export const CurrencyParams = Type.Object({ code: CurrencyCode });

// ---------------------------------------------------------------- shipping

export const AdminShipping = Type.Object({
  fees: Type.Array(
    Type.Object({
      country_id: Type.Integer(),
      country: Type.String(),
      fee: Type.Number({ description: 'USD' }),
    }),
  ),
  free_shipping_over: Nullable(
    Type.Number({ description: 'USD; a cart whose products come to at least this much ships free' }),
  ),
});
export const AdminShippingBody = Type.Object({
  fees: Type.Array(
    Type.Object({
      country_id: Id(),
      fee: Amount({ description: 'USD, at most two decimals' }),
    }),
    { maxItems: 1000, description: 'The countries whose fee changes (others keep theirs)' },
  ),
  free_shipping_over: Nullable(
    Type.Number({
      minimum: 0.01,
      maximum: 1_000_000,
      description: 'USD; null (or 0, which the API takes as null): no free shipping',
    }),
  ),
});

// ---------------------------------------------------------------- site settings

const socialChannels = <T extends ReturnType<typeof Nullable>>(value: T) =>
  Type.Object({
    facebook: value,
    twitter: value,
    instagram: value,
    linkedin: value,
    youtube: value,
  });
export const AdminSiteSettings = Type.Object({
  phone: Type.String(),
  hashtag: Type.String(),
  social_channels: socialChannels(Nullable(Type.String())),
});
export const AdminSiteSettingsBody = Type.Object({
  phone: Type.String({
    maxLength: PHONE_MAX_LENGTH,
    pattern: '^[+0-9 ()-]*$',
    description: 'Digits, spaces, + ( ) -; empty: none',
  }),
  hashtag: Type.String({
    maxLength: HASHTAG_MAX_LENGTH,
    pattern: '^(#?[\\p{L}\\p{N}_]+)?$',
    description: 'One tag, with or without its #; empty: none',
  }),
  social_channels: socialChannels(
    Nullable(
      Type.String({
        maxLength: SOCIAL_URL_MAX_LENGTH,
        pattern: '^https://[^\\s]+$',
        description: 'An https address; null: the channel is hidden',
      }),
    ),
  ),
});

// ---------------------------------------------------------------- content pages

const EditablePage = Type.Union(EDITABLE_PAGES.map((page) => Type.Literal(page)));
export const AdminPageParams = Type.Object({ page: EditablePage });
export const AdminPage = Type.Object({
  page: Type.String(),
  heading: Type.String(),
  content: Type.String({ description: 'Sanitised HTML, as the storefront serves it' }),
});
export const AdminPageList = Type.Object({
  items: Type.Array(Type.Object({ page: Type.String(), heading: Type.String() })),
});
export const AdminPageAnswer = Type.Object({ page: AdminPage });
export const AdminPageBody = Type.Object({
  heading: Type.String({ minLength: 1, maxLength: PAGE_HEADING_MAX_LENGTH, pattern: '\\S' }),
  content: Type.String({ maxLength: PAGE_CONTENT_MAX_LENGTH, description: 'HTML; sanitised on save' }),
});
export const PagePreviewBody = Type.Object({
  content: Type.String({ maxLength: PAGE_CONTENT_MAX_LENGTH }),
});
export const PagePreview = Type.Object({
  content: Type.String({ description: 'The sanitised HTML the storefront would show' }),
});

export type AdminCurrencyView = Static<typeof AdminCurrency>;
export type CreateCurrencyInput = Static<typeof CreateCurrencyBody>;
export type UpdateCurrencyInput = Static<typeof UpdateCurrencyBody>;
export type AdminShippingView = Static<typeof AdminShipping>;
export type AdminShippingInput = Static<typeof AdminShippingBody>;
export type AdminSiteSettingsView = Static<typeof AdminSiteSettings>;
export type AdminSiteSettingsInput = Static<typeof AdminSiteSettingsBody>;
export type AdminPageView = Static<typeof AdminPage>;
export type AdminPageInput = Static<typeof AdminPageBody>;
export type EditablePageName = (typeof EDITABLE_PAGES)[number];
export type SocialChannelName = (typeof SOCIAL_CHANNEL_NAMES)[number];

const OWNERS = ' (owners only)';

export const shopSettingsEndpoints = endpoints({
  'GET admin/currencies': {
    summary: `The currencies, in the selector's order${OWNERS}`,
    response: AdminCurrencyList,
  },
  'POST admin/currencies': {
    summary: `Add a currency${OWNERS}; 409 CURRENCY_EXISTS for a code already there`,
    body: CreateCurrencyBody,
    response: AdminCurrencyAnswer,
    created: true,
  },
  'PUT admin/currencies/:code': {
    summary: `Change a currency's symbol, rate, decimals or position${OWNERS}; 400 for a rate of ${PRICE_CURRENCY} other than 1 or more than ${EXCHANGE_RATE_DECIMALS} decimals`,
    params: CurrencyParams,
    body: UpdateCurrencyBody,
    response: AdminCurrencyAnswer,
  },
  'DELETE admin/currencies/:code': {
    summary: `Remove a currency${OWNERS}; 409 for the default or ${PRICE_CURRENCY}; carts in it move to the default`,
    params: CurrencyParams,
    response: AdminCurrencyList,
  },
  'POST admin/currencies/:code/default': {
    summary: `Make a currency the default, the one a new shopper sees first${OWNERS}`,
    params: CurrencyParams,
    response: AdminCurrencyList,
  },
  'GET admin/shipping': {
    summary: `Every delivery country's fee and the free-shipping threshold, in USD${OWNERS}`,
    response: AdminShipping,
  },
  'PUT admin/shipping': {
    summary: `Change countries' fees and the free-shipping threshold${OWNERS}; 400 for an unknown country or a fee with more than two decimals`,
    body: AdminShippingBody,
    response: AdminShipping,
  },
  'GET admin/site-settings': {
    summary: `The shop's phone, hashtag and social channels${OWNERS}`,
    response: AdminSiteSettings,
  },
  'PUT admin/site-settings': {
    summary: `Change the shop's phone, hashtag and social channels${OWNERS}`,
    body: AdminSiteSettingsBody,
    response: AdminSiteSettings,
  },
  'GET admin/pages': {
    summary: 'The content pages an admin edits, with their headings',
    response: AdminPageList,
  },
  'GET admin/pages/:page': {
    summary: 'One content page as the storefront serves it (sanitised HTML)',
    params: AdminPageParams,
    response: AdminPageAnswer,
  },
  'PUT admin/pages/:page': {
    summary: 'Change a content page: its HTML is sanitised before it is stored',
    params: AdminPageParams,
    body: AdminPageBody,
    response: AdminPageAnswer,
  },
  'POST admin/pages/preview': {
    summary: 'The sanitised HTML the storefront would show for this content (changes nothing)',
    body: PagePreviewBody,
    response: PagePreview,
  },
});
