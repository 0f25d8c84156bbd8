import type { SitemapNode } from '@shop/shared';

/** Listing link of a site-map node by its path (type, category, sub-category slugs). */
export function sitemapHref(type: SitemapNode, category?: SitemapNode, subCategory?: SitemapNode): string {
  const params = new URLSearchParams({ type: type.slug });
  if (category) params.set('category', category.slug);
  if (subCategory) params.set('subCategory', subCategory.slug);
  return `/products?${params.toString()}`;
}
