/**
 * Home page and content pages of the demo shop: hero slides, banners, page texts. Plain data;
 * seedDatabase.ts writes it.
 */

export const HERO_SLIDES = [
  {
    id: 1,
    title: 'Gifts That Speak',
    subTitle: 'Thoughtful presents for every moment',
    buttonText: 'Shop now',
    buttonLink: '/products',
    offerTag: 'New season',
  },
  {
    id: 2,
    title: 'Handmade with love',
    subTitle: 'Crafted by artisans in Lebanon',
    buttonText: 'Discover',
    buttonLink: '/products?type=home-and-living',
    offerTag: null,
  },
  {
    id: 3,
    title: 'Eid collection',
    subTitle: 'Hampers, sweets and keepsakes',
    buttonText: 'Explore',
    buttonLink: '/products?q=hamper',
    offerTag: 'Up to 30% off',
  },
  {
    id: 4,
    title: 'Personalised gifts',
    subTitle: 'Add a name, a date, a message',
    buttonText: 'Personalise',
    buttonLink: '/products?customizable=1',
    offerTag: null,
  },
  {
    id: 5,
    title: 'Free delivery',
    subTitle: 'On hundreds of gifts, across the UAE',
    buttonText: 'See gifts',
    buttonLink: '/products?free_delivery=1',
    offerTag: 'Free delivery',
  },
  {
    id: 6,
    title: 'Toys and games',
    subTitle: 'Wooden puzzles and more for little ones',
    buttonText: 'Play',
    buttonLink: '/products?q=puzzle',
    offerTag: null,
  },
  {
    id: 7,
    title: 'Last chance',
    subTitle: 'Only a few left of these favourites',
    buttonText: 'Hurry',
    buttonLink: '/products?hot=1',
    offerTag: 'Hot',
  },
] as const;

export const BANNERS = [
  {
    id: 1,
    title: 'Exclusive gifts',
    subTitle: 'Only in our shop',
    template: 1,
    linkType: 'Box',
    link: '/products?q=exclusive',
    buttonText: 'Shop exclusives',
  },
  {
    id: 2,
    title: 'Handmade corner',
    subTitle: 'Small batches, big hearts',
    template: 2,
    linkType: 'Button',
    link: '/products?q=handmade',
    buttonText: 'Browse handmade',
  },
  {
    id: 3,
    title: 'Hot right now',
    subTitle: 'What everyone is giving',
    template: 3,
    linkType: 'Button',
    link: '/products?hot=1',
    buttonText: 'See hot items',
  },
  {
    id: 4,
    title: 'New arrivals',
    subTitle: 'Fresh in this month',
    template: 1,
    linkType: 'Box',
    link: '/products?newItem=1',
    buttonText: 'See what is new',
  },
] as const;

export const PAGE_CONTENTS = [
  {
    page: 'about',
    heading: 'About us',
    content:
      '<h2>Gifts That Speak</h2><p>We are a small team in Dubai and Beirut choosing gifts that say what words cannot.</p><ul><li>Hand-picked suppliers</li><li>Gift wrapping on every order</li><li>Delivery across the UAE and Lebanon</li></ul>',
    phone: null,
    whatsapp: null,
    email: null,
  },
  {
    page: 'payments',
    heading: 'Payments',
    content:
      // The methods, the payee and the slip address are not written here: the page shows them from
      // GET checkout-terms, the settings checkout applies, so the two cannot disagree.
      '<p>You choose how to pay on the last step of checkout. A transfer order is dispatched once we have received the money.</p><p>Questions? Write to us from the <a href="/contact">contact page</a>.</p>',
    phone: null,
    whatsapp: null,
    email: null,
  },
  {
    page: 'shipping',
    heading: 'Shipping',
    // The fees and any free-shipping rule come from GET checkout-terms (what checkout charges).
    content:
      '<h3>Delivery times</h3><ol><li>Dubai: next day</li><li>Rest of the UAE: 2-3 days</li><li>Lebanon: 3-5 days</li></ol>',
    phone: null,
    whatsapp: null,
    email: null,
  },
  {
    page: 'cancellation-returns',
    heading: 'Cancellation & returns',
    content:
      '<p>Cancel free of charge until your order is dispatched.</p><p>Return unused items within <em>14 days</em>; personalised gifts cannot be returned.</p>',
    phone: null,
    whatsapp: null,
    email: null,
  },
  {
    page: 'contact',
    heading: 'Contact us',
    content: '<p>We answer every message within one working day.</p>',
    phone: '+971 4 123 4567',
    whatsapp: '+971 50 123 4567',
    email: 'hello@example.com',
  },
] as const;

export const REVIEW_NAMES = [
  'Maya H.',
  'Omar K.',
  'Lina S.',
  'Karim A.',
  'Nour T.',
  'Rami F.',
  'Sara M.',
  'Ziad B.',
];
export const REVIEW_COMMENTS = [
  'Beautiful gift, arrived well wrapped.',
  'Exactly as pictured, my sister loved it.',
  'Good quality for the price.',
  'Delivery was quick and the card was a lovely touch.',
  'Nice, though a little smaller than I expected.',
  'Will order again for the next birthday.',
];
export const QUESTIONS = [
  'Can this be delivered on a specific date as a surprise for a birthday?',
  'Is gift wrapping included in the price, or is it an extra charge at checkout?',
  'How long does delivery to Abu Dhabi usually take for this item, please?',
  'Can I add a handwritten card with my own message to this gift before it ships?',
];
export const ANSWERS = [
  'Yes, choose the date in the note at checkout and we deliver on that day.',
  'Gift wrapping is included free of charge with every order.',
  'Delivery to Abu Dhabi takes two to three working days.',
  'Of course, write your message in the order notes and we copy it by hand.',
];
export const VIDEO_IDS = ['aqz-KE-bpKQ', 'ScMzIvxBSi4', 'LXb3EKWsInQ'];
export const SEED_SEARCHES = [
  'candle',
  'mug',
  'hamper',
  'puzzle',
  'candle',
  'photo frame',
  'hamper',
  'candle',
];
