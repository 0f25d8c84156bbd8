/**
 * Issue 22's proof: the owner manages the catalogue and the site's content from the back office,
 * and the storefront shows each change at once.
 * 1. A product with two pictures, a specification and a customization option, created in the
 *    editor, is on the listing, in search and suggestions and on its page, in AED too.
 * 2. Its price raised and its stock set to 1: the storefront shows both, with the last-piece message.
 * 3. A CSV of 500 products with one bad row: the check names that row's line; fixed, all 500 appear.
 * 4. A hero slide replaced and the shipping page edited: both show on the storefront.
 * 5. The AED rate changed: the cart shows the new figure.
 * What the journey changed in the shared shop (the slide, the page, the rate, the products) is put
 * back at the end through the API, so the journeys after it see the seeded shop.
 */

import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminHeaders, signInAt } from './admin';
import { shopperStorageState } from './origins';

/** Letters only (a word the search reads whole), different on every run. */
const runTag = (prefix: string) =>
  `${prefix}${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a')}`;

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A real picture: a 900 px square PNG of one colour (`[r, g, b]`), which the server decodes and resizes. */
function picture([r, g, b]: readonly [number, number, number], side = 900): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + side * 3);
  for (let x = 0; x < side; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: side }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Envelope<T> {
  data: T;
}

async function apiGet<T>(
  request: APIRequestContext,
  path: string,
  headers?: Record<string, string>,
): Promise<T> {
  const answer = await request.get(`/backend/api/${path}`, { headers });
  expect(answer.ok(), `GET ${path}`).toBe(true);
  return ((await answer.json()) as Envelope<T>).data;
}

/** A shopper's own page (the shop's storage apart from the owner's). */
async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: shopperStorageState() });
  return context.newPage();
}

/** Chooses the first real option of a select (not the empty "Choose…" one). */
async function chooseFirst(page: Page, label: string): Promise<void> {
  const select = page.getByLabel(label, { exact: true });
  await expect(select.locator('option:not([value=""])').first()).toBeAttached();
  const value = await select.locator('option:not([value=""])').first().getAttribute('value');
  await select.selectOption(value ?? '');
}

