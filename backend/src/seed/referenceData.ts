/** Shop-wide settings the storefront reads at start-up: currencies, countries, contact, messages. */
export const CURRENCIES = [
  { code: 'USD', symbol: '$', exchangeRate: 1, decimalPlaces: 2, isDefault: true },
  { code: 'AED', symbol: 'AED', exchangeRate: 3.6725, decimalPlaces: 2, isDefault: false },
  { code: 'LBP', symbol: 'LBP', exchangeRate: 89500, decimalPlaces: 0, isDefault: false },
  { code: 'KWD', symbol: 'KD', exchangeRate: 0.307, decimalPlaces: 3, isDefault: false },
] as const;

/** The spec fixes the first two ids (sign-up offers United Arab Emirates 1 and Lebanon 2). */
export const COUNTRIES = [
  'United Arab Emirates',
  'Lebanon',
  'Saudi Arabia',
  'Kuwait',
  'Qatar',
  'Bahrain',
  'Oman',
  'Jordan',
  'Egypt',
  'United Kingdom',
  'United States',
].map((name, index) => ({ id: index + 1, name, position: index }));

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
