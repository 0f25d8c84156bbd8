/**
 * The first screen of the catalogue's pages, in the HTML the server sends: the home page's hero,
 * the listing's first products, the product's title, price and main picture, with the page's
 * title, description, canonical address, Open Graph tags and (for a product) its JSON-LD. The
 * browser paints it before any script has run, and search engines and link previews read it.
 *
 * A faithful template, not the catalog's components: the markup and its small inline stylesheet
 * (FIRST_SCREEN_CSS) copy the catalog's layout at phone and desktop widths, so what the shopper
 * sees does not move when the catalog takes over. The take-over: the API answers the template was
 * made from are inlined (`window.__SHOP_ANSWERS__`, seeded into the data kit's cache by the
 * shell, shared/src/data/inlinedAnswers.ts), so the page's remote renders the same content on its
 * first render; until it has, the shell shows this markup in the page's slot
 * (shell/src/startup/serverFirstScreen.tsx). Any version of the catalog takes over the same way:
 * it only reads the answers, by the keys its own reads have.
 *
 * Its buttons and the sort are disabled: they do something only once the catalog has taken over (its own
 * buttons take their place), and links are plain links, which work before that too.
 *
 * Every text from the shop's data (titles, slide texts, category names, search words) is
 * HTML-escaped here; answers are read through the API itself, checked against the contract's
 * schema of that endpoint.
 */
import type { GalleryEntry, HeroSlide, ProductCard, ProductDetail, StartupContent } from '@shop/contract';
import type { AnswerOf, EndpointAt, PathsOf } from '@shop/contract/endpoint';
import type { ApiEndpoints } from '@shop/contract/endpoints';
import {
  apiQueryFromFilters,
  filtersFromParams,
  type ListingFilters,
  listingTrail,
  paramsFromFilters,
  SORT_OPTIONS,
} from '@shop/contract/listing';
import { type ResponsiveImage, responsiveImage } from '@shop/contract/media';
import { discountPercent, formatPrice } from '@shop/contract/money';
import {
  documentTitleOf,
  HOME_PAGE_META,
  listingPageMeta,
  type PageMeta,
  productPageMeta,
  productStructuredData,
  toScriptJson,
} from '@shop/contract/seo';
import { MESSAGES } from '@shop/contract/validation/messages';

export type GetPath = PathsOf<ApiEndpoints, 'GET'>;
export type AnswerAt<Path extends GetPath> = AnswerOf<EndpointAt<ApiEndpoints, 'GET', Path>>;

/**
 * One API answer's data, by the endpoint's path and the address the page's client asks
 * (`products/by-slug/oak-box`, `products?per-page=20&sort=…`); null when there is no such thing
 * (404) or the data is not of the endpoint's schema; throws when the API could not answer (a
 * database away), and the page then goes out without its first screen.
 */
export type ReadAnswer = <Path extends GetPath>(
  path: Path,
  address: string,
) => Promise<AnswerAt<Path> | null>;

export interface FirstScreenSources {
  read: ReadAnswer;
  /** The startup content the page inlines (currencies, site map); null when it could not be read. */
  startup: StartupContent | null;
  /** The shop's public origin (config PUBLIC_URL), for canonical and Open Graph addresses. */
  publicUrl: string;
}

export interface FirstScreen {
  /** Title, description, canonical, Open Graph and JSON-LD, for the page's <head>. */
  head: string;
  /** The content of the page slot, for #root after the frame's band; '' when there is none. */
  main: string;
  /** The API answers the markup was made from, by the address the page's client asks. */
  answers: Record<string, unknown>;
  /** The picture the page paints largest (its LCP element), to preload; null when none. */
  image: ResponsiveImage | null;
}

/** The id of the server's <main> in #root: the shell takes its markup before React starts. */
export const FIRST_SCREEN_ID = 'first-screen';

const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/;
const LISTING_PAGE = /^\/products\/?$/;

/** How many of the listing's cards load their pictures at once (the catalog's FIRST_ROW_CARDS). */
const EAGER_CARDS = 4;

// ---------------------------------------------------------------- the answers' addresses

/** The home page's answers: its hero and its deal (the page reveals both together). */
const HOME_ADDRESSES = ['hero-slides', 'deals-of-the-day'] as const;

const bySlugAddress = (slug: string) => `products/by-slug/${encodeURIComponent(slug)}`;
const galleryAddress = (id: number) => `products/gallery/${id}`;
const groupsAddress = (id: number) => `products/grouped-products/${id}`;

/** The listing's query string as the page's client writes it (URLSearchParams, names as given). */
function listingAddress(filters: ListingFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(apiQueryFromFilters(filters))) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  return `products?${params.toString()}`;
}

