/** Shop-wide settings the storefront reads at start-up: currencies, countries, contact, messages. */
export const CURRENCIES = [
  { code: 'USD', symbol: '$', exchangeRate: 1, decimalPlaces: 2, isDefault: true },
  { code: 'AED', symbol: 'AED', exchangeRate: 3.6725, decimalPlaces: 2, isDefault: false },
  { code: 'LBP', symbol: 'LBP', exchangeRate: 89500, decimalPlaces: 0, isDefault: false },
  { code: 'KWD', symbol: 'KD', exchangeRate: 0.307, decimalPlaces: 3, isDefault: false },
] as const;

/** Flat delivery fee (USD) to a country without a fee of its own in COUNTRIES. */
export const DEFAULT_SHIPPING_FEE_USD = 15;

/**
 * The spec fixes the first two ids (sign-up offers United Arab Emirates 1 and Lebanon 2).
 * `iso2` (lower case) and `dial_code` (no plus sign) feed the sign-up phone input; `shippingFee` is
 * the flat delivery fee in USD (home market UAE 5, Lebanon 10, the rest 15).
 */
export const COUNTRIES = (
  [
    ['United Arab Emirates', 'ae', '971', 5],
    ['Lebanon', 'lb', '961', 10],
    ['Saudi Arabia', 'sa', '966', DEFAULT_SHIPPING_FEE_USD],
    ['Kuwait', 'kw', '965', DEFAULT_SHIPPING_FEE_USD],
    ['Qatar', 'qa', '974', DEFAULT_SHIPPING_FEE_USD],
    ['Bahrain', 'bh', '973', DEFAULT_SHIPPING_FEE_USD],
    ['Oman', 'om', '968', DEFAULT_SHIPPING_FEE_USD],
    ['Jordan', 'jo', '962', DEFAULT_SHIPPING_FEE_USD],
    ['Egypt', 'eg', '20', DEFAULT_SHIPPING_FEE_USD],
    ['United Kingdom', 'gb', '44', DEFAULT_SHIPPING_FEE_USD],
    ['United States', 'us', '1', DEFAULT_SHIPPING_FEE_USD],
  ] as const
).map(([name, iso2, dialCode, shippingFee], index) => ({
  id: index + 1,
  name,
  iso2,
  dialCode,
  shippingFee,
  position: index,
}));

/** The sign-in and sign-up pages' slides; images are generated (`images/slides/:id.svg`). */
export const AUTH_SLIDES = [
  { id: 1, kind: 'signin', title: 'Welcome back', subTitle: 'Your wishlist and cart are waiting for you' },
  {
    id: 2,
    kind: 'signin',
    title: 'Gifts that speak',
    subTitle: 'Personalise any gift with a name, a note or a logo',
  },
  {
    id: 3,
    kind: 'signin',
    title: 'Track every order',
    subTitle: 'Follow your gifts from our workshop to the door',
  },
  { id: 4, kind: 'signup', title: 'Join the gift club', subTitle: 'Save addresses and check out in seconds' },
  {
    id: 5,
    kind: 'signup',
    title: 'Handmade and exclusive',
    subTitle: 'Be the first to hear about new collections',
  },
  {
    id: 6,
    kind: 'signup',
    title: 'A wishlist for every occasion',
    subTitle: 'Keep the gifts you love in one place',
  },
].map((slide, index) => ({ ...slide, kind: slide.kind as 'signin' | 'signup', position: index }));

export const SITE_CONFIG = {
  phone: '+971 50 123 4567',
  hashtag: '#GiftsThatSpeak',
} as const;

/** twitter and linkedin exist as channels but are not configured, so the footer hides them. */
export const SOCIAL_CHANNELS = [
  { channel: 'facebook', url: 'https://www.facebook.com/giftsthatspeak' },
  { channel: 'twitter', url: null },
  { channel: 'instagram', url: 'https://www.instagram.com/giftsthatspeak' },
  { channel: 'linkedin', url: null },
  { channel: 'youtube', url: 'https://www.youtube.com/@giftsthatspeak' },
] as const;

export const FRONTEND_MESSAGES: {
  section: string;
  component: string;
  name: string;
  type: 'Text' | 'texts';
  texts: string[];
}[] = [
  {
    section: 'header',
    component: 'TodaysMission',
    name: 'popover',
    type: 'Text',
    texts: ['This feature will be available soon. Check after some time.'],
  },
  {
    section: 'home',
    component: 'DealOfTheDay',
    name: 'finished',
    type: 'Text',
    texts: ['Deal is finished now!'],
  },
  {
    section: 'home',
    component: 'Hero',
    name: 'taglines',
    type: 'texts',
    texts: ['Gifts that speak for you', 'Handmade with love', 'Delivered across the Gulf'],
  },
  {
    section: 'listing',
    component: 'ProductListing',
    name: 'no_results',
    type: 'Text',
    texts: ['No results found'],
  },
  {
    section: 'cart',
    component: 'CartEmpty',
    name: 'title',
    type: 'Text',
    texts: ['Your {product name} shopping cart looks empty'],
  },
  {
    section: 'cart',
    component: 'CartEmpty',
    name: 'subtitle',
    type: 'Text',
    texts: ['What are you waiting for?'],
  },
  {
    section: 'wishlist',
    component: 'WishlistOverlay',
    name: 'signed_out',
    type: 'Text',
    texts: ['Please Sign in or Sign up to add an item into your wishlist'],
  },
  {
    section: 'footer',
    component: 'Newsletter',
    name: 'promises',
    type: 'texts',
    texts: ['Free gift wrapping on selected items', 'Secure payments', 'Easy returns'],
  },
];
