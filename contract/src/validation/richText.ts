/**
 * The rich-text rules (product details, page content): the server sanitises with them
 * (sanitize-html) and the front end again before rendering, so both apply the same allowlist.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'img',
];
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'rel'], img: ['src', 'alt'] };
export const RICH_TEXT_SCHEMES: Record<string, string[]> = {
  a: ['http', 'https', 'mailto'],
  img: ['http', 'https'],
};
/** Dropped with everything inside them (their text is not content). */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'title',
];
