/**
 * The content editor's formatting buttons, as pure edits of the HTML text and its selection: the
 * owner edits the very HTML the server sanitises and stores (no hidden markup of an editing
 * engine), and each button writes one of the tags of the shop's rich-text allowlist
 * (@shop/contract/validation/rich-text) around the selection.
 */

export type RichTextFormat = 'bold' | 'italic' | 'heading' | 'subheading' | 'bulleted' | 'numbered' | 'link';

export interface TextEdit {
  text: string;
  /** The selection after the edit: the formatted text, inside its new tags. */
  start: number;
  end: number;
}

const INLINE: Partial<Record<RichTextFormat, string>> = {
  bold: 'strong',
  italic: 'em',
  heading: 'h2',
  subheading: 'h3',
};

const LIST: Partial<Record<RichTextFormat, string>> = { bulleted: 'ul', numbered: 'ol' };

/** A link's address written into an attribute: quotes and angle brackets escaped. */
const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Applies `format` to `text` between `start` and `end`. An empty selection gets an empty pair of
 * tags with the caret between them (a list: one empty item). `href` is the link's address.
 */
export function applyFormat(
  text: string,
  start: number,
  end: number,
  format: RichTextFormat,
  href = '',
): TextEdit {
  const before = text.slice(0, start);
  const selected = text.slice(start, end);
  const after = text.slice(end);
  const wrap = (open: string, inner: string, close: string): TextEdit => ({
    text: `${before}${open}${inner}${close}${after}`,
    start: before.length + open.length,
    end: before.length + open.length + inner.length,
  });
  const tag = INLINE[format];
  if (tag) return wrap(`<${tag}>`, selected, `</${tag}>`);
  const list = LIST[format];
  if (list) {
    // One item per selected line; blank lines are not items.
    const lines = selected
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const items = (lines.length > 0 ? lines : ['']).map((line) => `<li>${line}</li>`).join('\n');
    return wrap(`<${list}>\n`, items, `\n</${list}>`);
  }
  return wrap(`<a href="${attribute(href.trim())}">`, selected, '</a>');
}

/** The keyboard shortcuts of the text box (with Ctrl, or ⌘ on a Mac). */
export const SHORTCUTS: Record<string, RichTextFormat> = { b: 'bold', i: 'italic' };
