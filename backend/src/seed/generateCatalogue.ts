/**
 * Builds the demo catalogue as plain data, deterministically: the same (seed, size) always gives
 * the same products, ids, prices and dates, so screenshots, tests and bug reports agree.
 */
import { Prng } from './prng';
import { ADJECTIVES, COLOURS, MATERIALS, OCCASIONS, SUPPLIER_LINE_ID, SUPPLIERS, TAXONOMY } from './taxonomy';

/** "Now" of the demo data; created_at values spread over the year before it. */
export const SEED_EPOCH = new Date('2025-06-01T00:00:00.000Z');
export const DEFAULT_SEED = 20250601;
const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_ITEM_DAYS = 30;

export interface SpecSeed {
  name: string;
  value: string;
  showInQuickView: 0 | 1;
  position: number;
}

export interface GeneratedProduct {
  id: number;
  slug: string;
  title: string;
  shortDescription: string;
  description: string;
  hint: string | null;
  details: string;
  price: number;
  oldPrice: number | null;
  stockQuantity: number;
  isCustomizable: boolean;
  hasPackaging: boolean;
  hot: boolean;
  newItem: boolean;
  freeDelivery: boolean;
  line: 'exclusive' | 'handmade' | null;
  supplierId: number | null;
  typeId: number;
  categoryId: number;
  subCategoryId: number;
  rating: number;
  reviewCount: number;
  salesCount: number;
  createdAt: Date;
  specifications: SpecSeed[];
  /** Filterable attributes (product_attributes). */
  attributes: { name: string; value: string }[];
}

export interface GeneratedTaxonomy {
  suppliers: { id: number; name: string }[];
  productTypes: { id: number; name: string; slug: string; position: number }[];
  categories: { id: number; typeId: number; name: string; slug: string; position: number }[];
  subCategories: { id: number; categoryId: number; name: string; slug: string; position: number }[];
  subCategorySpecifications: (SpecSeed & { subCategoryId: number })[];
}

