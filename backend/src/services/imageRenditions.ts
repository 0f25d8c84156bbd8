/**
 * Raster renditions of the generated catalogue pictures (services/images.ts): WebP at the widths
 * that contract/src/media/responsiveImage.ts offers, drawn from the SVG with sharp and stored in
 * PostgreSQL (image_renditions), so every API instance serves the same bytes and each is drawn
 * once. The seed draws the seeded catalogue's ahead of time (seedRenditions); anything else (the
 * products of a 1M bench catalogue, an item added later) is drawn on its first request and stored.
 *
 * A stored rendition carries the SHA-256 of the SVG it was drawn from, and only a match is served:
 * a renamed item, or a catalogue seeded again under the same ids, is drawn anew instead of showing
 * the old name.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { RENDITION_FORMAT, RENDITION_WIDTHS, widthsOfRole, widthsOnlyOf } from '@shop/contract/media';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client';
import {
  categories,
  heroSlides,
  imageRenditions,
  packagings,
  products,
  productTypes,
  subCategories,
} from '../db/schema';
import { AppError } from '../errors';
import { catalogueImage, type ImageKind, renderGiftSvg } from './images';
import { WorkGate } from './workGate';

export { RENDITION_FORMAT, RENDITION_WIDTHS };

/** The renditions' one format and its content type. */
export const RENDITION_CONTENT_TYPE = 'image/webp';

/** WebP quality: the drawings are flat colours and large text, clean at 75. */
export const RENDITION_QUALITY = 75;
/**
 * libwebp's effort (0-6). Measured on a 640 px drawing: 4 (the default) ~45 ms and 5.7 KB,
 * 2 ~20 ms and 6.1 KB, 1 ~15 ms and ~8 KB, 0 ~14 ms and 10.4 KB. 1 keeps the seed quick; 2 KB more
 * on a phone's largest picture is ~10 ms at Lighthouse's 1.6 Mbit/s.
 */
export const RENDITION_EFFORT = 1;

/** The drawings are 600 px squares: rasterised at the density that gives the rendition's width. */
const SVG_SIDE_PX = 600;
const SVG_DENSITY_DPI = 72;

/**
 * The generated drawings are the same for every gallery view (renderGiftSvg knows no view), so
 * they are stored once under view 0; the column is there for pictures that differ per view.
 */
export const GENERATED_VIEW = 0;

/** Renditions drawn on request at once in one process (each a libvips pipeline on a core). */
export const ON_REQUEST_DRAWS_AT_ONCE = 2;
/** A request waiting longer than this for a draw answers 503 (a crawler's burst queues here). */
export const ON_REQUEST_DRAW_MAX_WAIT_MS = 10_000;
/** A draw still running after this long is stopped. */
const DRAW_TIMEOUT_S = 10;

/** A catalogue up to this many products has every product's renditions drawn by the seed. */
export const SEED_RENDITIONS_MAX_PRODUCTS = 1000;

/**
 * The widths the seed draws of each kind: what phones (Lighthouse's 412 px at 1.75x included) and
 * desktops at 1x-2x ask for in the first screens. Any other width (a product's 960 px gallery
 * picture on a 2x desktop, its 64 px cart line) is drawn on its first request: encoding dominates
 * (~15 ms for a 640 px picture, a quarter of that at 320), so every width of every product would
 * make the seed many times slower. Banners (CSS backgrounds) and the sign-in dialog's slides are
 * drawn on request only.
 */
const SEED_WIDTHS = {
  // cards on phones at 1.75x-3x and desktops at 1x-2x 320/480, the product page's picture 640
  products: [320, 480, 640],
  'hero-slides': widthsOfRole('hero'),
  // home tiles and site-map pictures (160 px boxes) at 1x/2x, the site map's 96 px boxes at 1x
  types: [128, 160, 320],
  categories: [128, 160, 320],
  'sub-categories': [128, 160, 320],
  // the packaging dialog's and page's boxes (48-160 px)
  packaging: [64, 128, 160, 320],
} as const satisfies Partial<Record<ImageKind, readonly number[]>>;

type SeededKind = keyof typeof SEED_WIDTHS;

export const seedWidthsOf = (kind: SeededKind): readonly number[] => SEED_WIDTHS[kind];

/** The table each kind's pictures are named from: an item gone there takes its renditions along. */
const TABLE_OF_KIND: Record<ImageKind, string> = {
  products: 'products',
  types: 'product_types',
  categories: 'categories',
  'sub-categories': 'sub_categories',
  slides: 'auth_slides',
  'hero-slides': 'hero_slides',
  banners: 'banners',
  packaging: 'packagings',
};

/**
 * Renditions of items that no longer exist (a deleted product, a catalogue seeded again smaller),
 * for housekeeping: nothing else would delete them. Columns are named with their table
 * (auth_slides has a `kind` of its own).
 */