/** A product's category path as the CSV names it, from a product of the storefront. */
async function categoryPath(request: APIRequestContext): Promise<string> {
  const listing = await apiGet<{ items: { slug: string }[] }>(request, 'products?per-page=1');
  const slug = listing.items[0]?.slug;
  if (!slug) throw new Error('no product in the shop');
  const { item } = await apiGet<{
    item: { type: { name: string }; category: { name: string }; subCategory: { name: string } };
  }>(request, `products/by-slug/${slug}`);
  const { type, category, subCategory } = item;
  return `${type.name} > ${category.name} > ${subCategory.name}`;
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * 500 products under `path`; row `badAt` (0-based) gets a price no one can read, and `archived`
 * adds the column that takes them all off the storefront again.
 */
function catalogueCsv(tag: string, path: string, { badAt = -1, archived = false } = {}): Buffer {
  const lines = [`slug,title,description,price,stock,category${archived ? ',archived' : ''}`];
  for (let row = 0; row < 500; row += 1) {
    const price = row === badAt ? 'twelve' : `${10 + (row % 40)}.50`;
    // The first row's description spans two lines (quoted): every line number after it moves down one.
    const description =
      row === 0 ? '<p>Made for the import.</p>\n<p>Second line.</p>' : '<p>Made for the import.</p>';
    const cells = [`${tag}-item-${row + 1}`, `${tag} item ${row + 1}`, description, price, '7', path];
    if (archived) cells.push('true');
    lines.push(cells.map(csvCell).join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const csvFile = (buffer: Buffer) => ({ name: 'products.csv', mimeType: 'text/csv', buffer });

test('the owner manages the catalogue and the content, and the storefront shows each change', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await adminHeaders(request);
  const productTag = runTag('quokka');
  const importTag = runTag('bulk');
  const title = `${productTag} lantern`;
  const restore: (() => Promise<unknown>)[] = [];

  try {
    await signInAt(page);

    // 1. A product with two pictures, a specification and a customization option.
    await page.goto('/admin/products/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Short description', { exact: true }).fill('A lantern for the e2e journey.');
    await page.getByLabel('Description', { exact: true }).fill('<p>Warm <strong>light</strong>.</p>');
    await page.getByLabel('Price (USD)', { exact: true }).fill('20.00');
    await page.getByLabel('Stock', { exact: true }).fill('5');
    await chooseFirst(page, 'Product type');
    await chooseFirst(page, 'Category');
    await chooseFirst(page, 'Sub-category');
    await page.getByRole('button', { name: 'Add a specification' }).click();
    await page.getByLabel('Specification 1 name').fill('Material');
    await page.getByLabel('Specification 1 value').fill('Brass');
    await page.getByLabel('Customizable', { exact: true }).check();
    await page.getByLabel('Message', { exact: true }).check();
    await page.getByLabel('Customization price per piece (USD)').fill('3.00');
    for (const [n, colour] of [
      [1, [176, 58, 46]],
      [2, [31, 97, 141]],
    ] as const) {
      await page.getByRole('button', { name: 'Add a picture' }).click();
      await page.getByLabel(`Upload a picture ${n}`).setInputFiles({
        name: `lantern-${n}.png`,
        mimeType: 'image/png',
        buffer: picture(colour),
      });
      await expect(page.getByRole('img', { name: `Picture ${n} (uploaded)` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('The product is created. The storefront shows it now.')).toBeVisible();
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(productId).toBeGreaterThan(0);
    restore.push(() =>
      request.post(`/backend/api/admin/products/${productId}/archive`, { headers: admin, data: {} }),
    );
    const { product: saved } = await apiGet<{ product: { slug: string } }>(
      request,
      `admin/products/${productId}`,
      admin,
    );

    const shop = await shopperPage(browser);
    // The listing, newest first.
    await shop.goto('/products?sort=newest-to-oldest');
    await expect(shop.getByRole('link', { name: title }).first()).toBeVisible();
    // The search.
    await shop.goto(`/products?q=${productTag}`);
    await expect(shop.getByRole('heading', { level: 1, name: 'Products (1)' })).toBeVisible();
    await expect(shop.getByRole('link', { name: title }).first()).toBeVisible();
    // The suggestions.
    await shop.goto('/');
    await shop.getByRole('combobox', { name: 'Search products' }).fill(productTag);
    await expect(
      shop.getByRole('group', { name: 'Suggestions' }).getByRole('option', { name: new RegExp(title) }),
    ).toBeVisible();
    // The product page: title, price, the two uploaded pictures, the specification.
    await shop.goto(`/product/${saved.slug}`);
    await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(shop.getByRole('main').getByTestId('price').first()).toContainText('20.00');
    await expect(shop.locator('img[src*="/images/uploaded/"]').first()).toBeVisible();
    await shop.getByRole('tab', { name: 'Specification' }).click();
    await expect(shop.getByText('Brass')).toBeVisible();
    // In AED.
    await shop.getByLabel('Currency').selectOption('AED');
    await expect(shop.getByRole('main').getByTestId('price').first()).toContainText('AED');

    // 2. The price raised and the stock lowered to 1.
    await page.getByLabel('Price (USD)', { exact: true }).fill('26.00');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('The product is saved. The storefront shows the change now.')).toBeVisible();
    await page.getByLabel('Set the stock to').check();
    await page.getByLabel('New stock').fill('1');
    await page.getByLabel('Reason (kept in the stock log)').fill('Counted the shelf');
    await page.getByRole('button', { name: 'Save the stock' }).click();
    await expect(page.getByRole('region', { name: 'Stock' })).toContainText('1 piece in stock');

    await shop.getByLabel('Currency').selectOption('USD');
    await shop.reload();
    await expect(shop.getByRole('main').getByTestId('price').first()).toContainText('26.00');
    await expect(shop.getByText('Only 1 left in stock')).toBeVisible();

    // 3. A CSV of 500 products with one bad row: its line is named; fixed, all 500 appear.
    const path = await categoryPath(request);
    restore.push(() =>
      request.post('/backend/api/admin/catalogue/import', {
        headers: admin,
        multipart: { mode: 'apply', file: csvFile(catalogueCsv(importTag, path, { archived: true })) },
      }),
    );
    await page.goto('/admin/catalogue-csv');
    const fileInput = page.getByLabel('CSV file');
    await fileInput.setInputFiles(csvFile(catalogueCsv(importTag, path, { badAt: 250 })));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByText('1 of 500 rows is in error.', { exact: false })).toBeVisible();
    const errors = page.getByRole('table', { name: 'Rows in error' });
    // The header is line 1 and the first product takes two: the 251st product is on line 253.
    await expect(errors.getByRole('row').nth(1)).toContainText('253');
    await expect(errors.getByRole('row').nth(1)).toContainText(`${importTag}-item-251`);
    await fileInput.setInputFiles(csvFile(catalogueCsv(importTag, path)));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByText('The file is fine: 500 products, 500 new, 0 to update.')).toBeVisible();
    await page.getByRole('button', { name: 'Import the file' }).click();
    await expect(page.getByText('Imported 500 products: 500 created, 0 updated.')).toBeVisible();
    await shop.goto(`/products?q=${importTag}`);
    await expect(shop.getByRole('heading', { level: 1, name: 'Products (500)' })).toBeVisible();

    // 4. A hero slide replaced, the shipping page edited.
    const slides = await apiGet<{ items: { id: number; title: string }[] }>(request, 'hero-slides');
    const first = slides.items[0];
    if (!first) throw new Error('no hero slide');
    const home = await apiGet<{
      slides: {
        id: number;
        title: string;
        sub_title: string;
        button_text: string;
        button_link: string;
        offer_tag: string | null;
        image: { id: number } | null;
      }[];
    }>(request, 'admin/home', admin);
    const slideRow = home.slides.find((slide) => slide.id === first.id);
    if (slideRow) {
      const { id, image, ...fields } = slideRow;
      restore.push(() =>
        request.put(`/backend/api/admin/home/slides/${id}`, {
          headers: admin,
          data: { ...fields, image_id: image?.id ?? null },
        }),
      );
    }
    const slideTitle = `${runTag('spring')} gifts`;
    await page.goto('/admin/home');
    await page.getByRole('button', { name: `Edit ${first.title}` }).click();
    const slideForm = page.getByRole('form', { name: new RegExp(first.title) });
    await slideForm.getByLabel('Title', { exact: true }).fill(slideTitle);
    await slideForm.getByLabel('Upload a picture').setInputFiles({
      name: 'hero.png',
      mimeType: 'image/png',
      buffer: picture([125, 60, 152]),
    });
    await expect(slideForm.getByRole('img', { name: 'Picture (uploaded)' })).toBeVisible();
    await slideForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: `Edit ${slideTitle}` })).toBeVisible();

    const shippingBefore = await apiGet<{ page: { heading: string; content: string } }>(
      request,
      'admin/pages/shipping',
      admin,
    );
    restore.push(() =>
      request.put('/backend/api/admin/pages/shipping', {
        headers: admin,
        data: { heading: shippingBefore.page.heading, content: shippingBefore.page.content },
      }),
    );
    const shippingLine = `Parcels leave within one day (${runTag('note')}).`;
    await page.goto('/admin/pages/shipping');
    const content = page.getByLabel('Content (HTML)');
    await content.fill(`<p>${shippingLine}</p><script>alert(1)</script>`);
    await page.getByRole('button', { name: 'Preview' }).click();
    // The preview is the sanitised page in a sandboxed frame: the text, and no script.
    const preview = page.frameLocator('iframe[title="The page as the shop will show it"]');
    await expect(preview.getByText(shippingLine)).toBeVisible();
    await expect(preview.locator('script')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Saved: the shop shows/)).toBeVisible();

    await shop.goto('/');
    await expect(shop.getByText(slideTitle).first()).toBeVisible();
    await expect(shop.locator('img[src*="/images/uploaded/"]').first()).toBeAttached();
    await shop.goto('/shipping');
    await expect(shop.getByText(shippingLine)).toBeVisible();
    expect(await shop.locator('main script').count()).toBe(0);

    // 5. The AED rate changed: the cart shows it.
    const currencies = await apiGet<{
      items: {
        code: string;
        symbol: string;
        exchange_rate: number;
        decimal_places: number;
        position: number;
      }[];
    }>(request, 'admin/currencies', admin);
    const aed = currencies.items.find((currency) => currency.code === 'AED');
    if (!aed) throw new Error('no AED');
    const { symbol, exchange_rate, decimal_places, position } = aed;
    restore.push(() =>
      request.put('/backend/api/admin/currencies/AED', {
        headers: admin,
        data: { symbol, exchange_rate, decimal_places, position },
      }),
    );
    await page.goto('/admin/currencies');
    const aedForm = page.getByRole('form', { name: 'AED' });
    await aedForm.getByLabel('Rate per 1 USD').fill('4');
    await aedForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved: AED is shown at its new figures now.')).toBeVisible();

    await shop.goto(`/product/${saved.slug}`);
    // The add is answered before the cart page is opened (a guest's first add makes the cart).
    await Promise.all([
      shop.waitForResponse((answer) => answer.url().includes('/backend/api/cart/add') && answer.ok()),
      shop.getByRole('button', { name: 'Add to Cart' }).first().click(),
    ]);
    await shop.goto('/cart');
    await shop.getByLabel('Currency').selectOption('AED');
    // 26.00 USD at 4 AED: 104.00.
    await expect(shop.getByTestId('cart-subtotal')).toContainText('104.00');
  } finally {
    for (const undo of restore.reverse()) await undo().catch(() => undefined);
  }
});