export interface GeneratedCatalogue extends GeneratedTaxonomy {
  products: GeneratedProduct[];
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Shop prices end in .00, .50 or .99. */
function shopPrice(prng: Prng, min: number, max: number): number {
  const raw = min + (max - min) * prng.next() ** 2;
  return Math.max(1, Math.floor(raw)) + prng.pick([0, 0.5, 0.99]);
}

interface LeafRef {
  categoryId: number;
  subCategoryId: number;
  nouns: readonly string[];
  categoryName: string;
}

interface TypeLeaves {
  typeId: number;
  priceRange: readonly [number, number];
  leaves: LeafRef[];
}

export function generateCatalogue(options: { products: number; seed?: number }): GeneratedCatalogue {
  const { taxonomy, products } = streamCatalogue(options);
  return { ...taxonomy, products: [...products] };
}

/**
 * The same catalogue as generateCatalogue, with the products made one at a time as they are read,
 * so a million of them (seedDatabase's COPY path) never sit in memory together.
 */
export function streamCatalogue(options: { products: number; seed?: number }): {
  taxonomy: GeneratedTaxonomy;
  products: Generator<GeneratedProduct, void, undefined>;
} {
  const prng = new Prng(options.seed ?? DEFAULT_SEED);
  const taxonomy: GeneratedTaxonomy = {
    suppliers: SUPPLIERS.map((supplier) => ({ ...supplier })),
    productTypes: [],
    categories: [],
    subCategories: [],
    subCategorySpecifications: [],
  };

  const byType: TypeLeaves[] = [];
  const slugs = new Set<string>();
  const uniqueSlug = (name: string) => {
    const slug = slugify(name);
    if (slugs.has(slug)) throw new Error(`Duplicate taxonomy slug "${slug}"`);
    slugs.add(slug);
    return slug;
  };

  TAXONOMY.forEach((type, typeIndex) => {
    const typeId = typeIndex + 1;
    taxonomy.productTypes.push({
      id: typeId,
      name: type.name,
      slug: uniqueSlug(type.name),
      position: typeIndex,
    });
    const leaves: LeafRef[] = [];
    type.categories.forEach((category, categoryIndex) => {
      const categoryId = taxonomy.categories.length + 1;
      taxonomy.categories.push({
        id: categoryId,
        typeId,
        name: category.name,
        slug: uniqueSlug(category.name),
        position: categoryIndex,
      });
      category.subCategories.forEach((subCategory, subIndex) => {
        const subCategoryId = taxonomy.subCategories.length + 1;
        taxonomy.subCategories.push({
          id: subCategoryId,
          categoryId,
          name: subCategory.name,
          slug: uniqueSlug(subCategory.name),
          position: subIndex,
        });
        subCategory.specs.forEach(([name, value], position) => {
          taxonomy.subCategorySpecifications.push({
            subCategoryId,
            name,
            value,
            showInQuickView: 1,
            position,
          });
        });
        taxonomy.subCategorySpecifications.push({
          subCategoryId,
          name: 'Gift Message',
          value: 'Free handwritten card',
          showInQuickView: 0,
          position: subCategory.specs.length,
        });
        leaves.push({ categoryId, subCategoryId, nouns: subCategory.nouns, categoryName: category.name });
      });
    });
    byType.push({ typeId, priceRange: type.priceRange, leaves });
  });

  return { taxonomy, products: generateProducts(prng, byType, options.products) };
}

function* generateProducts(
  prng: Prng,
  byType: readonly TypeLeaves[],
  count: number,
): Generator<GeneratedProduct, void, undefined> {
  const otherSuppliers = SUPPLIERS.filter((supplier) => supplier.id !== SUPPLIER_LINE_ID);

  for (let id = 1; id <= count; id++) {
    // Round-robin over the types so even a small test catalogue spans every department.
    const type = byType[(id - 1) % byType.length];
    if (!type) throw new Error('The taxonomy has no product types');
    const leaf = prng.pick(type.leaves);
    const line = id % 10 === 3 ? 'exclusive' : id % 10 === 7 ? 'handmade' : null;
    const supplierId =
      id % 12 === 5 ? SUPPLIER_LINE_ID : prng.chance(0.15) ? null : prng.pick(otherSuppliers).id;

    const noun = prng.pick(leaf.nouns);
    const material = prng.pick(MATERIALS);
    const colour = prng.pick(COLOURS);
    const adjective = line === 'handmade' ? 'Handmade' : prng.pick(ADJECTIVES);
    const title = prng.chance(0.3) ? `${adjective} ${colour} ${noun}` : `${adjective} ${material} ${noun}`;
    const occasion = prng.pick(OCCASIONS);

    const price = shopPrice(prng, type.priceRange[0], type.priceRange[1]);
    const oldPrice = prng.chance(0.25) ? Math.ceil(price * (1.1 + prng.next() * 0.4)) - 0.01 : null;
    const stockRoll = prng.next();
    const stockQuantity = stockRoll < 0.08 ? 0 : stockRoll < 0.12 ? 1 : prng.int(2, 150);
    const ageDays = prng.int(0, 364);
    const createdAt = new Date(
      SEED_EPOCH.getTime() - ageDays * DAY_MS - prng.int(0, DAY_MS / 1000 - 1) * 1000,
    );
    const hasReviews = prng.chance(0.8);
    const isCustomizable = leaf.categoryName === 'Personalised Gifts' || prng.chance(0.2);
    const width = prng.int(5, 40);
    const depth = prng.int(3, 30);
    const height = prng.int(2, 25);
    const weight = prng.int(80, 2500);
    const origin =
      line === 'handmade'
        ? 'Handmade in Lebanon'
        : prng.pick(['UAE', 'Lebanon', 'Turkey', 'Portugal', 'India']);

    const shortDescription = `A ${adjective.toLowerCase()} ${noun.toLowerCase()} in ${material.toLowerCase()}, made for ${occasion}.`;
    const description =
      `${title} brings a thoughtful touch to ${occasion}. ` +
      `Finished in ${colour.toLowerCase()} with ${material.toLowerCase()} details, it arrives ready to give` +
      `${line === 'exclusive' ? ' and is available only in our shop' : ''}.`;
    const details = [
      `<p>${escapeHtml(description)}</p>`,
      '<ul>',
      `<li><strong>Material:</strong> ${escapeHtml(material)}</li>`,
      `<li><strong>Colour:</strong> ${escapeHtml(colour)}</li>`,
      `<li><strong>Size:</strong> ${width} × ${depth} × ${height} cm</li>`,
      '</ul>',
      `<p><em>Gift ready:</em> wrapped with care and delivered with a handwritten card.</p>`,
    ].join('');

    const specifications: SpecSeed[] = [
      { name: 'Material', value: material, showInQuickView: 1, position: 0 },
      { name: 'Colour', value: colour, showInQuickView: 1, position: 1 },
      { name: 'Dimensions', value: `${width} x ${depth} x ${height} cm`, showInQuickView: 1, position: 2 },
      { name: 'Weight', value: `${weight} g`, showInQuickView: 0, position: 3 },
      { name: 'Origin', value: origin, showInQuickView: line === 'handmade' ? 1 : 0, position: 4 },
    ];

    yield {
      id,
      slug: `${slugify(title)}-${id}`,
      title,
      shortDescription,
      description,
      hint: prng.chance(0.4) ? `Perfect for ${occasion}.` : null,
      details,
      price,
      oldPrice,
      stockQuantity,
      isCustomizable,
      hasPackaging: prng.chance(0.5),
      hot: prng.chance(0.15),
      newItem: ageDays < NEW_ITEM_DAYS,
      freeDelivery: price >= 150 || prng.chance(0.2),
      line,
      supplierId,
      typeId: type.typeId,
      categoryId: leaf.categoryId,
      subCategoryId: leaf.subCategoryId,
      rating: hasReviews ? prng.int(30, 50) / 10 : 0,
      reviewCount: hasReviews ? prng.int(1, 240) : 0,
      // Derived from the id, not the PRNG, so adding it left every other value as it was.
      salesCount: (id * 7919) % 997,
      createdAt,
      specifications,
      attributes: [
        { name: 'Colour', value: colour },
        { name: 'Material', value: material },
        { name: 'Occasion', value: occasion.charAt(0).toUpperCase() + occasion.slice(1) },
        { name: 'Size', value: width < 15 ? 'Small' : width < 28 ? 'Medium' : 'Large' },
      ],
    };
  }
}