const listingFiltersOf = (search: string, currencies: readonly string[] | undefined) =>
  filtersFromParams(new URLSearchParams(search), currencies);

/**
 * The addresses of the answers the first screen of `page` (path and query) inlines, by which the
 * page's remote must read them to take over; for a product page, of the product `productId` (its
 * slug's answer gives the id). Empty for a page without a first screen. The release checks hold
 * a catalog build's reads against these (modules/remotes/releaseChecks.ts).
 */
export function firstScreenAddresses(
  page: string,
  productId: number,
  currencies?: readonly string[],
): string[] {
  const [pathname = '', search = ''] = page.split('?', 2);
  if (pathname === '/') return [...HOME_ADDRESSES];
  if (LISTING_PAGE.test(pathname)) return [listingAddress(listingFiltersOf(search, currencies))];
  const slug = PRODUCT_PAGE.exec(pathname)?.[1];
  if (slug === undefined) return [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return [];
  }
  return [bySlugAddress(decoded), galleryAddress(productId), groupsAddress(productId)];
}

/**
 * The first screen of `pathname` (with its `search`), or null for a page that has none (the
 * cart, the member area: their content is the shopper's own). Throws when the API could not
 * answer; the caller sends the page without it.
 */
export async function firstScreenOf(
  pathname: string,
  search: string,
  sources: FirstScreenSources,
): Promise<FirstScreen | null> {
  if (pathname === '/') return homeScreen(sources);
  if (LISTING_PAGE.test(pathname)) return listingScreen(search, sources);
  const slug = PRODUCT_PAGE.exec(pathname)?.[1];
  if (slug !== undefined) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(slug);
    } catch {
      return null;
    }
    return productScreen(decoded, sources);
  }
  return null;
}

// ---------------------------------------------------------------- escaping

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute: nothing in it can open a tag or end the quote. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** An address for an href: only this site's paths and http(s); anything else (javascript:) goes nowhere. */
function safeHref(value: string): string {
  return /^(\/(?!\/)|https?:\/\/)/i.test(value) ? escapeHtml(value) : '#';
}

// ---------------------------------------------------------------- the head

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, `${origin}/`).href;
  } catch {
    return origin;
  }
}

interface HeadParts {
  meta: PageMeta;
  /** Path and query of the page's canonical address. */
  canonical: string;
  image?: string;
  type?: 'website' | 'product';
  jsonLd?: unknown;
  /** A product that does not exist: search engines are told not to keep the address. */
  noIndex?: boolean;
}

function headOf(
  { meta, canonical, image, type = 'website', jsonLd, noIndex }: HeadParts,
  origin: string,
): string {
  const title = escapeHtml(documentTitleOf(meta.title));
  const description = escapeHtml(meta.description);
  const url = escapeHtml(absolute(canonical, origin));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    noIndex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${url}">`,
    `<meta property="og:type" content="${type}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:site_name" content="${escapeHtml(HOME_PAGE_META.title)}">`,
  ];
  if (image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(absolute(image, origin))}">`);
    tags.push('<meta name="twitter:card" content="summary_large_image">');
  }
  if (jsonLd !== undefined) tags.push(`<script type="application/ld+json">${toScriptJson(jsonLd)}</script>`);
  return tags.join('');
}

// ---------------------------------------------------------------- shared pieces

function priceOf(usd: number, oldUsd: number | null, sources: FirstScreenSources): string {
  const currencies = sources.startup?.currencies;
  const currency = currencies ? currencies.list[currencies.default] : undefined;
  // Without the startup content the catalog's Price shows nothing until it has a currency.
  if (!currency) return '';
  const old =
    oldUsd !== null && oldUsd > usd
      ? `<del class="fs-old"><span class="visually-hidden">was </span>${escapeHtml(formatPrice(oldUsd, currency))}</del>`
      : '';
  return `<span class="fs-price"><span data-testid="price">${escapeHtml(formatPrice(usd, currency))}</span>${old}</span>`;
}

function imgTag(
  image: ResponsiveImage,
  { alt, className, eager }: { alt: string; className?: string; eager: boolean },
): string {
  const srcSet = image.srcSet
    ? ` srcset="${escapeHtml(image.srcSet)}" sizes="${escapeHtml(image.sizes)}"`
    : '';
  return (
    `<img src="${escapeHtml(image.src)}"${srcSet} alt="${escapeHtml(alt)}"` +
    `${className ? ` class="${className}"` : ''} width="${image.width}" height="${image.height}"` +
    (eager ? ' fetchpriority="high"' : ' loading="lazy"') +
    '>'
  );
}

