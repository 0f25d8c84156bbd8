/**
 * What the server tells the browser to fetch before the page's scripts ask for it: the image a
 * page paints largest (its LCP element), found the way the page's own API calls find it, and the
 * API answers that image waits for. Without the hints they are requested only after the scripts
 * have loaded and rendered.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { productGallery, products } from '../db/schema';
import type { PageHints } from '../delivery/site';
import { listHeroSlides } from '../modules/home/home';
import { imageUrl } from './images';

const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/;

const API = '/backend/api';

export async function pageHintsOf(db: Database, pathname: string): Promise<PageHints> {
  if (pathname === '/') {
    const [first] = await listHeroSlides(db);
    return { image: first?.image ?? null, data: [`${API}/hero-slides`] };
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
    if (!entry) return { image: null, data: [] };
    return {
      image:
        entry.type === 'Image' ? `${imageUrl('products', entry.productId)}?view=${entry.position}` : null,
      // The page asks for the product by slug, then for its gallery by id (URLs as its client builds them).
      data: [
        `${API}/products/by-slug/${encodeURIComponent(decodeURIComponent(slug))}`,
        `${API}/products/gallery/${entry.productId}`,
      ],
    };
  }
  return { image: null, data: [] };
}
