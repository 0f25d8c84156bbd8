/**
 * Shop-authored HTML (product details, content pages) is cleaned on the way out, so a bad edit
 * cannot inject script: a small safe subset of tags, links only to http(s)/mailto (rel=noopener),
 * images only from http(s) or relative URLs; scripts, on* attributes and javascript: URLs go.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'img'],
  // rel is set by the transform below (whatever the author wrote is replaced).
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: [],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);
