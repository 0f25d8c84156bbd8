import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/** 1×1 PNG: a real image, recognised by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Card {
  id: number;
  slug: string;
  title: string;
  in_stock: boolean;
  stock_quantity: number;
  has_packaging: boolean;
}

async function listing(request: APIRequestContext, query: string): Promise<Card[]> {
  const answer = await request.get(`/backend/api/products?${query}`);
  return (await answer.json()).data.items as Card[];
}

/** An in-stock product with packaging whose customization offers a logo and a special note. */
async function giftableProduct(request: APIRequestContext): Promise<Card> {
  for (const product of await listing(request, 'customizable=1&stock=1&per-page=100')) {
    if (!product.has_packaging || product.stock_quantity < 5) continue;
    const options = (await (await request.get(`/backend/api/products/customizations/${product.id}`)).json())
      .data;
    if (options?.logo_customization && options.message_customization) return product;
  }
  throw new Error('the seed has no customizable product with a logo, a note and packaging');
}

async function addToCartFromProductPage(page: Page, product: Card): Promise<void> {
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
}

test.describe('cart, gift options and wishlist', () => {
  test('a shopper customizes a line with a logo and a note, packages it, and sees both costs in any currency', async ({
    page,
    request,
  }) => {
    const product = await giftableProduct(request);
    await addToCartFromProductPage(page, product);
    const line = page.getByTestId('cart-line');

    await line.getByRole('button', { name: /^Customize/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize Your Gift' });
    await expect(dialog.getByText('Customization cost is non-refundable.')).toBeVisible();
    // Nothing chosen: the spec's message, for 5 s.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Pelase select at least one option.')).toBeVisible();

    await dialog.getByRole('checkbox', { name: 'Logo or image' }).check();
    await dialog.getByRole('checkbox', { name: 'Special note' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Upload logo/Image.')).toBeVisible();
    await expect(dialog.getByText('Pelase enter a special note.')).toBeVisible();

    const upload = dialog.getByLabel('Upload logo or image');
    // Named and declared as a PNG, but not one: the server knows by the bytes.
    await upload.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Happy birthday, Sam!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText('Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png'),
    ).toBeVisible();
    // Over 1 MB.
    await upload.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]),
    });
    await expect(dialog.getByText('Maximum allowed size is 1MB.')).toBeVisible();

    await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: /logo/i })).toBeVisible();
    await expect(dialog.getByText('20 / 300', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText('Your selection(s) for the customization of the item is added.'),
    ).toBeVisible();
    // Closing applies the cart the save answered.
    await dialog.getByRole('button', { name: 'Close' }).click();
    const customization = line.getByTestId('line-customization');
    await expect(customization).toContainText('Happy birthday, Sam!');
    await expect(customization).toContainText(/Customization: \$\d/);
    await expect(page.getByText('Customization cost is non-refundable.')).toBeVisible();

    await line.getByRole('button', { name: /^Add packaging/ }).click();
    const packaging = page.getByRole('dialog', { name: 'Gift Packaging' });
    await packaging.getByRole('button', { name: 'Save' }).click();
    await expect(packaging.getByText('Please select an option')).toBeVisible();
    const select = packaging.getByLabel('Select an Option');
    const firstOption = await select.locator('option:not([value=""])').first().getAttribute('value');
    await select.selectOption(firstOption ?? '');
    await packaging.getByRole('button', { name: 'Save' }).click();
    await expect(packaging.getByText('Your selection for the packaging of the item is added.')).toBeVisible();
    await packaging.getByRole('button', { name: 'Close' }).click();
    await expect(line.getByTestId('line-packaging')).toContainText(/Packaging: .+ \$\d/);

    // The whole line: unit price + customization + packaging.
    const usdTotal = await line.getByTestId('line-total').textContent();

    await page.getByLabel('Currency').selectOption('AED');
    await expect(line.getByTestId('line-customization')).toContainText(/Customization: AED/);
    await expect(line.getByTestId('line-packaging')).toContainText(/AED/);
    await expect(line.getByTestId('line-total')).not.toHaveText(usdTotal ?? '');
    await expect(page.getByTestId('cart-subtotal')).toContainText('AED');

    // A reload keeps all of it: the cart and its logo live on the server.
    await page.reload();
    await expect(page.getByTestId('line-customization')).toContainText('Happy birthday, Sam!');
    await expect(page.getByTestId('line-packaging')).toContainText('AED');
  });

  test('a quantity past the stock is refused with a clear message', async ({ page, request }) => {
    const low = (await listing(request, 'stock=1&per-page=100')).find(
      (product) => product.stock_quantity >= 1 && product.stock_quantity <= 3,
    );
    if (!low) throw new Error('the seed has no product with 1-3 pieces in stock');
    await addToCartFromProductPage(page, low);
    const line = page.getByTestId('cart-line');
    for (let quantity = 2; quantity <= low.stock_quantity; quantity++) {
      await line.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(line.getByTestId('cart-quantity')).toHaveText(String(quantity));
    }
    await line.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(line.getByRole('alert')).toHaveText(
      `Only ${low.stock_quantity} of "${low.title}" left in stock.`,
    );
    await expect(line.getByTestId('cart-quantity')).toHaveText(String(low.stock_quantity));
  });

  test('a heart signed out asks for the wishlist e-mail, fills, and the item moves to the cart from /wishlist', async ({
    page,
  }) => {
    await page.goto('/products?stock=1');
    const card = page.getByRole('article').first();
    const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
    const heart = card.getByRole('button', { name: `Add to wishlist: ${title}` });

    // Signed out, the wishlist overlay asks the shopper to sign in or sign up.
    await page.getByRole('button', { name: /Wishlist/ }).click();
    const overlay = page.getByRole('dialog', { name: 'Wishlist summary' });
    await expect(overlay).toContainText('Please Sign in or Sign up to add an item into your wishlist');
    await expect(overlay.getByRole('button', { name: 'New customer? Start here' })).toBeVisible();
    await page.keyboard.press('Escape');

    await heart.click();
    const popup = page.getByRole('dialog', { name: 'Wishlist' });
    await popup.getByLabel('Email address').fill(`wish-${Date.now()}@example.com`);
    await popup.getByRole('button', { name: 'Submit' }).click();
    await expect(card.getByRole('button', { name: `Remove from wishlist: ${title}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('wishlist-count')).toHaveText('1');
    await expect(popup).toBeHidden({ timeout: 8000 });

    await page.getByRole('button', { name: /Wishlist/ }).click();
    await page.getByRole('link', { name: 'Go To Wishlist' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const wished = page.getByTestId('wishlist-line');
    await expect(wished).toHaveCount(1);
    await expect(wished.getByRole('link', { name: title })).toBeVisible();

    await wished.getByRole('button', { name: /^Move to cart/ }).click();
    await expect(page.getByText('Item not found')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await expect(page.getByTestId('wishlist-count')).toHaveText('0');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line').getByRole('link', { name: title })).toBeVisible();
  });
});
