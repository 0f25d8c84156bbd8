/**
 * The attributes of an <img> that shows a catalogue picture: intrinsic width and height (the box
 * is reserved before the picture arrives), and a `srcSet` of WebP renditions with the `sizes` the
 * layout gives the picture, so a 390 px phone fetches a 320 px card and not a 600 px drawing.
 *
 * Pure and free of React: the catalog's components and the server's first-screen template (and
 * its LCP preload: `imagesrcset`/`imagesizes`) build the very same attributes, so the browser
 * picks the same file from the preload and from the <img>.
 *
 * The backend serves a rendition of `/backend/api/images/<kind>/<id>.svg?view=N` at
 * `/backend/api/images/<kind>/<id>/<width>.webp?view=N`, for the widths in RENDITION_WIDTHS only;
 * a picture an admin uploaded, `/backend/api/images/uploaded/<id>.webp`, at
 * `/backend/api/images/uploaded/<id>/<width>.webp` (the widest made not wider than asked: a
 * small picture is never enlarged). Any other source (a shopper's logo, a blob: preview, an
 * external URL) is left as it is.
 */

/** The one raster format made today: every browser the shop supports decodes WebP. */
export const RENDITION_FORMAT = 'webp';

/**
 * Where a picture sits. Widths are the renditions offered, chosen from the layouts at 320 and
 * 390 px phones (device pixel ratio 2-3, Lighthouse's 412 px at 1.75) and at the 1240 px desktop:
 * - card: the product grid and sliders; 2 columns under 600 px (a picture is half the window
 *   less 38 px of page padding, gap, card padding and border), at most 240 px beyond.
 * - hero: the home slider, the page's whole content width (window less 2 rem, at most 1208 px).
 * - gallery: the product page's main picture; one column under 768 px (window less the page's
 *   and the product panel's padding), half the 1208 px content less the gap beyond.
 * - tile: the round category pictures of the home page (a 140 px minimum grid column).
 */
const FLUID_ROLES = {
  card: {
    width: 240,
    height: 240,
    widths: [160, 320, 480],
    sizes: '(max-width: 599px) calc(50vw - 38px), 240px',
    fallback: 320,
  },
  hero: {
    width: 1200,
    height: 400,
    widths: [480, 800, 1200, 1600],
    sizes: '(max-width: 1240px) calc(100vw - 2rem), 1208px',
    fallback: 1200,
  },
  gallery: {
    width: 480,
    height: 480,
    widths: [320, 480, 640, 960],
    sizes: '(max-width: 767px) calc(100vw - 4rem), (max-width: 1240px) calc(50vw - 3rem), 572px',
    fallback: 640,
  },
  tile: {
    width: 160,
    height: 160,
    widths: [160, 320],
    sizes: '(max-width: 599px) calc(50vw - 1.5rem), 160px',
    fallback: 160,
  },
} as const satisfies Record<string, RoleLayout>;

interface RoleLayout {
  width: number;
  height: number;
  widths: readonly number[];
  sizes: string;
  fallback: number;
}

export type FluidImageRole = keyof typeof FLUID_ROLES;

/** A picture in a fixed square box of this many CSS pixels (a cart line's 64, a suggestion's 36, …). */
export interface FixedImageBox {
  fixed: number;
}

export type ImageRole = FluidImageRole | FixedImageBox;

/** Renditions for fixed boxes: 1x to 3x of the 36-160 px boxes the shop draws. */
const FIXED_WIDTHS = [64, 128, 160, 320] as const;

/** Every width the backend renders, ascending: the union of the roles' widths. */
export const RENDITION_WIDTHS: readonly number[] = [
  ...new Set([...Object.values(FLUID_ROLES).flatMap((role) => role.widths), ...FIXED_WIDTHS]),
].sort((a, b) => a - b);

/** The widths of one role, for the backend to render ahead of time what a page will ask for. */
export function widthsOfRole(role: ImageRole): readonly number[] {
  return typeof role === 'string' ? FLUID_ROLES[role].widths : FIXED_WIDTHS;
}

/** The widths only `role` asks for (no other role nor fixed box): the hero's 800 px and up. */
export function widthsOnlyOf(role: FluidImageRole): readonly number[] {
  const others: readonly number[] = [
    ...Object.entries(FLUID_ROLES).flatMap(([name, other]) => (name === role ? [] : other.widths)),
    ...FIXED_WIDTHS,
  ];
  return FLUID_ROLES[role].widths.filter((width) => !others.includes(width));
}

export interface ResponsiveImage {
  src: string;
  /** Absent when the source has no renditions: the <img> keeps its one source. */
  srcSet?: string;
  sizes: string;
  width: number;
  height: number;
}

/** `…/images/<kind>/<id>.svg` and its optional query (`?view=2`), with any origin before it. */
const CATALOGUE_SVG = /^(.*\/images\/[a-z-]+\/\d+)\.svg(\?view=\d+)?$/;

/** `…/images/uploaded/<id>.webp`, with any origin before it. */
const UPLOADED_WEBP = /^(.*\/images\/uploaded\/\d+)\.webp$/;

/** The renditions' URLs of a catalogue or uploaded picture by width, or null when `src` is not one. */
function renditionsOf(src: string): ((width: number) => string) | null {
  const match = CATALOGUE_SVG.exec(src) ?? UPLOADED_WEBP.exec(src);
  if (!match) return null;
  const [, path, query = ''] = match;
  return (width) => `${path}/${width}.${RENDITION_FORMAT}${query}`;
}

/** The URL of one rendition of a catalogue picture, or null when `src` is not one. */
export function renditionUrl(src: string, width: number): string | null {
  return renditionsOf(src)?.(width) ?? null;
}

export function responsiveImage(src: string, role: ImageRole): ResponsiveImage {
  const layout =
    typeof role === 'string'
      ? FLUID_ROLES[role]
      : {
          width: role.fixed,
          height: role.fixed,
          widths: FIXED_WIDTHS,
          sizes: `${role.fixed}px`,
          fallback: FIXED_WIDTHS.find((width) => width >= role.fixed) ?? Math.max(...FIXED_WIDTHS),
        };
  const { width, height, sizes } = layout;
  const rendition = renditionsOf(src);
  if (rendition === null) return { src, sizes, width, height };
  const srcSet = layout.widths.map((each) => `${rendition(each)} ${each}w`).join(', ');
  return { src: rendition(layout.fallback), srcSet, sizes, width, height };
}
