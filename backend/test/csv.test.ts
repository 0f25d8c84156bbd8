/**
 * The CSV reader and writer of the catalogue's import and export (services/csv.ts) and its list
 * cells (services/catalogueCsvCells.ts): RFC 4180 quoting, newlines inside quotes and the line
 * numbers they make, a BOM, CRLF or LF, refusals with their line, and formulas kept from running.
 */
import {
  readCategoryPath,
  readImageRefs,
  readSpecifications,
  specificationsCell,
} from '../src/services/catalogueCsvCells';
import { CsvSyntaxError, csvField, csvRecord, decodeUtf8, parseCsv } from '../src/services/csv';

const fieldsOf = (text: string) => parseCsv(text).map((record) => record.fields);
const linesOf = (text: string) => parseCsv(text).map((record) => record.line);

function syntaxError(text: string): CsvSyntaxError {
  try {
    parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error;
    throw error;
  }
  throw new Error('parsed without an error');
}

describe('reading CSV', () => {
  it('splits records on CRLF and on LF, and skips a trailing newline', () => {
    expect(fieldsOf('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fieldsOf('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fieldsOf('a,b\r\n\r\n1,2\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields, at the start, the middle and the end', () => {
    expect(fieldsOf(',x,,\n')).toEqual([['', 'x', '', '']]);
  });

  it('reads quoted fields with commas, doubled quotes and newlines (CRLF kept as written)', () => {
    expect(fieldsOf('"a, b","say ""hi""","one\r\ntwo","x\ny"\r\n')).toEqual([
      ['a, b', 'say "hi"', 'one\r\ntwo', 'x\ny'],
    ]);
    expect(fieldsOf('"",""""\n')).toEqual([['', '"']]);
  });

  it('numbers each record by the line it starts on, counting the newlines inside quotes', () => {
    const text =
      'slug,description\r\nfirst,"line one\r\nline two\r\nline three"\r\nsecond,plain\r\n\r\nthird,"a\nb"\nfourth,x';
    expect(linesOf(text)).toEqual([1, 2, 5, 7, 9]);
  });

  it('drops a byte order mark, from the bytes and from the text', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('slug,title\nx,Ü')]);
    const text = decodeUtf8(bytes);
    expect(text.startsWith('slug')).toBe(true);
    expect(fieldsOf(text)).toEqual([
      ['slug', 'title'],
      ['x', 'Ü'],
    ]);
    expect(fieldsOf('\uFEFFslug\nx')).toEqual([['slug'], ['x']]);
  });

  it('refuses bytes that are not UTF-8, naming the line', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('slug\nok\n'), 0x63, 0xff, 0x0a]);
    expect(() => decodeUtf8(bytes)).toThrow('Line 3: the file is not UTF-8 text.');
  });

  it('refuses a quote never closed, at the line where it opened', () => {
    const error = syntaxError('slug,title\nok,fine\nbad,"never\nclosed\n');
    expect([error.line, error.message]).toEqual([3, 'Line 3: a quoted field is never closed.']);
  });

  it('refuses a quote inside an unquoted field and text after a closing quote, with their lines', () => {
    expect(syntaxError('a\nb"c\n').line).toBe(2);
    const after = syntaxError('a\n"one\ntwo"x,y\n');
    expect(after.line).toBe(3);
    expect(after.message).toContain('text after a closing quote');
  });
});

describe('writing CSV', () => {
  it('quotes only what must be quoted, doubling quotes, and ends records with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvRecord(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('keeps a formula from running in a spreadsheet, and reads it back as it was', () => {
    for (const value of ['=HYPERLINK("http://x")', '+1', '-5 °C', '@SUM(A1)', "'=already", "''+two"]) {
      const written = csvRecord([value, 'x']);
      expect(written.startsWith("'") || written.startsWith(`"'`)).toBe(true);
      expect(fieldsOf(written)).toEqual([[value, 'x']]);
    }
  });

  it('gives back every field it wrote, whatever it holds', () => {
    const rows = [
      ['slug', 'description'],
      ['a-b', '<p>One, "two"</p>\r\n<p>three</p>'],
      ['c', ''],
      ['d', 'ends with a quote"'],
    ];
    expect(fieldsOf(rows.map(csvRecord).join(''))).toEqual(rows);
  });
});

describe('the list cells', () => {
  it('writes and reads specifications with the quick-view marker and escapes', () => {
    const specs = [
      { name: 'Material', value: 'Oak', quick_view: true },
      { name: 'Size', value: '10 x 20 cm', quick_view: false },
      { name: 'A|B=C*', value: 'back\\slash | pipe = eq', quick_view: false },
    ];
    const cell = specificationsCell(specs);
    expect(cell.startsWith('*Material=Oak|Size=10 x 20 cm|')).toBe(true);
    expect(readSpecifications(cell)).toEqual(specs);
    expect(readSpecifications('')).toEqual([]);
    expect(readSpecifications('Colour=Red|Size')).toBe(
      'specification 2 ("Size") has no "=" between name and value',
    );
    expect(readSpecifications('=x')).toBe('specification 1 has no name');
  });

  it("takes only this shop's uploaded pictures, by address or file name, and fetches nothing", () => {
    const shop = 'https://shop.example';
    expect(
      readImageRefs(
        '/backend/api/images/uploaded/12.webp | https://shop.example/backend/api/images/uploaded/7.webp|3.webp',
        shop,
      ),
    ).toEqual([12, 7, 3]);
    expect(readImageRefs('', shop)).toEqual([]);
    expect(readImageRefs('http://169.254.169.254/latest/meta-data', shop)).toContain(
      'is not a picture uploaded to this shop',
    );
    expect(readImageRefs('https://evil.example/backend/api/images/uploaded/1.webp', shop)).toContain(
      'the server fetches no address',
    );
    expect(readImageRefs('photo.jpg', shop)).toContain('is not a picture uploaded to this shop');
  });

  it('reads a category path of three names, spaces around ">" optional', () => {
    expect(readCategoryPath('Gifts > For Her > Jewellery')).toEqual(['Gifts', 'For Her', 'Jewellery']);
    expect(readCategoryPath('Gifts>For Her>Jewellery')).toEqual(['Gifts', 'For Her', 'Jewellery']);
    expect(readCategoryPath('Gifts > For Her')).toBeNull();
    expect(readCategoryPath('Gifts > > Jewellery')).toBeNull();
  });
});
