/**
 * The demo shop's departments: product types → categories → sub-categories, each sub-category
 * with the nouns its product titles are made of and the specifications shared by its products.
 */
export interface SubCategorySeed {
  name: string;
  nouns: readonly string[];
  specs: readonly [name: string, value: string][];
}
export interface CategorySeed {
  name: string;
  subCategories: readonly SubCategorySeed[];
}
export interface ProductTypeSeed {
  name: string;
  /** USD price range of the type's products. */
  priceRange: readonly [number, number];
  categories: readonly CategorySeed[];
}

const sub = (name: string, nouns: string[], specs: [string, string][] = []): SubCategorySeed => ({
  name,
  nouns,
  specs,
});

export const TAXONOMY: readonly ProductTypeSeed[] = [
  {
    name: 'Gifts',
    priceRange: [15, 320],
    categories: [
      {
        name: 'Gift Boxes & Hampers',
        subCategories: [
          sub('Gourmet Hampers', ['Hamper', 'Treat Box', 'Tasting Set'], [['Shelf Life', '6 months']]),
          sub('Spa Gift Sets', ['Spa Set', 'Bath Gift Box', 'Pamper Kit'], [['Skin Type', 'All skin types']]),
          sub(
            'Chocolate Boxes',
            ['Chocolate Box', 'Truffle Collection', 'Praline Assortment'],
            [['Storage', 'Keep below 20 °C']],
          ),
        ],
      },
      {
        name: 'Personalised Gifts',
        subCategories: [
          sub(
            'Engraved Gifts',
            ['Engraved Pen', 'Engraved Keyring', 'Engraved Watch Box'],
            [['Engraving', 'Up to 20 characters']],
          ),
          sub(
            'Photo Gifts',
            ['Photo Frame', 'Photo Cushion', 'Photo Album'],
            [['Photo Upload', 'JPG or PNG']],
          ),
          sub('Name Gifts', ['Name Necklace', 'Name Mug', 'Name Bracelet']),
        ],
      },
      {
        name: 'Occasion Gifts',
        subCategories: [
          sub('Birthday Gifts', ['Birthday Box', 'Party Hamper', 'Celebration Set']),
          sub('Wedding & Anniversary', ['Keepsake Box', 'Couple Frame', 'Anniversary Clock']),
          sub('New Baby', ['Baby Gift Set', 'Memory Book', 'Keepsake Blanket'], [['Age', '0-12 months']]),
          sub('Eid & Ramadan', ['Lantern', 'Dates Box', 'Prayer Mat']),
        ],
      },
      {
        name: 'Flowers & Plants',
        subCategories: [
          sub(
            'Fresh Bouquets',
            ['Bouquet', 'Rose Box', 'Flower Basket'],
            [['Delivery', 'Same day in Dubai']],
          ),
          sub('Preserved Flowers', ['Preserved Rose Dome', 'Forever Flower Box']),
          sub('Indoor Plants', ['Succulent Pot', 'Bonsai Tree', 'Orchid'], [['Light', 'Bright, indirect']]),
        ],
      },
    ],
  },
  {
    name: 'Home & Living',
    priceRange: [12, 260],
    categories: [
      {
        name: 'Home Decor',
        subCategories: [
          sub(
            'Candles & Fragrance',
            ['Scented Candle', 'Reed Diffuser', 'Candle Set'],
            [['Burn Time', '40 hours']],
          ),
          sub('Vases & Planters', ['Vase', 'Planter', 'Bud Vase']),
          sub('Wall Art', ['Wall Print', 'Canvas', 'Round Mirror']),
          sub('Cushions & Throws', ['Cushion', 'Throw Blanket'], [['Care', 'Machine washable at 30 °C']]),
        ],
      },
      {
        name: 'Kitchen & Dining',
        subCategories: [
          sub('Serveware', ['Serving Board', 'Platter', 'Cake Stand']),
          sub('Mugs & Cups', ['Mug', 'Tea Cup Set', 'Travel Mug'], [['Dishwasher Safe', 'Yes']]),
          sub('Tea & Coffee', ['Tea Set', 'Coffee Grinder', 'French Press']),
        ],
      },
      {
        name: 'Bath & Body',
        subCategories: [
          sub('Skincare Sets', ['Skincare Set', 'Face Mask Kit'], [['Cruelty Free', 'Yes']]),
          sub('Soaps & Bath Salts', ['Soap Bar Set', 'Bath Salts', 'Bath Bomb Set']),
          sub('Towels & Robes', ['Bath Robe', 'Towel Set'], [['Fabric', '100% cotton']]),
        ],
      },
    ],
  },
  {
    name: 'Fashion & Accessories',
    priceRange: [10, 450],
    categories: [
      {
        name: 'Jewellery',
        subCategories: [
          sub('Necklaces', ['Necklace', 'Pendant', 'Choker'], [['Hypoallergenic', 'Yes']]),
          sub('Bracelets', ['Bracelet', 'Bangle', 'Charm Bracelet']),
          sub('Earrings', ['Stud Earrings', 'Hoop Earrings', 'Drop Earrings']),
          sub('Rings', ['Ring', 'Stacking Ring Set'], [['Sizes', '5 to 9']]),
        ],
      },
      {
        name: 'Bags & Wallets',
        subCategories: [
          sub('Handbags', ['Tote Bag', 'Clutch', 'Crossbody Bag']),
          sub('Wallets', ['Wallet', 'Card Holder', 'Coin Purse'], [['RFID Blocking', 'Yes']]),
          sub('Travel Bags', ['Weekender Bag', 'Toiletry Bag', 'Passport Cover']),
        ],
      },
      {
        name: 'Watches & Eyewear',
        subCategories: [
          sub('Watches', ['Watch', 'Watch Strap'], [['Water Resistance', '3 ATM']]),
          sub('Sunglasses', ['Sunglasses', 'Glasses Case'], [['UV Protection', 'UV400']]),
        ],
      },
      {
        name: 'Scarves & Hats',
        subCategories: [
          sub('Scarves', ['Scarf', 'Shawl', 'Pashmina']),
          sub('Hats & Caps', ['Beanie', 'Cap', 'Sun Hat']),
        ],
      },
    ],
  },
  {
    name: 'Toys & Kids',
    priceRange: [8, 180],
    categories: [
      {
        name: 'Educational Toys',
        subCategories: [
          sub('STEM Kits', ['Robot Kit', 'Science Kit', 'Coding Game'], [['Batteries', 'Not included']]),
          sub('Puzzles', ['Jigsaw Puzzle', 'Wooden Puzzle', '3D Puzzle']),
          sub("Children's Books", ['Picture Book', 'Activity Book', 'Story Set'], [['Language', 'English']]),
        ],
      },
      {
        name: 'Soft Toys',
        subCategories: [
          sub('Teddy Bears', ['Teddy Bear', 'Bear Set'], [['Safety', 'EN71 tested']]),
          sub('Plush Animals', ['Plush Bunny', 'Plush Elephant', 'Plush Unicorn']),
        ],
      },
      {
        name: 'Games & Outdoor',
        subCategories: [
          sub('Board Games', ['Board Game', 'Card Game', 'Chess Set'], [['Players', '2 to 6']]),
          sub('Outdoor Play', ['Kite', 'Scooter', 'Ball Set']),
          sub('Arts & Crafts', ['Craft Kit', 'Paint Set', 'Clay Set']),
        ],
      },
    ],
  },
  {
    name: 'Stationery',
    priceRange: [4, 140],
    categories: [
      {
        name: 'Notebooks & Journals',
        subCategories: [
          sub('Notebooks', ['Notebook', 'Dot Grid Journal', 'Sketchbook'], [['Paper', '100 gsm, acid free']]),
          sub('Planners', ['Planner', 'Desk Calendar', 'Habit Tracker']),
        ],
      },
      {
        name: 'Pens & Writing',
        subCategories: [
          sub('Fountain Pens', ['Fountain Pen', 'Ink Set'], [['Nib', 'Medium']]),
          sub('Pen Sets', ['Pen Set', 'Pencil Case']),
          sub('Calligraphy', ['Calligraphy Set', 'Brush Pen Set']),
        ],
      },
      {
        name: 'Cards & Wrapping',
        subCategories: [
          sub('Greeting Cards', ['Greeting Card', 'Card Set']),
          sub('Gift Wrap', ['Wrapping Paper', 'Gift Bag', 'Ribbon Set']),
        ],
      },
      {
        name: 'Desk Accessories',
        subCategories: [
          sub('Organisers', ['Desk Organiser', 'Pen Holder', 'Letter Tray']),
          sub('Desk Decor', ['Desk Clock', 'Bookends', 'Paperweight']),
        ],
      },
    ],
  },
];

