/**
 * Generated catalogue pictures: a deterministic SVG per product, type, category and sub-category
 * (a gift box in a colour derived from the id, with the item's initials and name), so the demo
 * shop has images without binary files in the repository.
 */
import { uploadedImageUrl } from '@shop/contract/media';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  authSlides,
  banners,
  categories,
  heroSlides,
  packagings,
  products,
  productTypes,
  subCategories,
} from '../db/schema';
import { AppError } from '../errors';

export const IMAGE_KINDS = [
  'products',
  'types',
  'categories',
  'sub-categories',
  'slides',
  'hero-slides',
  'banners',
  'packaging',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const imageUrl = (kind: ImageKind, id: number) => `/backend/api/images/${kind}/${id}.svg`;

/** The picture of a record: its uploaded one when set (issue 22), else its generated drawing. */
export const pictureUrl = (kind: ImageKind, id: number, imageId: number | null): string =>
  imageId === null ? imageUrl(kind, id) : uploadedImageUrl(imageId);

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Golden-angle hues keep neighbouring ids visibly different. */
const KIND_HUE_OFFSET: Record<ImageKind, number> = {
  products: 0,
  types: 40,
  categories: 90,
  'sub-categories': 150,
  slides: 260,
  'hero-slides': 300,
  banners: 200,
  packaging: 20,
};

export function renderGiftSvg(kind: ImageKind, id: number, name: string): string {
  const hue = Math.round((id * 137.508 + KIND_HUE_OFFSET[kind]) % 360);
  const background = `hsl(${hue}, 55%, 92%)`;
  const box = `hsl(${hue}, 55%, 48%)`;
  const ribbon = `hsl(${(hue + 180) % 360}, 60%, 55%)`;
  const initials = escapeXml(initialsOf(name));
  const caption = escapeXml(truncate(name, 30));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="600" height="600" fill="${background}"/>`,
    `<rect x="150" y="200" width="300" height="250" rx="14" fill="${box}"/>`,
    `<rect x="130" y="160" width="340" height="70" rx="12" fill="${box}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>`,
    `<rect x="280" y="160" width="40" height="290" fill="${ribbon}"/>`,
    `<path d="M300 160 C250 90 190 110 215 150 C230 172 270 165 300 160 Z" fill="${ribbon}"/>`,
    `<path d="M300 160 C350 90 410 110 385 150 C370 172 330 165 300 160 Z" fill="${ribbon}"/>`,
    `<text x="300" y="350" text-anchor="middle" font-family="Georgia, serif" font-size="84" font-weight="bold" fill="#ffffff">${initials}</text>`,
    `<text x="300" y="525" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#333333">${caption}</text>`,
    '</svg>',
  ].join('');
}

async function nameOf(db: Database, kind: ImageKind, id: number): Promise<string | undefined> {
  switch (kind) {
    case 'products': {
      const [row] = await db.select({ name: products.title }).from(products).where(eq(products.id, id));
      return row?.name;
    }
    case 'types': {
      const [row] = await db
        .select({ name: productTypes.name })
        .from(productTypes)
        .where(eq(productTypes.id, id));
      return row?.name;
    }
    case 'categories': {
      const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
      return row?.name;
    }
    case 'sub-categories': {
      const [row] = await db
        .select({ name: subCategories.name })
        .from(subCategories)
        .where(eq(subCategories.id, id));
      return row?.name;
    }
    case 'slides': {
      const [row] = await db.select({ name: authSlides.title }).from(authSlides).where(eq(authSlides.id, id));
      return row?.name;
    }
    case 'hero-slides': {
      const [row] = await db.select({ name: heroSlides.title }).from(heroSlides).where(eq(heroSlides.id, id));
      return row?.name;
    }
    case 'banners': {
      const [row] = await db.select({ name: banners.title }).from(banners).where(eq(banners.id, id));
      return row?.name;
    }
    case 'packaging': {
      const [row] = await db.select({ name: packagings.title }).from(packagings).where(eq(packagings.id, id));
      return row?.name;
    }
  }
}

export async function catalogueImage(db: Database, kind: ImageKind, id: number): Promise<string> {
  const name = await nameOf(db, kind, id);
  if (name === undefined) throw AppError.notFound('Image not found.');
  return renderGiftSvg(kind, id, name);
}