const STARS = 5;

function stars(rating: number, count?: number): string {
  const rounded = Math.round(rating * 2) / 2;
  const countText = count === undefined ? '' : `<span class="fs-rating-count">(${count})</span>`;
  return (
    `<span class="fs-rating"><span class="fs-stars" role="img" aria-label="Rated ${rounded} out of ${STARS}">` +
    `<span class="fs-stars-fill" style="width:${(rounded / STARS) * 100}%" aria-hidden="true">★★★★★</span>` +
    `<span aria-hidden="true">☆☆☆☆☆</span></span>${countText}</span>`
  );
}

/** The add-to-cart control as the catalog draws it before the shopper's cart is known. */
function addToCart(inStock: boolean): string {
  return inStock
    ? '<span class="fs-add-wrap"><button type="button" disabled class="fs-add">Add to Cart</button></span>'
    : '<span class="fs-out">Out of Stock</span>';
}

/** The catalog's ProductCard, as a shopper without a wishlist or cart sees it. */
function card(product: ProductCard, eager: boolean, sources: FirstScreenSources): string {
  const href = `/product/${encodeURIComponent(product.slug)}`;
  const discount = discountPercent(product.price, product.old_price);
  const badges = [
    discount ? `<span class="fs-badge">-${discount}%</span>` : '',
    product.is_customizable ? '<span class="fs-badge">Customizable</span>' : '',
    product.in_stock ? '' : '<span class="fs-badge fs-badge-dark">Out of Stock</span>',
  ].join('');
  const titleId = `product-${product.id}`;
  return (
    `<article class="fs-card" aria-labelledby="${titleId}">` +
    `<div class="fs-media"><a href="${href}" class="fs-image-link" tabindex="-1" aria-hidden="true">` +
    imgTag(responsiveImage(product.image, 'card'), { alt: '', eager }) +
    '</a>' +
    `<span class="fs-heart-corner"><button type="button" disabled class="fs-heart" aria-label="Add to wishlist: ${escapeHtml(product.title)}"><span aria-hidden="true">♡</span></button></span></div>` +
    `<div class="fs-badges">${badges}</div>` +
    `<p class="fs-category">${escapeHtml(product.category.name || product.type.name)}</p>` +
    `<h2 class="fs-title" id="${titleId}"><a href="${href}">${escapeHtml(product.title)}</a></h2>` +
    (product.last_piece_message ? `<p class="fs-last">${escapeHtml(product.last_piece_message)}</p>` : '') +
    stars(product.reviews.rating, product.reviews.count) +
    priceOf(product.price, product.old_price, sources) +
    addToCart(product.in_stock) +
    '</article>'
  );
}

// ---------------------------------------------------------------- home

async function homeScreen(sources: FirstScreenSources): Promise<FirstScreen> {
  // The deal is read too: the home page reveals its hero and its deal together, so with both
  // answers in the cache it renders its top at once.
  const [heroAddress, dealAddress] = HOME_ADDRESSES;
  const [hero, deal] = await Promise.all([
    sources.read('hero-slides', heroAddress),
    sources.read('deals-of-the-day', dealAddress),
  ]);
  if (!hero || !deal) throw new Error('the home page’s answers could not be read');
  // The API gives the carousel's slides, at most 5 (the catalog shows as many).
  const slides = hero.items;
  const first = slides[0];
  const image = first ? responsiveImage(first.image, 'hero') : null;
  return {
    head: headOf({ meta: HOME_PAGE_META, canonical: '/', image: first?.image }, sources.publicUrl),
    main:
      `<div class="fs-home"><h1 class="visually-hidden">${escapeHtml(HOME_PAGE_META.title)}</h1>` +
      (first && image ? heroSlide(first, image, slides.length) : '') +
      '</div>',
    answers: { [heroAddress]: hero, [dealAddress]: deal },
    image,
  };
}

function heroSlide(slide: HeroSlide, image: ResponsiveImage, count: number): string {
  const dots =
    count > 1
      ? `<ul class="fs-hero-dots" aria-hidden="true">${'<li><span></span></li>'.repeat(count)}</ul>`
      : '';
  return (
    '<section aria-roledescription="carousel" aria-label="Featured" class="fs-hero">' +
    '<div class="fs-hero-viewport"><div class="fs-hero-slide">' +
    imgTag(image, { alt: '', className: 'fs-hero-image', eager: true }) +
    '<div class="fs-hero-text">' +
    (slide.offer_tag ? `<span class="fs-offer">${escapeHtml(slide.offer_tag)}</span>` : '') +
    `<p class="fs-hero-title">${escapeHtml(slide.title)}</p><p>${escapeHtml(slide.sub_title)}</p>` +
    `<a href="${safeHref(slide.button_link)}" class="fs-button">${escapeHtml(slide.button_text)}</a>` +
    `</div></div></div>${dots}</section>`
  );
}

