/**
 * The catalogue CSV's list cells (issue 22; the columns: @shop/contract/schemas/adminCatalogueCsv),
 * written by the export and read by the import, so one round trip gives back what it took:
 * - specifications: `name=value` items separated by `|`, `*` before the name of one shown in the
 *   quick view, and `\` before a `|`, `=`, `*` or `\` that belongs to a name or value;
 * - images: uploaded pictures by address or file name, separated by `|`.
 */

import { uploadedImageUrl } from '@shop/contract/media';
import {
  CATEGORY_PATH_SEPARATOR,
  CSV_LIST_SEPARATOR,
  QUICK_VIEW_MARKER,
} from '@shop/contract/schemas/adminCatalogueCsv';

export interface CsvSpecification {
  name: string;
  value: string;
  quick_view: boolean;
}

const escaped = (text: string) => text.replace(/[\\|=*]/g, (char) => `\\${char}`);

/** A product's specifications as one cell. */
export function specificationsCell(specs: readonly CsvSpecification[]): string {
  return specs
    .map((spec) => `${spec.quick_view ? QUICK_VIEW_MARKER : ''}${escaped(spec.name)}=${escaped(spec.value)}`)
    .join(CSV_LIST_SEPARATOR);
}

/** A specifications cell read back; a string is the reason it cannot be. */
export function readSpecifications(cell: string): CsvSpecification[] | string {
  const specs: CsvSpecification[] = [];
  if (cell.trim() === '') return specs;
  // Split on unescaped separators, keeping the escapes for the second pass.
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const char = cell[i];
    if (char === '\\' && i + 1 < cell.length) {
      current += char + cell[i + 1];
      i++;
    } else if (char === CSV_LIST_SEPARATOR) {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  for (const [index, raw] of items.entries()) {
    let item = raw.trim();
    const quickView = item.startsWith(QUICK_VIEW_MARKER);
    if (quickView) item = item.slice(QUICK_VIEW_MARKER.length).trimStart();
    let name = '';
    let value: string | null = null;
    for (let i = 0; i < item.length; i++) {
      const char = item[i] ?? '';
      let text = char;
      if (char === '\\') {
        text = item[i + 1] ?? '\\';
        i++;
      } else if (char === '=' && value === null) {
        value = '';
        continue;
      }
      if (value === null) name += text;
      else value += text;
    }
    if (value === null)
      return `specification ${index + 1} ("${raw.trim()}") has no "=" between name and value`;
    name = name.trim();
    value = value.trim();
    if (!name) return `specification ${index + 1} has no name`;
    if (!value) return `specification ${index + 1} ("${name}") has no value`;
    specs.push({ name, value, quick_view: quickView });
  }
  return specs;
}

/** A product's uploaded pictures as one cell: their addresses, in order. */
export function imagesCell(imageIds: readonly number[]): string {
  return imageIds.map(uploadedImageUrl).join(CSV_LIST_SEPARATOR);
}

const UPLOADED_PATH = /^\/backend\/api\/images\/uploaded\/([1-9]\d{0,9})\.webp$/;
const UPLOADED_FILE = /^([1-9]\d{0,9})\.webp$/;

/**
 * The ids an images cell names, or the reason it cannot be read. Only this shop's uploaded
 * pictures are taken: `/backend/api/images/uploaded/<id>.webp`, the same with this shop's own
 * origin (`publicUrl`) before it, or the file name `<id>.webp`. Any other address is refused, not
 * fetched: the server downloading what a CSV names would let a file reach inside the network
 * (SSRF). A picture from elsewhere is uploaded in the back office first.
 */
export function readImageRefs(cell: string, publicUrl: string): number[] | string {
  const ids: number[] = [];
  if (cell.trim() === '') return ids;
  for (const raw of cell.split(CSV_LIST_SEPARATOR)) {
    const ref = raw.trim();
    let path = ref;
    if (/^https?:\/\//i.test(ref)) {
      let url: URL;
      try {
        url = new URL(ref);
      } catch {
        return `"${ref}" is not an address`;
      }
      if (url.origin !== new URL(publicUrl).origin) {
        return `"${ref}" is not a picture uploaded to this shop (upload it in the back office first: the server fetches no address)`;
      }
      path = url.pathname;
    }
    const match = UPLOADED_PATH.exec(path) ?? UPLOADED_FILE.exec(path);
    const id = match?.[1] ? Number(match[1]) : Number.NaN;
    if (!Number.isSafeInteger(id) || id > 2147483647) {
      return `"${ref}" is not a picture uploaded to this shop (its address /backend/api/images/uploaded/<id>.webp, or <id>.webp)`;
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** "Type > Category > Sub-category". */
export const categoryPath = (type: string, category: string, subCategory: string): string =>
  [type, category, subCategory].join(CATEGORY_PATH_SEPARATOR);

/** A category path's three names (spaces around ">" optional), or null when it has not three. */
export function readCategoryPath(cell: string): [string, string, string] | null {
  const parts = cell.split('>').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => part === '')) return null;
  return parts as [string, string, string];
}
