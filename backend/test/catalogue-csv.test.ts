/**
 * The catalogue as CSV (issue 22) against a real database: the export (every product, archived
 * ones too, RFC 4180), export → import giving back the same catalogue, a check naming every bad
 * row's line (quoted newlines counted) and writing nothing, an apply all or nothing, an update by
 * slug (price, stock with its log and the notify-me mail, specifications, pictures), the
 * storefront seeing an import at once, refusals of a broken file, and the audit's summary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminSession, ProductDetail, ProductListing } from '@shop/contract';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_MAX_BYTES,
  type ImportReport,
} from '@shop/contract/schemas/adminCatalogueCsv';
import type { StockLogPage } from '@shop/contract/schemas/adminStock';
import type { AuditPage } from '@shop/contract/schemas/backOffice';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/migrate';
import { productGallery, productSpecifications, products } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { catalogueCsv } from '../src/services/catalogueExport';
import { csvRecord, parseCsv } from '../src/services/csv';
import { PasswordHasher } from '../src/services/passwords';
import {
  createMember,
  createTestApp,
  dataOf,
  failureOf,
  mailsTo as mailsToIn,
  type TestContext,
  targets,
} from './db';
import { multipart } from './orderFixtures';

const HEADER = CATALOGUE_CSV_COLUMNS.map((column) => column.name);
type Row = Record<(typeof HEADER)[number], string>;

describe.each(targets)('the catalogue CSV on %s', (target) => {
  let ctx: TestContext;
  let outbox: string;
  let owner: string;
  let staff: string;
  let buyer: string;
  /** A path that exists: "Type > Category > Sub-category" of the first product. */
  let knownPath: string;

  const headers = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token: string | null = staff) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers: headers(token) });
  const post = (url: string, payload: object, token: string | null) =>
    ctx.app.inject({ method: 'POST', url: `/backend/api/${url}`, payload, headers: headers(token) });
  const upload = async (csv: string | Buffer, mode: string, token: string | null = staff) => {
    const bytes = typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv;
    const { payload, contentType } = await multipart(
      { mode },
      { bytes, name: 'catalogue.csv', type: 'text/csv' },
    );
    return ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/catalogue/import',
      payload,
      headers: { ...headers(token), 'content-type': contentType },
    });
  };
  const report = async (csv: string | Buffer, mode: 'check' | 'apply') =>
    dataOf<ImportReport>(await upload(csv, mode));
  const exported = async () => {
    const answer = await get('admin/catalogue/export');
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };
  const csvOf = (rows: Partial<Row>[], columns: readonly string[] = HEADER) =>
    csvRecord(columns) +
    rows.map((row) => csvRecord(columns.map((column) => row[column as keyof Row] ?? ''))).join('');
  const productCount = async () =>
    Number(
      rowsOf<{ n: number }>(await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM products`))[0]
        ?.n,
    );
  const productBySlug = async (slug: string) =>
    (await ctx.database.db.select().from(products).where(eq(products.slug, slug)))[0];
  const newRow = (slug: string, changes: Partial<Row> = {}): Row => ({
    slug,
    title: `Imported ${slug}`,
    hint: '',
    short_description: 'Made for the import test',
    description: '<p>Hand made</p>',
    price: '25.00',
    old_price: '',
    stock: '4',
    flags: 'hot',
    line: '',
    supplier: '',
    category: knownPath,
    specifications: '*Material=Oak|Size=10 cm',
    images: '',
    archived: 'false',
    ...changes,
  });

  beforeAll(async () => {
    outbox = mkdtempSync(path.join(tmpdir(), 'shop-csv-outbox-'));
    ctx = await createTestApp(target, { auth: { scryptLogN: 10, mail: { outboxDir: outbox } } });
    const hasher = new PasswordHasher(10);
    await createAdmin(ctx.database.db, hasher, 'owner@gifts.example', 'owner-password-123');
    await createAdmin(ctx.database.db, hasher, 'csv@gifts.example', 'staff-password-123', { role: 'staff' });
    const login = async (email: string, password: string) =>
      dataOf<AdminSession>(await post('admin/login', { email, password }, null)).token;
    owner = await login('owner@gifts.example', 'owner-password-123');
    staff = await login('csv@gifts.example', 'staff-password-123');
    buyer = (await createMember(ctx.database)).token;
    const [first] = rowsOf<{ path: string }>(
      await ctx.database.db.execute(sql`
        SELECT t.name || ' > ' || c.name || ' > ' || s.name AS path FROM products p
        JOIN product_types t ON t.id = p.type_id JOIN categories c ON c.id = p.category_id
        JOIN sub_categories s ON s.id = p.sub_category_id ORDER BY p.id LIMIT 1`),
    );
    knownPath = first?.path ?? '';
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('exports every product, archived ones too, as CSV a spreadsheet opens', async () => {
    const [first] = await ctx.database.db.select().from(products).orderBy(products.id).limit(1);
    await ctx.database.db
      .update(products)
      .set({ archivedAt: new Date(), details: '<p>One, "two"</p>\n<p>three</p>' })
      .where(eq(products.id, first?.id ?? 0));
    const answer = await get('admin/catalogue/export');
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.body.startsWith('\uFEFFslug,title,')).toBe(true);
    const [header, ...records] = parseCsv(answer.body);
    expect(header?.fields).toEqual(HEADER);
    expect(records).toHaveLength(await productCount());
    const row = records.find((record) => record.fields[0] === first?.slug)?.fields ?? [];
    expect(row[HEADER.indexOf('archived')]).toBe('true');
    expect(row[HEADER.indexOf('description')]).toBe('<p>One, "two"</p>\n<p>three</p>');
    expect(row[HEADER.indexOf('category')]).toBe(knownPath);
    expect((await get('admin/catalogue/export', buyer)).statusCode).toBe(403);
    await ctx.database.db
      .update(products)
      .set({ archivedAt: null })
      .where(eq(products.id, first?.id ?? 0));
  });

  it('streams the export a page at a time, every product once, in id order', async () => {
    const chunks: string[] = [];
    for await (const chunk of catalogueCsv(ctx.database.db, 7)) chunks.push(chunk);
    const count = await productCount();
    // The header, then one chunk per page of 7.
    expect(chunks).toHaveLength(1 + Math.ceil(count / 7));
    const [header, ...records] = parseCsv(chunks.join(''));
    expect(header?.fields).toEqual(HEADER);
    const ids = rowsOf<{ slug: string }>(
      await ctx.database.db.execute(sql`SELECT slug FROM products ORDER BY id`),
    );
    expect(records.map((record) => record.fields[0])).toEqual(ids.map((row) => row.slug));
  });

  it('gives back the same catalogue on export → import → export', async () => {
    const before = await exported();
    const count = await productCount();
    const check = await report(before, 'check');
    expect(check).toMatchObject({
      mode: 'check',
      applied: false,
      rows: count,
      created: 0,
      updated: count,
      errors: [],
    });
    const apply = await report(before, 'apply');
    expect(apply).toMatchObject({
      mode: 'apply',
      applied: true,
      rows: count,
      created: 0,
      updated: count,
      errors: [],
    });
    expect(await exported()).toBe(before);
    expect(await productCount()).toBe(count);
  });

  it('names every bad row by its line in a check (quoted newlines counted) and writes nothing', async () => {
    const count = await productCount();
    const csv = csvOf([
      newRow('fine-one', { description: '<p>first line</p>\r\n<p>second line</p>' }),
      newRow('no-such-path', { category: 'Nothing > Like > This' }),
      newRow('fine-two', { specifications: 'Colour=Red|Size' }),
      newRow('Bad Slug!', { price: '12,50' }),
      newRow('fine-one'),
    ]);
    const check = await report(csv, 'check');
    expect(check.errors).toEqual([
      { line: 4, slug: 'no-such-path', reason: 'category: no product type is called "Nothing"' },
      {
        line: 5,
        slug: 'fine-two',
        reason: 'specifications: specification 2 ("Size") has no "=" between name and value',
      },
      { line: 6, slug: 'Bad Slug!', reason: expect.stringMatching(/^price: a number such as 49\.90/) },
      { line: 7, slug: 'fine-one', reason: expect.stringMatching(/^slug: "fine-one" is on line 2 already/) },
    ]);
    expect(check).toMatchObject({ applied: false, rows: 5 });
    expect(await productCount()).toBe(count);
    expect(await productBySlug('fine-one')).toBeUndefined();
  });

  it('applies all or nothing: one bad row writes no row; fixed, every row is created and on the storefront', async () => {
    const count = await productCount();
    const rows = Array.from({ length: 30 }, (_, i) =>
      newRow(`csv-lantern-${i + 1}`, { title: `Zanzibar lantern ${i + 1}` }),
    );
    const broken = [...rows];
    broken[17] = newRow('csv-lantern-18', { stock: '-2' });
    const refused = await report(csvOf(broken), 'apply');
    expect(refused).toMatchObject({ mode: 'apply', applied: false, created: 29 });
    expect(refused.errors.map((error) => error.line)).toEqual([19]);
    expect(await productCount()).toBe(count);

    const applied = await report(csvOf(rows), 'apply');
    expect(applied).toMatchObject({ applied: true, rows: 30, created: 30, updated: 0, errors: [] });
    expect(await productCount()).toBe(count + 30);
    const page = dataOf<{ item: ProductDetail }>(await get('products/by-slug/csv-lantern-7', null));
    expect(page.item).toMatchObject({ title: 'Zanzibar lantern 7', price: 25, stock_quantity: 4, hot: true });
    const listing = dataOf<ProductListing>(await get('products?q=Zanzibar&per-page=100', null));
    expect(listing.items.map((item) => item.slug).sort()).toEqual(rows.map((row) => row.slug).sort());
    const created = await productBySlug('csv-lantern-7');
    const specs = await ctx.database.db
      .select({
        name: productSpecifications.name,
        value: productSpecifications.value,
        quick: productSpecifications.showInQuickView,
      })
      .from(productSpecifications)
      .where(eq(productSpecifications.productId, created?.id ?? 0))
      .orderBy(productSpecifications.position);
    expect(specs).toEqual([
      { name: 'Material', value: 'Oak', quick: 1 },
      { name: 'Size', value: '10 cm', quick: 0 },
    ]);
    const log = dataOf<StockLogPage>(await get(`admin/products/${created?.id}/stock-log`));
    expect(log.items).toMatchObject([
      { source: 'import', before: 0, after: 4, reason: 'CSV import', admin_email: 'csv@gifts.example' },
    ]);
  });

  it('updates by slug: the columns given, the stock with its log and notify-me mail, pictures before videos', async () => {
    const slug = 'csv-lantern-3';
    const product = await productBySlug(slug);
    const id = product?.id ?? 0;
    await ctx.database.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, id));
    expect(
      (await post('notify-me', { product_id: id, email: 'lantern@shoppers.example' }, null)).statusCode,
    ).toBe(200);
    await ctx.database.db
      .insert(productGallery)
      .values({ productId: id, type: 'Video', videoLink: 'https://www.youtube.com/embed/x', position: 0 });
    const pictures = rowsOf<{ id: number }>(
      await ctx.database.db.execute(
        sql`INSERT INTO uploaded_images (width, height) VALUES (800, 600), (640, 480) RETURNING id`,
      ),
    ).map((row) => row.id);
    const columns = ['slug', 'title', 'description', 'price', 'stock', 'category', 'images'];
    const csv = csvOf(
      [
        {
          slug,
          title: 'Zanzibar lantern, brass',
          description: '<p>Brass</p><script>alert(1)</script>',
          price: '31.50',
          stock: '6',
          category: knownPath,
          images: `${pictures[1]}.webp|${ctx.app.deps.accounts.publicUrl}/backend/api/images/uploaded/${pictures[0]}.webp`,
        },
      ],
      columns,
    );
    const applied = await report(csv, 'apply');
    expect(applied.errors).toEqual([]);
    expect(applied).toMatchObject({ applied: true, created: 0, updated: 1 });
    const updated = await productBySlug(slug);
    expect(updated).toMatchObject({
      title: 'Zanzibar lantern, brass',
      description: 'Brass',
      details: '<p>Brass</p>',
      price: 31.5,
      stockQuantity: 6,
      hot: true,
      shortDescription: 'Made for the import test',
      imageId: pictures[1],
    });
    const gallery = await ctx.database.db
      .select({
        type: productGallery.type,
        imageId: productGallery.imageId,
        position: productGallery.position,
      })
      .from(productGallery)
      .where(eq(productGallery.productId, id))
      .orderBy(productGallery.position);
    expect(gallery).toEqual([
      { type: 'Image', imageId: pictures[1], position: 0 },
      { type: 'Image', imageId: pictures[0], position: 1 },
      { type: 'Video', imageId: null, position: 2 },
    ]);
    const [move] = dataOf<StockLogPage>(await get(`admin/products/${id}/stock-log`)).items;
    expect(move).toMatchObject({ source: 'import', before: 0, after: 6 });
    expect(await mailsToIn(ctx, outbox, 'lantern@shoppers.example')).toHaveLength(1);
    // The export names the pictures by their address: the round trip keeps them.
    const row = parseCsv(await exported()).find((record) => record.fields[0] === slug)?.fields ?? [];
    expect(row[HEADER.indexOf('images')]).toBe(
      `/backend/api/images/uploaded/${pictures[1]}.webp|/backend/api/images/uploaded/${pictures[0]}.webp`,
    );
  });

  it("takes the description as the product editor's: sanitised HTML on the product page and in the editor, plain text for search", async () => {
    const html =
      '<p>Carved <strong>oak</strong>, by hand.</p><script>alert(1)</script><ul><li>Gift wrapped</li></ul>';
    const applied = await report(csvOf([newRow('csv-carved-box', { description: html })]), 'apply');
    expect(applied).toMatchObject({ applied: true, created: 1, errors: [] });
    const clean = '<p>Carved <strong>oak</strong>, by hand.</p><ul><li>Gift wrapped</li></ul>';
    const page = dataOf<{ item: ProductDetail }>(await get('products/by-slug/csv-carved-box', null));
    expect(page.item.details).toBe(clean);
    const saved = await productBySlug('csv-carved-box');
    expect(saved).toMatchObject({ details: clean, description: 'Carved oak, by hand. Gift wrapped' });
    const editor = dataOf<{ product: { description: string } }>(await get(`admin/products/${saved?.id}`));
    expect(editor.product.description).toBe(clean);
    const row = parseCsv(await exported()).find((record) => record.fields[0] === 'csv-carved-box')?.fields;
    expect(row?.[HEADER.indexOf('description')]).toBe(clean);
    const search = dataOf<ProductListing>(await get('products?q=Carved&per-page=100', null));
    expect(search.items.map((item) => item.slug)).toContain('csv-carved-box');

    const older = await upload(`${csvRecord([...HEADER, 'details'])}`, 'check');
    expect([older.statusCode, failureOf(older).error.message]).toEqual([
      400,
      expect.stringContaining('Line 1: there is no "details" column'),
    ]);
  });

  it('refuses pictures that are not uploaded here, and fetches nothing', async () => {
    const check = await report(
      csvOf([
        newRow('csv-remote-picture', { images: 'http://169.254.169.254/latest/meta-data/x.webp' }),
        newRow('csv-missing-picture', { images: '999999.webp' }),
      ]),
      'check',
    );
    expect(check.errors.map((error) => [error.line, error.reason])).toEqual([
      [2, expect.stringContaining('is not a picture uploaded to this shop')],
      [3, 'images: no uploaded picture 999999.webp'],
    ]);
  });

  it('refuses a file it cannot read with 400 and its line, whatever the line ends or BOM', async () => {
    const good = csvOf([newRow('csv-bom-crlf')]);
    const withBom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(good.replaceAll('\r\n', '\n')),
    ]);
    expect(await report(withBom, 'check')).toMatchObject({ created: 1, errors: [] });

    const broken = await upload(`${good}csv-x,"never closed\n`, 'check');
    expect(broken.statusCode).toBe(400);
    expect(failureOf(broken).error.message).toBe(
      'The CSV file cannot be read: Line 3: a quoted field is never closed.',
    );
    const unknown = await upload('slug,title,colour\nx,y,z\n', 'check');
    expect([unknown.statusCode, failureOf(unknown).error.message]).toEqual([
      400,
      expect.stringContaining('Line 1: unknown column "colour"'),
    ]);
    const missing = await upload('slug,title\nx,y\n', 'check');
    expect(failureOf(missing).error.message).toContain(
      'missing columns: description, price, stock, category',
    );
    const latin1 = await upload(Buffer.from(`${csvRecord(HEADER)}caf\xe9`, 'latin1'), 'check');
    expect([latin1.statusCode, failureOf(latin1).error.message]).toEqual([
      400,
      'The CSV file cannot be read: Line 2: the file is not UTF-8 text.',
    ]);
    const huge = await upload(Buffer.alloc(CATALOGUE_CSV_MAX_BYTES + 1, 'a'), 'check');
    expect([huge.statusCode, failureOf(huge).error.fields?.file]).toEqual([
      413,
      'The CSV file may be at most 20 MB: import the catalogue in parts.',
    ]);
    expect((await upload(good, 'maybe')).statusCode).toBe(400);
    expect((await upload(csvRecord(HEADER), 'check')).statusCode).toBe(400);
    expect((await upload(good, 'check', buyer)).statusCode).toBe(403);
  });

  it('audits every import with a summary: counts and slugs, not the rows', async () => {
    await report(csvOf([newRow('csv-audited')]), 'apply');
    const audit = dataOf<AuditPage>(await get('admin/audit?action=catalogue/import', owner));
    const [latest] = audit.items;
    expect(latest).toMatchObject({
      action: 'POST admin/catalogue/import',
      admin: { email: 'csv@gifts.example' },
      object_id: 'apply 1 rows',
      after: {
        mode: 'apply',
        applied: true,
        rows: 1,
        created: 1,
        updated: 0,
        created_slugs: ['csv-audited'],
      },
    });
    const counted = (snapshot: unknown) => (snapshot as { products?: number } | null)?.products ?? 0;
    expect(counted(latest?.before) + 1).toBe(counted(latest?.after));
  });
});
