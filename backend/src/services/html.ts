/**
 * Shop-authored HTML (product details, content pages) is cleaned on the way out, so a bad edit
 * cannot inject script: a small safe subset of tags, links only to http(s)/mailto (rel=noopener),
 * images only from http(s) or relative URLs; scripts, on* attributes and javascript: URLs go.
 */
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
} from '@shop/contract/validation/rich-text';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  // rel is set by the transform below (whatever the author wrote is replaced).
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedSchemes: [],
  allowedSchemesByTag: RICH_TEXT_SCHEMES,
  nonTextTags: RICH_TEXT_DROPPED_WITH_CONTENT,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);

const PLAIN_TEXT: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/**
 * A rich description's words as plain text: what a product's `description` column keeps beside
 * its HTML in `details` (the search vector reads it). The product editor and the CSV import save both.
 */
export const plainTextOf = (html: string): string =>
  sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, ' $&'), PLAIN_TEXT)
    .replace(/\s+/g, ' ')
    .trim();
