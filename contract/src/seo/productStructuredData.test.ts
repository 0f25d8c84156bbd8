import type { ProductDetail } from '../types';
import { productStructuredData, toScriptJson } from './productStructuredData';

const product = {
  id: 7,
  slug: 'mug',
  title: 'Mug </script><script>alert(1)</script>',
  image: '/backend/api/images/mug.jpg',
  price: 12.5,
  old_price: null,
  in_stock: false,
  short_description: 'Tea & coffee \u2028 line',
  category: { name: 'Kitchen', slug: 'kitchen' },
  reviews: { rating: 4.5, count: 2 },
} as ProductDetail;

describe('product JSON-LD', () => {
  it('escapes <, >, & and U+2028/2029 so the JSON cannot leave its script tag', () => {
    const json = toScriptJson(productStructuredData(product, [], 'https://shop.test/product/mug'));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('Tea \\u0026 coffee \\u2028 line');
    // Still the same data once parsed.
    expect(JSON.parse(json).name).toBe(product.title);
    expect(JSON.parse(json).description).toBe(product.short_description);
  });

  it('carries the offer in USD with availability, absolute images and the rating when reviewed', () => {
    const data = productStructuredData(product, [], 'https://shop.test/product/mug');
    expect(data).toMatchObject({
      '@type': 'Product',
      sku: '7',
      image: ['https://shop.test/backend/api/images/mug.jpg'],
      offers: { priceCurrency: 'USD', price: '12.50', availability: 'https://schema.org/OutOfStock' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
  });

  it('leaves out aggregateRating when there are no reviews', () => {
    const data = productStructuredData(
      { ...product, reviews: { rating: 0, count: 0 } },
      ['/a.jpg'],
      'https://shop.test/product/mug',
    );
    expect(data.aggregateRating).toBeUndefined();
  });
});