// ---------------------------------------------------------------- listing

async function listingScreen(search: string, sources: FirstScreenSources): Promise<FirstScreen> {
  const currencies = sources.startup ? Object.keys(sources.startup.currencies.list) : undefined;
  const filters = listingFiltersOf(search, currencies);
  const address = listingAddress(filters);
  const listing = await sources.read('products', address);
  if (!listing) throw new Error('the listing could not be read');

  const { heading, crumbs: taxonomy } = listingTrail(filters, sources.startup?.sitemap);
  const meta = listingPageMeta(filters.q, heading);

  const crumbs: string[] = [];
  crumbs.push('<li><a href="/">Home</a></li>');
  crumbs.push(
    taxonomy.length > 0
      ? '<li><a href="/products">Products</a></li>'
      : '<li><span aria-current="page">Products</span></li>',
  );
  taxonomy.forEach((crumb, index) => {
    crumbs.push(
      index < taxonomy.length - 1
        ? `<li><a href="/products?${escapeHtml(crumb.search)}">${escapeHtml(crumb.name)}</a></li>`
        : `<li><span aria-current="page">${escapeHtml(crumb.name)}</span></li>`,
    );
  });

  const sortOptions = [{ value: '', label: 'Relevance' }, ...SORT_OPTIONS]
    .map(
      (option) =>
        `<option value="${option.value}"${option.value === (filters.sort ?? '') ? ' selected' : ''}>${option.label}</option>`,
    )
    .join('');
  const cards = listing.items
    .map((product, index) => `<li>${card(product, index < EAGER_CARDS, sources)}</li>`)
    .join('');
  const results =
    listing.items.length > 0
      ? `<div><ul class="fs-grid">${cards}</ul></div>`
      : `<div class="fs-no-results" role="status"><p>${escapeHtml(MESSAGES.noResults)}</p></div>`;
  const firstCard = listing.items[0];
  // The canonical listing is the address of its filters in the catalog's order, defaults left out.
  const canonicalQuery = paramsFromFilters(filters).toString();
  return {
    head: headOf(
      { meta, canonical: `/products${canonicalQuery ? `?${canonicalQuery}` : ''}`, image: firstCard?.image },
      sources.publicUrl,
    ),
    main:
      '<div class="fs-listing">' +
      `<nav aria-label="Breadcrumb" class="fs-crumbs"><ol>${crumbs.join('')}</ol></nav>` +
      '<div class="fs-layout"><aside class="fs-aside" aria-label="Filters">' +
      '<button type="button" disabled class="fs-toggle" aria-expanded="false">Show filters</button></aside>' +
      '<section class="fs-results" aria-labelledby="listing-title"><div class="fs-results-head"><div>' +
      `<h1 id="listing-title">Products (${listing._meta.totalCount})</h1>` +
      (filters.q ? `<p>showing results for &quot;${escapeHtml(filters.q)}&quot;</p>` : '') +
      '</div><div class="fs-sort"><label for="fs-sort">Sort by</label>' +
      `<select id="fs-sort" disabled>${sortOptions}</select></div></div>${results}</section></div></div>`,
    answers: { [address]: listing },
    image: firstCard ? responsiveImage(firstCard.image, 'card') : null,
  };
}

// ---------------------------------------------------------------- product

