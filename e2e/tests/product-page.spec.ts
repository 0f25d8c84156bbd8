import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

interface ListedProduct {
  slug: string;
  title: string;
  in_stock: boolean;
}

/** A product from the API's listing that matches `wanted` (scans page by page). */
async function findProduct(
  request: APIRequestContext,
  wanted: (product: ListedProduct) => boolean,
): Promise<ListedProduct> {
  for (let page = 1; page <= 20; page += 1) {
    const response = await request.get(`/backend/api/products?per-page=50&page=${page}`);
    const body = (await response.json()) as {
      data: { items: ListedProduct[]; _meta: { pageCount: number } };
    };
    const found = body.data.items.find(wanted);
    if (found) return found;
    if (page >= body.data._meta.pageCount) break;
  }
  throw new Error('no product in the seed matches');
}

async function openProduct(page: Page, product: ListedProduct): Promise<void> {
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const QUESTION = 'Does this come gift wrapped, and can I add a personal card with my own message?';

test.describe('product detail page', () => {
  test('tabs switch with the mouse and the arrow keys; the page carries Product JSON-LD', async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, (item) => item.in_stock);
    await openProduct(page, product);
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(product.title)));

    const info = page.getByRole('tablist', { name: 'Product information' });
    const overview = info.getByRole('tab', { name: 'Overview' });
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await overview.focus();
    await page.keyboard.press('End');
    const last = info.getByRole('tab').last();
    await expect(last).toBeFocused();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(overview).toBeFocused();

    // Q&A and reviews load when scrolled near.
    await page.locator('footer').scrollIntoViewIfNeeded();
    const qa = page.getByRole('tablist', { name: 'Questions and reviews' });
    await qa.getByRole('tab', { name: 'Reviews' }).click();
    await expect(qa.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');

    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(jsonLd ?? '{}') as {
      '@type': string;
      name: string;
      offers: { priceCurrency: string };
    };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(product.title);
    expect(data.offers.priceCurrency).toBe('USD');
  });

  test('the ask-question form shows each message once, then accepts a good question', async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, () => true);
    await openProduct(page, product);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.getByRole('tab', { name: 'Q&A' }).click();
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a question' });

    await dialog.getByRole('button', { name: 'Submit Question' }).click();
    await expect(dialog.getByText('Please enter your name')).toHaveCount(1);
    await expect(dialog.getByText('Please enter your email address')).toHaveCount(1);
    await expect(dialog.getByText('Please enter your question')).toHaveCount(1);

    await dialog.getByLabel('Your name').fill('Ann Buyer');
    await dialog.getByLabel('Email address').fill('ann@example.com');
    await dialog.getByLabel('Your question').fill('Too short');
    await expect(dialog.getByText('9 / 200 Characters only')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Question' }).click();
    await expect(dialog.getByText('Question must have at least 50 characters')).toHaveCount(1);

    await dialog.getByLabel('Your question').fill(QUESTION);
    await dialog.getByRole('button', { name: 'Submit Question' }).click();
    await expect(dialog.getByRole('status')).toContainText('question has been submitted');
    // Success closes the dialog after 5 s.
    await expect(dialog).toBeHidden({ timeout: 8000 });
  });

  test('an out-of-stock product offers Notify Me', async ({ page, request }) => {
    const product = await findProduct(request, (item) => !item.in_stock);
    await openProduct(page, product);
    await expect(page.getByText('Out of Stock').first()).toBeVisible();
    await page.getByRole('button', { name: 'Notify Me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notify me when available' });
    await dialog.getByLabel('Email address').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Notify Me' }).click();
    await expect(dialog.getByText('Email must be a valid email address')).toBeVisible();
    await dialog.getByLabel('Email address').fill('ann@example.com');
    await dialog.getByRole('button', { name: 'Notify Me' }).click();
    await expect(dialog.getByRole('status')).toContainText('back in stock');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the share dialog traps focus and closes on Escape', async ({ page, request }) => {
    const product = await findProduct(request, () => true);
    await openProduct(page, product);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this product' });
    const facebook = dialog.getByRole('link', { name: 'Share on Facebook' });
    await expect(facebook).toHaveAttribute(
      'href',
      new RegExp(encodeURIComponent(`/product/${product.slug}`)),
    );
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Share' })).toBeFocused();
  });
});

test.describe('content and contact pages', () => {
  test('a content page shows its heading and content', async ({ page }) => {
    await page.goto('/shipping');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(escapeRegExp((await heading.textContent()) ?? '')));
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the contact form validates and sends an inquiry', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Please enter your name')).toHaveCount(1);
    await expect(form.getByText('Please enter your inquiry')).toHaveCount(1);
    await form.getByLabel('Full name').fill('Ann Buyer');
    await form.getByLabel('Email address').fill('ann@example.com');
    await form.getByLabel('Your inquiry').fill('Do you deliver gifts to Beirut on weekends?');
    await expect(form.getByText('43 / 300 Characters only')).toBeVisible();
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toContainText('Thank you for contacting us');
  });
});
