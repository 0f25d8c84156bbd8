import { expect, type Page, test } from '@playwright/test';

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: /^Products \(\d+\)$/ });
const countOf = async (page: Page) => Number((await heading(page).textContent())?.match(/\((\d+)\)/)?.[1]);

test.describe('browsing the catalogue', () => {
  test('search suggestions open past 2 characters and lead to a product', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('ca');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.fill('candle');
    const suggestions = page.getByRole('group', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Top Searched' })).toBeVisible();
    const first = (await suggestions.getByRole('option').first().textContent()) ?? '';
    await box.press('ArrowDown');
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  });

  test('Escape closes the suggestions; nothing matching says so', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('qqqxzzv');
    await expect(page.getByText('No matching found!')).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('a search with a typo still finds products', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search products' }).fill('candel');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=candel/);
    await expect(page.getByText('showing results for "candel"')).toBeVisible();
    expect(await countOf(page)).toBeGreaterThan(0);
    await expect(page.getByRole('article').first()).toContainText(/candle/i);
  });

  test('quick filter, attribute and price narrow the listing, counts follow, all kept in the URL', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(heading(page)).toBeVisible();
    const all = await countOf(page);

    // Checkboxes follow the URL, which the router updates in a transition: click, then wait.
    await page.getByRole('checkbox', { name: 'Hot Item' }).click();
    await expect(page.getByRole('checkbox', { name: 'Hot Item' })).toBeChecked();
    await expect(page).toHaveURL(/hot=1/);
    await expect.poll(() => countOf(page)).toBeLessThan(all);
    const hot = await countOf(page);

    // The first colour offered, with the count the server gives for it.
    const colour = page.getByRole('group', { name: 'Colour' }).getByRole('checkbox').first();
    const label = (await colour.evaluate((el) => el.parentElement?.textContent)) ?? '';
    const expected = Number(label.match(/\((\d+)\)/)?.[1]);
    await colour.click();
    await expect(colour).toBeChecked();
    await expect(page).toHaveURL(/f=/);
    await expect.poll(() => countOf(page)).toBe(expected);
    expect(expected).toBeLessThanOrEqual(hot);

    await page.getByLabel('From', { exact: true }).fill('30');
    await page.getByLabel('To', { exact: true }).fill('10');
    await expect(page.getByText('Please enter a value more than min value')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go' })).toBeDisabled();
    await page.getByLabel('To', { exact: true }).fill('-1000');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('1000');
    // The count may already satisfy the bound before the priced answer arrives: wait for that answer.
    const priced = page.waitForResponse(
      (answer) => answer.url().includes('/backend/api/products?') && answer.url().includes('price-min=30'),
    );
    await page.getByRole('button', { name: 'Go' }).click();
    await expect(page).toHaveURL(/price-min=30&price-max=1000&currency=USD/);
    const pricedBody = JSON.stringify(await (await priced).json());
    const pricedCount = Number(pricedBody.match(/"totalCount":(\d+)/)?.[1]);
    expect(pricedCount).toBeLessThanOrEqual(expected);
    await expect.poll(() => countOf(page)).toBe(pricedCount);

    // A shared link restores the same state.
    const url = page.url();
    const count = await countOf(page);
    await page.goto(url);
    await expect(page.getByRole('checkbox', { name: 'Hot Item' })).toBeChecked();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('30');
    await expect.poll(() => countOf(page)).toBe(count);
  });

  test('the keyword filter checks its text', async ({ page }) => {
    await page.goto('/products');
    const keyword = page.getByRole('textbox', { name: 'Keyword' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Please enter value')).toBeVisible();
    await keyword.fill('ab');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Please enter atlest 3 letters')).toBeVisible();
    await keyword.fill('mug');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/q=mug/);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).not.toHaveURL(/q=mug/);
  });

  test('sorting by price, paging, and the back button restore each state', async ({ page }) => {
    await page.goto('/products');
    await page.getByLabel('Sort by').selectOption('low-to-high');
    await expect(page).toHaveURL(/sort=low-to-high/);
    const prices = page.getByRole('article').getByTestId('price');
    // The list re-renders when the sorted answer arrives: wait for 20 prices in ascending order.
    await expect
      .poll(async () => {
        const values = (await prices.allTextContents()).map((p) => Number(p.replace(/[^\d.]/g, '')));
        return values.length === 20 && values.every((v, i) => i === 0 || (values[i - 1] ?? 0) <= v);
      })
      .toBe(true);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/sort=low-to-high.*page=2|page=2.*sort=low-to-high/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('2');

    // Changing a filter starts again from page 1.
    await page.getByRole('checkbox', { name: 'In Stock' }).click();
    await expect(page.getByRole('checkbox', { name: 'In Stock' })).toBeChecked();
    await expect(page).not.toHaveURL(/page=2/);

    await page.goBack();
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('2');
    await expect(page.getByRole('checkbox', { name: 'In Stock' })).not.toBeChecked();
    await page.goBack();
    await expect(page.getByLabel('Sort by')).toHaveValue('low-to-high');
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('1');
  });

  test("the 'All' menu shows types, categories and sub-categories and links to the listing", async ({
    page,
  }) => {
    await page.goto('/');
    const all = page.getByRole('button', { name: 'All', exact: true });
    await all.click();
    const menu = page.getByRole('navigation', { name: 'All categories' });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const types = menu.getByRole('list', { name: 'Types' }).getByRole('link');
    await types.nth(1).hover();
    const typeName = ((await types.nth(1).textContent()) ?? '').replace('›', '').trim();
    await expect(menu.getByRole('list', { name: `Categories of ${typeName}` })).toBeVisible();
    const leaf = menu
      .getByRole('list', { name: /^Sub-categories of / })
      .getByRole('link')
      .first();
    await leaf.click();
    await expect(page).toHaveURL(/\/products\?type=[^&]+&category=[^&]+&subCategory=/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(typeName);

    await all.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(all).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('switching currency changes the prices shown on the listing', async ({ page }) => {
    await page.goto('/products');
    const firstPrice = page.getByRole('article').first().getByTestId('price');
    await expect(firstPrice).toHaveText(/^\$\d/);
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('AED');
    await expect(firstPrice).toHaveText(/^AED \d/);
  });

  test('the home page shows its sections and a pausable hero', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Gift Shop/);
    await expect(page.getByRole('heading', { name: 'Deal of the Day' })).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Deal ends in' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Exclusive Products' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause featured slides' }).click();
    await expect(page.getByRole('button', { name: 'Play featured slides' })).toBeVisible();
  });
});