async function productScreen(slug: string, sources: FirstScreenSources): Promise<FirstScreen> {
  const slugAddress = bySlugAddress(slug);
  const found = await sources.read('products/by-slug/:slug', slugAddress);
  if (!found) {
    // No such product (a 404; any other failure throws): the page's own not-found takes over.
    return {
      head: headOf(
        {
          meta: { title: 'Page not found', description: HOME_PAGE_META.description },
          canonical: `/product/${encodeURIComponent(slug)}`,
          noIndex: true,
        },
        sources.publicUrl,
      ),
      main: '',
      answers: {},
      image: null,
    };
  }
  const product = found.item;
  const [gallery, groups] = await Promise.all([
    sources.read('products/gallery/:id', galleryAddress(product.id)),
    sources.read('products/grouped-products/:id', groupsAddress(product.id)),
  ]);
  if (!gallery || !groups) throw new Error('the product’s gallery could not be read');
  // The catalog's Gallery: the gallery's entries, or the product's own picture when it has none.
  const entries: GalleryEntry[] =
    gallery.items.length > 0
      ? gallery.items
      : [{ id: 0, type: 'Image', image: product.image, video_link: null, caption: null }];
  const pictures = entries.filter((entry) => entry.type === 'Image').map((entry) => entry.image);
  const canonical = `/product/${encodeURIComponent(product.slug)}`;
  const pageUrl = absolute(canonical, sources.publicUrl);
  const first = entries[0];
  const mainImage = first?.type === 'Image' ? responsiveImage(first.image, 'gallery') : null;
  return {
    head: headOf(
      {
        meta: productPageMeta(product),
        canonical,
        image: pictures[0] ?? product.image,
        type: 'product',
        jsonLd: productStructuredData(product, pictures, pageUrl),
      },
      sources.publicUrl,
    ),
    main: productMarkup(product, entries, mainImage, sources),
    answers: {
      [slugAddress]: found,
      [galleryAddress(product.id)]: gallery,
      [groupsAddress(product.id)]: groups,
    },
    image: mainImage,
  };
}

function productMarkup(
  product: ProductDetail,
  entries: GalleryEntry[],
  mainImage: ResponsiveImage | null,
  sources: FirstScreenSources,
): string {
  const first = entries[0];
  let stage = '';
  if (first?.type === 'Video' && first.video_link) {
    stage = `<div class="fs-video" aria-hidden="true"></div>`;
  } else if (mainImage) {
    stage =
      `<div>${imgTag(mainImage, { alt: product.title, className: 'fs-main-image', eager: true })}</div>` +
      '<button type="button" disabled class="fs-zoom" aria-pressed="false">Zoom image</button>';
  }
  const caption = first?.caption ? `<figcaption>${escapeHtml(first.caption)}</figcaption>` : '';
  const thumbnails =
    entries.length > 1
      ? `<ul class="fs-thumbs" aria-label="Gallery">${entries
          .map(
            (entry, position) =>
              `<li><button type="button" disabled class="fs-thumb"${position === 0 ? ' aria-current="true"' : ''} aria-label="Show ${entry.type === 'Video' ? 'video' : 'image'} ${position + 1} of ${entries.length}">` +
              `${imgTag(responsiveImage(entry.image, { fixed: 64 }), { alt: '', eager: false })}</button></li>`,
          )
          .join('')}</ul>`
      : '';
  const flags = [
    `<li>${product.in_stock ? 'In Stock' : 'Out of Stock'}</li>`,
    product.is_customizable ? '<li>Customizable</li>' : '',
    product.has_packaging ? '<li>Packaging</li>' : '',
  ].join('');
  const reviews =
    product.reviews.count > 0
      ? `<p class="fs-product-rating">${stars(product.reviews.rating)} ${product.reviews.count} ${product.reviews.count === 1 ? 'review' : 'reviews'}</p>`
      : '';
  const typeHref = `/products?type=${encodeURIComponent(product.type.slug)}`;
  const categoryHref = `${typeHref}&category=${encodeURIComponent(product.category.slug)}`;
  return (
    '<article class="fs-page" aria-labelledby="product-title">' +
    `<nav aria-label="Breadcrumb" class="fs-breadcrumb"><a href="/">Home</a> &gt; <a href="/products">Products</a> &gt; ` +
    `<a href="${escapeHtml(typeHref)}">${escapeHtml(product.type.name)}</a> &gt; ` +
    `<a href="${escapeHtml(categoryHref)}">${escapeHtml(product.category.name)}</a></nav>` +
    '<div class="fs-product">' +
    `<div class="fs-gallery"><figure class="fs-stage">${stage}${caption}</figure>${thumbnails}</div>` +
    '<div class="fs-info">' +
    `<p class="fs-product-category">${escapeHtml(product.category.name)}</p>` +
    `<h1 id="product-title">${escapeHtml(product.title)}</h1>` +
    `<ul class="fs-flags" aria-label="Product flags">${flags}</ul>` +
    `<div class="fs-rating-row">${reviews}` +
    '<span class="fs-heart-wrap"><button type="button" disabled class="fs-heart" aria-label="Add to wishlist"><span aria-hidden="true">♡</span></button></span>' +
    '<button type="button" disabled class="fs-share">Share</button></div>' +
    (product.last_piece_message
      ? `<p class="fs-last-piece">${escapeHtml(product.last_piece_message)}</p>`
      : '') +
    `<div class="fs-product-price">${priceOf(product.price, product.old_price, sources)}</div>` +
    `<div class="fs-actions">${addToCart(product.in_stock)}</div>` +
    '</div></div></article>'
  );
}
