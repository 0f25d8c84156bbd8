/**
 * CSV as RFC 4180 has it (the catalogue's export and import, issue 22): fields separated by
 * commas, records by CRLF (LF alone is read too), a field in double quotes may hold commas,
 * newlines and doubled quotes. Reading is strict, so a broken file is refused with its line
 * instead of being imported askew: a quote inside an unquoted field, text after a closing quote,
 * a quote never closed. Lines are counted as a text editor shows them: the header is line 1 and
 * a newline inside a quoted field starts a new line, so a record's line is where it starts.
 *
 * A cell that a spreadsheet would run as a formula (=, +, -, @, a tab or CR first) is written
 * with an apostrophe before it, and the reader takes that apostrophe off again: a title such as
 * "=HYPERLINK(…)" cannot run when the export is opened in a spreadsheet, and still comes back
 * as it was.
 */

/** A broken file: where and why (the import answers 400 with both). */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`Line ${line}: ${reason}`);
    this.name = 'CsvSyntaxError';
  }
}

export interface CsvRecord {
  /** The line the record starts on (1: the first line of the file). */
  line: number;
  fields: string[];
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const BOM = '\uFEFF';

/** What starts a formula in a spreadsheet (OWASP's list of CSV injection's first characters). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A guarded cell: apostrophes, then a formula's first character (one apostrophe is the guard). */
const GUARDED_FORMULA = /^'+[=+\-@\t\r]/;

/** The text of a file's bytes: UTF-8 (a BOM is dropped); bytes that are not UTF-8 are refused. */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // The decoder says only that it failed: find the line for the answer.
    const good = new TextDecoder('utf-8').decode(bytes);
    const bad = good.indexOf('\uFFFD');
    const line = bad < 0 ? 1 : lineAt(good, bad);
    throw new CsvSyntaxError(line, 'the file is not UTF-8 text.');
  }
  return text.startsWith(BOM) ? text.slice(1) : text;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) {
    const char = text.charCodeAt(i);
    if (char === LF || (char === CR && text.charCodeAt(i + 1) !== LF)) line++;
  }
  return line;
}

/**
 * Every record of `text` with its starting line. Empty lines between records are skipped (a
 * trailing newline, a blank line at the end); a record of one empty field elsewhere is none.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const length = text.length;
  let line = 1;
  let i = text.startsWith(BOM) ? 1 : 0;
  while (i < length) {
    const start = line;
    const fields: string[] = [];
    // One record: fields until an unquoted newline or the end.
    for (;;) {
      let field: string;
      if (text.charCodeAt(i) === QUOTE) {
        const opened = line;
        let value = '';
        let from = i + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close < 0) throw new CsvSyntaxError(opened, 'a quoted field is never closed.');
          value += text.slice(from, close);
          line += newlinesIn(text, from, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            from = close + 2;
            continue;
          }
          i = close + 1;
          break;
        }
        const next = text.charCodeAt(i);
        if (i < length && next !== COMMA && next !== CR && next !== LF) {
          throw new CsvSyntaxError(
            line,
            'text after a closing quote (write a quote inside a quoted field as "").',
          );
        }
        field = value;
      } else {
        let end = i;
        while (end < length) {
          const char = text.charCodeAt(end);
          if (char === COMMA || char === CR || char === LF) break;
          if (char === QUOTE) {
            throw new CsvSyntaxError(
              line,
              'a quote inside an unquoted field (quote the whole field and double the quote).',
            );
          }
          end++;
        }
        field = text.slice(i, end);
        i = end;
      }
      fields.push(unguarded(field));
      if (i < length && text.charCodeAt(i) === COMMA) {
        i++;
        continue;
      }
      break;
    }
    // The record's end: CRLF, LF, a lone CR, or the end of the text.
    if (i < length) {
      if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) i += 2;
      else i += 1;
      line++;
    }
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
  }
  return records;
}

function newlinesIn(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const char = text.charCodeAt(i);
    if (char === LF || (char === CR && text.charCodeAt(i + 1) !== LF)) n++;
  }
  return n;
}

/** A read cell without the apostrophe the writer put before a formula's first character. */
function unguarded(field: string): string {
  return GUARDED_FORMULA.test(field) ? field.slice(1) : field;
}

/** One field as written: guarded against formulas, quoted when it must be. */
export function csvField(value: string): string {
  const guarded = FORMULA_START.test(value) || GUARDED_FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) || guarded !== guarded.trim()
    ? `"${guarded.replaceAll('"', '""')}"`
    : guarded;
}

/** One record as written, with its CRLF. */
export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