export const RENDITIONS_OF_GONE_ITEMS = sql.join(
  Object.entries(TABLE_OF_KIND).map(
    ([kind, table]) =>
      sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} item WHERE image_renditions.kind = ${kind} AND item.id = image_renditions.image_id)`,
  ),
  sql` AND `,
);

const sourceHashOf = (svg: string) => createHash('sha256').update(svg).digest();

/** One SVG drawn at each width, largest first, as WebP. */
async function drawRenditions(svg: string, widths: readonly number[]): Promise<Map<number, Buffer>> {
  const source = Buffer.from(svg);
  const drawn = new Map<number, Buffer>();
  for (const width of [...widths].sort((a, b) => b - a)) {
    drawn.set(
      width,
      await sharp(source, { density: (SVG_DENSITY_DPI * width) / SVG_SIDE_PX })
        .timeout({ seconds: DRAW_TIMEOUT_S })
        .resize(width)
        // The drawings are opaque (a full-bleed background): no alpha plane to encode.
        .removeAlpha()
        .webp({ quality: RENDITION_QUALITY, effort: RENDITION_EFFORT })
        .toBuffer(),
    );
  }
  return drawn;
}

/** Kinds drawn across the page (the hero's slides): only they are made at the hero's widths. */
const FULL_WIDTH_KINDS: ReadonlySet<ImageKind> = new Set(['hero-slides', 'slides', 'banners']);
/** The hero's widths no other role asks for (800 px and up). */
const HERO_ONLY_WIDTHS = widthsOnlyOf('hero');

/** The widths a kind's pictures are made in: a product is never drawn 1600 px wide on request. */
export const widthsOfKind = (kind: ImageKind): readonly number[] =>
  FULL_WIDTH_KINDS.has(kind)
    ? RENDITION_WIDTHS
    : RENDITION_WIDTHS.filter((width) => !HERO_ONLY_WIDTHS.includes(width));

/** A width and format this kind's renditions are made in, or a 400 saying which are. */
export function checkRendition(kind: ImageKind, width: number, format: string): void {
  if (format !== RENDITION_FORMAT) {
    throw AppError.badRequest(`Pictures come as ${RENDITION_FORMAT}, not ${format}.`, {
      format: `must be ${RENDITION_FORMAT}`,
    });
  }
  const widths = widthsOfKind(kind);
  if (!widths.includes(width)) {
    throw AppError.badRequest(`These pictures come ${widths.join(', ')} pixels wide, not ${width}.`, {
      width: `must be one of ${widths.join(', ')}`,
    });
  }
}

/** The stored renditions, drawn on request when missing; one per app (its gate bounds the draws). */
export class ImageRenditions {
  private readonly gate = new WorkGate(ON_REQUEST_DRAWS_AT_ONCE, ON_REQUEST_DRAW_MAX_WAIT_MS);
  /** Draws under way in this process: a burst for one new picture draws it once. */
  private readonly drawing = new Map<string, Promise<Buffer>>();

  constructor(private readonly db: Database) {}

  /** The WebP of a picture at a width; 400 for a width or format not made, 404 for an unknown id. */
  async get(kind: ImageKind, id: number, width: number, format: string): Promise<Buffer> {
    checkRendition(kind, width, format);
    const svg = await catalogueImage(this.db, kind, id);
    const sourceHash = sourceHashOf(svg);
    const [stored] = await this.db
      .select({ bytes: imageRenditions.bytes })
      .from(imageRenditions)
      .where(
        and(
          eq(imageRenditions.kind, kind),
          eq(imageRenditions.imageId, id),
          eq(imageRenditions.view, GENERATED_VIEW),
          eq(imageRenditions.width, width),
          eq(imageRenditions.format, format),
          eq(imageRenditions.sourceHash, sourceHash),
        ),
      );
    if (stored) return stored.bytes;
    const key = `${kind}/${id}/${width}/${sourceHash.toString('hex')}`;
    const running = this.drawing.get(key);
    if (running) return running;
    const draw = this.drawAndStore(kind, id, width, svg, sourceHash).finally(() => this.drawing.delete(key));
    this.drawing.set(key, draw);
    return draw;
  }

  private async drawAndStore(
    kind: ImageKind,
    id: number,
    width: number,
    svg: string,
    sourceHash: Buffer,
  ): Promise<Buffer> {
    const drawn = await this.gate.run(() => drawRenditions(svg, [width]));
    const bytes = drawn.get(width);
    if (!bytes) throw new Error(`rendition ${kind}/${id} at ${width} px was not drawn`);
    await storeRenditions(this.db, [{ kind, imageId: id, width, sourceHash, bytes }]);
    return bytes;
  }
}

interface RenditionRow {
  kind: ImageKind;
  imageId: number;
  width: number;
  sourceHash: Buffer;
  bytes: Buffer;
}

/** Stores renditions, replacing any drawn from an older SVG (another instance may have raced us). */
async function storeRenditions(db: Database, rows: readonly RenditionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(imageRenditions)
    .values(rows.map((row) => ({ ...row, view: GENERATED_VIEW, format: RENDITION_FORMAT })))
    .onConflictDoUpdate({
      target: [
        imageRenditions.kind,
        imageRenditions.imageId,
        imageRenditions.view,
        imageRenditions.width,
        imageRenditions.format,
      ],
      set: {
        sourceHash: sql`excluded.source_hash`,
        bytes: sql`excluded.bytes`,
        createdAt: sql`now()`,
      },
    });
}

/** The items of each seeded kind with the name their picture shows. */
async function seededItems(
  db: Database,
  maxProducts: number,
): Promise<{ kind: SeededKind; id: number; name: string }[]> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  const withProducts = (count?.n ?? 0) <= maxProducts;
  const named = async <K extends SeededKind>(kind: K, rows: Promise<{ id: number; name: string }[]>) =>
    (await rows).map((row) => ({ kind, ...row }));
  const lists = await Promise.all([
    named('hero-slides', db.select({ id: heroSlides.id, name: heroSlides.title }).from(heroSlides)),
    named('types', db.select({ id: productTypes.id, name: productTypes.name }).from(productTypes)),
    named('categories', db.select({ id: categories.id, name: categories.name }).from(categories)),
    named(
      'sub-categories',
      db.select({ id: subCategories.id, name: subCategories.name }).from(subCategories),
    ),
    named('packaging', db.select({ id: packagings.id, name: packagings.title }).from(packagings)),
    withProducts
      ? named(
          'products',
          db.select({ id: products.id, name: products.title }).from(products).orderBy(asc(products.id)),
        )
      : Promise.resolve([]),
  ]);
  return lists.flat();
}

/** Items drawn per stored batch: a batch's rows go in with one INSERT. */
const SEED_BATCH_ITEMS = 16;

/**
 * Draws and stores the renditions of the seeded catalogue: hero slides, taxonomy, packaging, and
 * the products when there are at most `maxProducts` (a bigger catalogue's are drawn on request).
 * Items already stored from the same SVG are skipped, so a second run costs only the reads.
 * Draws run `parallel` at once (default: one per core). Answers how many renditions were drawn.
 */
export async function seedRenditions(
  db: Database,
  options: { maxProducts?: number; parallel?: number } = {},
): Promise<number> {
  const items = await seededItems(db, options.maxProducts ?? SEED_RENDITIONS_MAX_PRODUCTS);
  const parallel = Math.max(1, options.parallel ?? availableParallelism());
  let drawnCount = 0;
  for (let start = 0; start < items.length; start += SEED_BATCH_ITEMS) {
    const batch = items.slice(start, start + SEED_BATCH_ITEMS).map((item) => {
      const svg = renderGiftSvg(item.kind, item.id, item.name);
      return { ...item, svg, sourceHash: sourceHashOf(svg), widths: seedWidthsOf(item.kind) };
    });
    const stored = await storedOf(db, batch);
    const rows: RenditionRow[] = [];
    let next = 0;
    // `parallel` workers take the batch's items in turn: a bound on the pipelines, not one per item.
    const worker = async () => {
      for (let item = batch[next++]; item; item = batch[next++]) {
        const missing = item.widths.filter((width) => !stored.has(storedKey(item, width, item.sourceHash)));
        for (const [width, bytes] of await drawRenditions(item.svg, missing)) {
          rows.push({ kind: item.kind, imageId: item.id, width, sourceHash: item.sourceHash, bytes });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, batch.length) }, worker));
    await storeRenditions(db, rows);
    drawnCount += rows.length;
  }
  return drawnCount;
}

const storedKey = (item: { kind: string; id: number }, width: number, sourceHash: Buffer) =>
  `${item.kind}/${item.id}/${width}/${sourceHash.toString('hex')}`;

/** The renditions of these items already stored (kind/id/width/hash), one query. */
async function storedOf(
  db: Database,
  batch: readonly { kind: SeededKind; id: number }[],
): Promise<Set<string>> {
  const kinds = [...new Set(batch.map((item) => item.kind))];
  const ids = [...new Set(batch.map((item) => item.id))];
  const rows = await db
    .select({
      kind: imageRenditions.kind,
      id: imageRenditions.imageId,
      width: imageRenditions.width,
      sourceHash: imageRenditions.sourceHash,
    })
    .from(imageRenditions)
    .where(
      and(
        inArray(imageRenditions.kind, kinds),
        inArray(imageRenditions.imageId, ids),
        eq(imageRenditions.view, GENERATED_VIEW),
        eq(imageRenditions.format, RENDITION_FORMAT),
      ),
    );
  return new Set(rows.map((row) => storedKey(row, row.width, row.sourceHash)));
}
