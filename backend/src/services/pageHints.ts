/**
 * What the server tells the browser to fetch before the page's scripts ask for it: the image a
 * page paints largest (its LCP element), found the way the page's own API calls find it. Without
 * the hint that image is requested only after the scripts, the API answer and a render.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { productGallery, products } from '../db/schema';
import { listHeroSlides } from './home';
import { imageUrl } from './images';

const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/;

export async function largestImageOf(db: Database, pathname: string): Promise<string | null> {
  if (pathname === '/') {
    const [first] = await listHeroSlides(db);
    return first?.image ?? null;
  }
  const slug = PRODUCT_PAGE.exec(pathname)?.[1];
  if (slug) {
    const [entry] = await db
      .select({ productId: products.id, position: productGallery.position, type: productGallery.type })
      .from(products)
      .innerJoin(productGallery, eq(productGallery.productId, products.id))
      .where(eq(products.slug, decodeURIComponent(slug)))
      .orderBy(asc(productGallery.position), asc(productGallery.id))
      .limit(1);
    return entry && entry.type === 'Image'
      ? `${imageUrl('products', entry.productId)}?view=${entry.position}`
      : null;
  }
  return null;
}
