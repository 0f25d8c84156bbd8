import { generateCatalogue, SEED_EPOCH } from '../src/seed/generateCatalogue';
import { TAXONOMY } from '../src/seed/taxonomy';

describe('the demo catalogue generator', () => {
  const catalogue = generateCatalogue({ products: 320 });

  it('is deterministic: the same seed gives the same shop, another seed another', () => {
    expect(generateCatalogue({ products: 320 })).toEqual(catalogue);
    const other = generateCatalogue({ products: 320, seed: 7 });
    expect(other.products.map((product) => product.title)).not.toEqual(
      catalogue.products.map((product) => product.title),
    );
  });

  it('has at least 4 types of 3-4 categories of 2-4 sub-categories each', () => {
    expect(TAXONOMY.length).toBeGreaterThanOrEqual(4);
    for (const type of TAXONOMY) {
      expect(type.categories.length).toBeGreaterThanOrEqual(3);
      expect(type.categories.length).toBeLessThanOrEqual(4);
      for (const category of type.categories) {
        expect(category.subCategories.length).toBeGreaterThanOrEqual(2);
        expect(category.subCategories.length).toBeLessThanOrEqual(4);
      }
    }
    expect(new Set(catalogue.subCategories.map((sub) => sub.slug)).size).toBe(catalogue.subCategories.length);
  });

  it('makes 320 products with unique slugs, some on sale and some sold out', () => {
    const { products } = catalogue;
    expect(products).toHaveLength(320);
    expect(new Set(products.map((product) => product.slug)).size).toBe(320);
    const soldOut = products.filter((product) => product.stockQuantity === 0).length / products.length;
    expect(soldOut).toBeGreaterThan(0.05);
    expect(soldOut).toBeLessThan(0.11);
    expect(products.some((product) => product.stockQuantity === 1)).toBe(true);
    expect(products.some((product) => product.oldPrice !== null && product.oldPrice > product.price)).toBe(
      true,
    );
    expect(products.every((product) => product.price > 0)).toBe(true);
  });

  it('includes the exclusive, handmade and supplier 122 lines and every flag', () => {
    const { products } = catalogue;
    expect(products.filter((product) => product.line === 'exclusive').length).toBeGreaterThan(10);
    expect(products.filter((product) => product.line === 'handmade').length).toBeGreaterThan(10);
    expect(products.filter((product) => product.supplierId === 122).length).toBeGreaterThan(10);
    for (const flag of ['hot', 'newItem', 'freeDelivery', 'isCustomizable', 'hasPackaging'] as const) {
      expect(products.some((product) => product[flag])).toBe(true);
      expect(products.some((product) => !product[flag])).toBe(true);
    }
    expect(
      products.every((product) => product.specifications.some((spec) => spec.showInQuickView === 1)),
    ).toBe(true);
  });

  it('dates products within the year before the fixed epoch', () => {
    const yearMs = 365 * 24 * 60 * 60 * 1000;
    for (const product of catalogue.products) {
      const age = SEED_EPOCH.getTime() - product.createdAt.getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(yearMs);
    }
  });
});
