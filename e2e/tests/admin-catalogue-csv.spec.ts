/**
 * Issue 22, proof 3: the owner imports a CSV of 500 products with one bad row on the back office's
 * Import / export page. The check names that row's line (a quoted two-line description before it
 * counts its lines) and writes nothing; after the fix the check is clean, the import writes all
 * 500, and the storefront's search finds them at once. The page passes axe and fits 390 px.
 */
import { expect, test } from '@playwright/test';
import { adminHeaders, blockingViolations, submitSignIn } from './admin';

const RUN = Date.now().toString(36);
const ROWS = 500;
const BAD_ROW = 317;
const HEADER = 'slug,title,short_description,description,price,stock,flags,category,specifications';

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

function catalogue(path: string, badPath: string): string {
  const lines = [HEADER];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(
      [
        `e2e-csv-${RUN}-${i}`,
        quoted(`Quokka lantern ${RUN} ${i}`),
        'Imported by the end-to-end test',
        // Two lines in one field: the rows after it start a line further down.
        quoted(i === 1 ? '<p>First line</p>\n<p>second line</p>' : `<p>Lantern ${i}</p>`),
        '19.90',
        '5',
        'hot',
        quoted(i === BAD_ROW ? badPath : path),
        quoted('*Material=Brass|Height=30 cm'),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

test('the owner checks a CSV of 500 products, sees the bad row by its line, fixes it and imports all 500', async ({
  page,
  request,
}) => {
  const options = await request.get('/backend/api/admin/products/options', {
    headers: await adminHeaders(request),
  });
  const { types } = (await options.json()).data as {
    types: { name: string; categories: { name: string; sub_categories: { name: string }[] }[] }[];
  };
  const type = types.find((entry) => entry.categories.some((category) => category.sub_categories.length > 0));
  const category = type?.categories.find((entry) => entry.sub_categories.length > 0);
  const path = `${type?.name} > ${category?.name} > ${category?.sub_categories[0]?.name}`;

  await page.goto('/admin/catalogue-csv');
  await submitSignIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Import / export' })).toBeVisible();

  const file = (text: string) => ({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByLabel('CSV file').setInputFiles(file(catalogue(path, `${type?.name} > Nowhere > At all`)));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `1 of ${ROWS} rows is in error. Nothing is written: correct the file and check it again.`,
  );
  // The header is line 1, row 1 takes lines 2-3: row n starts on line n + 2.
  const errors = page.getByRole('table', { name: 'Rows in error' });
  await expect(errors.getByRole('row').nth(1)).toContainText(
    `${BAD_ROW + 2}e2e-csv-${RUN}-${BAD_ROW}category: the type "${type?.name}" has no category "Nowhere"`,
  );
  await expect(page.getByRole('button', { name: 'Import the file' })).toBeDisabled();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByLabel('CSV file').setInputFiles(file(catalogue(path, path)));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `The file is fine: ${ROWS} products, ${ROWS} new, 0 to update. Nothing is written yet.`,
  );
  await page.getByRole('button', { name: 'Import the file' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Imported ${ROWS} products: ${ROWS} created, 0 updated. The shop shows them now.`,
  );

  // Every one of the 500 answers on the storefront (earlier runs' lanterns may match the words too).
  const found = await request.get(
    `/backend/api/products?q=${encodeURIComponent(`Quokka lantern ${RUN}`)}&per-page=1`,
  );
  expect(
    ((await found.json()).data as { _meta: { totalCount: number } })._meta.totalCount,
  ).toBeGreaterThanOrEqual(ROWS);
  const pages = await Promise.all(
    [1, 100, 250, 499, ROWS].map((i) => request.get(`/backend/api/products/by-slug/e2e-csv-${RUN}-${i}`)),
  );
  expect(pages.map((answer) => answer.status())).toEqual([200, 200, 200, 200, 200]);
  await page.goto(`/product/e2e-csv-${RUN}-${BAD_ROW}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Quokka lantern ${RUN} ${BAD_ROW}` }),
  ).toBeVisible();

  await page.goto('/admin/catalogue-csv');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Import / export' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
