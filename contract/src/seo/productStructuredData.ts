/**
 * schema.org data of a product page, as search engines read it. In the contract because both
 * sides write it: the server into the page's first HTML (backend/src/delivery/firstScreen.ts), the
 * catalog's product page once it has taken over.
 */
import type { ProductDetail } from '../types';

/** Characters that could end the script element or confuse a JavaScript parser reading the JSON. */
const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a `<script type="application/ld+json">`: the same data, but a product title like
 * `</script><script>…` stays text inside the script instead of closing it.
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char] ?? char);
}

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** schema.org Product for search engines: name, images, description, id, offer and rating. */
export function productStructuredData(
  product: ProductDetail,
  images: readonly string[],
  pageUrl: string,
): Record<string, unknown> {
  const origin = new URL(pageUrl).origin;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    image: (images.length > 0 ? images : [product.image]).map((image) => absolute(image, origin)),
    description: product.short_description,
    sku: String(product.id),
    productID: String(product.id),
    category: product.category.name,
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      // Prices are kept in USD; the page converts for display only.
      priceCurrency: 'USD',
      price: product.price.toFixed(2),
      availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  if (product.reviews.count > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.reviews.rating,
      reviewCount: product.reviews.count,
    };
  }
  return data;
}