export const ADJECTIVES = [
  'Classic',
  'Luxury',
  'Vintage',
  'Modern',
  'Elegant',
  'Rustic',
  'Minimalist',
  'Premium',
  'Artisan',
  'Deluxe',
  'Charming',
  'Golden',
  'Cosy',
  'Signature',
  'Heritage',
] as const;

export const MATERIALS = [
  'Walnut',
  'Oak',
  'Marble',
  'Ceramic',
  'Leather',
  'Linen',
  'Velvet',
  'Brass',
  'Silver',
  'Rose Gold',
  'Copper',
  'Bamboo',
  'Glass',
  'Cotton',
  'Wool',
] as const;

export const COLOURS = [
  'Ivory',
  'Blush',
  'Emerald',
  'Navy',
  'Sage',
  'Charcoal',
  'Terracotta',
  'Sand',
] as const;

export const OCCASIONS = [
  'birthdays',
  'anniversaries',
  'Eid',
  'housewarmings',
  'thank-you moments',
  'new parents',
];

export const SUPPLIERS = [
  { id: 101, name: 'Desert Rose Trading' },
  { id: 105, name: 'Cedar & Co.' },
  { id: 110, name: 'Little Oak Toys' },
  { id: 118, name: 'Paper Lantern Studio' },
  /** The spec's supplier line (home page list uses supplier_id 122). */
  { id: 122, name: 'Atelier Noor' },
  { id: 130, name: 'Gulf Home Goods' },
] as const;

export const SUPPLIER_LINE_ID = 122;
