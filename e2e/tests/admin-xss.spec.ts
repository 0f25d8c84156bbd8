/**
 * Issue 21, security: stored XSS. A shopper puts script payloads into everything the back office
 * later shows (their name, a shipping address, gift texts, a proof's comments, a message, a
 * product question, a review, a contact inquiry), through the shop's own API as the shop's forms
 * send them. The owner then opens every admin page that shows them: the payloads are shown as
 * literal text, no script runs (window.__xss stays undefined, no dialog opens), no element of a
 * payload is made and no link leads to javascript:.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from './admin';
import {
  addShippingAddress,
  type CatalogueCard,
  checkOutMemberCart,
  memberHeaders,
  PROOF_PNG,
  registration,
  type SignedUpMember,
  uniqueEmail,
} from './shopper';

/** The payloads, each a classic way in: an attribute handler, a closed attribute, a URL. */
const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '"><script>window.__xss=1</script>';
const SVG = '<svg onload=alert(document.domain)>';
const LINK = '<a href="javascript:window.__xss=1">open</a>';
const JS_URL = 'javascript:window.__xss=1';

/** The gift texts a product may offer. */
type GiftText = 'to_whom' | 'from' | 'message';

interface GiftCard extends CatalogueCard {
  title: string;
}

/** An in-stock product with a receiver's name among its gift texts; answers it and its text options. */
async function giftableProduct(page: Page): Promise<{ product: GiftCard; options: GiftText[] }> {
  const listed = await page.request.get('/backend/api/products?customizable=1&stock=1&per-page=100');
  for (const product of (await listed.json()).data.items as GiftCard[]) {
    if (product.stock_quantity < 5) continue;
    const offered = (
      await (await page.request.get(`/backend/api/products/customizations/${product.id}`)).json()
    ).data as Record<string, unknown> | null;
    if (!offered?.to_whom_customization) continue;
    const options = (['to_whom', 'from', 'message'] satisfies GiftText[]).filter(
      (option) => offered[`${option}_customization`],
    );
    return { product, options };
  }
  throw new Error('the seed has no in-stock product with a receiver name');
}

/** No payload ran or became an element on the page as it stands, and every one is shown as text. */
async function expectInert(page: Page, dialogs: string[], shown: string[]): Promise<void> {
  const main = page.locator('main');
  for (const text of shown) await expect(main).toContainText(text);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // Elements a payload would make: none, whether or not its handler has fired yet.
  const made = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"], svg[onload]').length,
    scripts: [...document.scripts].filter((script) => script.text.includes('__xss')).length,
  }));
  expect(made).toEqual({ images: 0, scripts: 0 });
  // By the attribute, so an <a> an SVG would hold (no .protocol there) counts too.
  const scriptLinks = await page
    .locator('a[href]')
    .evaluateAll((links) =>
      links.map((link) => link.getAttribute('href') ?? '').filter((href) => /^\s*javascript:/i.test(href)),
    );
  expect(scriptLinks).toEqual([]);
}

test('payloads a shopper stores are shown as text on every admin page, and none runs', async ({ page }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const api = page.request;

  // The shopper's name, as the Sign Up dialog sends it.
  const email = uniqueEmail('xss');
  const registered = await api.post('/backend/api/buyers/register', {
    data: { ...registration(email), first_name: IMG, last_name: SCRIPT },
  });
  expect(registered.status()).toBe(201);
  const shopper = (await registered.json()).data.user as SignedUpMember;
  const headers = memberHeaders(shopper);

  // A gift with payloads for texts, shipped to an address of payloads, paid by transfer.
  const { product, options } = await giftableProduct(page);
  const cart = (
    await (await api.post('/backend/api/cart/add', { headers, data: { product_id: product.id } })).json()
  ).data;
  const customized = await api.post('/backend/api/cart/add-customization', {
    headers,
    multipart: {
      selectedItems: JSON.stringify(options),
      toWhom: SVG,
      from: SCRIPT,
      note: LINK,
      brief: IMG,
      cart_item_id: String(cart.items[0].id),
      product_id: String(product.id),
    },
  });
  expect(customized.ok()).toBe(true);
  const addressId = await addShippingAddress(api, shopper, {
    first_name: SVG,
    last_name: SCRIPT,
    city: JS_URL,
    address: LINK,
  });
  const order = await checkOutMemberCart(api, shopper, addressId, 'Money Exchange Transfer');
  const proof = await api.post('/backend/api/buyer-orders/proof-of-payment', {
    headers,
    multipart: {
      order_id: String(order.id),
      comments: `${IMG} ${JS_URL}`,
      file: { name: '<img src=x onerror=window.__xss=1>.png', mimeType: 'image/png', buffer: PROOF_PNG },
    },
  });
  expect(proof.ok()).toBe(true);

  // A message to the shop, a product question, a review and a contact inquiry.
  const subject = `${SCRIPT} ${Date.now()}`;
  const sent = await api.post('/backend/api/buyer-messages/send-message', {
    headers,
    data: { subject, message: `${IMG} ${LINK}` },
  });
  expect(sent.status()).toBe(201);
  // At least 50 characters, as the question form asks.
  const question = `${SVG} Is the lid hinged or does it lift off? (${Date.now()})`;
  const asked = await api.post('/backend/api/product-questions/create', {
    data: { product_id: product.id, questioner_name: SCRIPT, questioner_email: email, question },
  });
  expect(asked.status()).toBe(201);
  const detail = await api.get(`/backend/api/buyer-orders/${order.id}`, { headers });
  const item = (await detail.json()).data.order.ordered_products[0] as { id: number };
  const review = `${IMG} ${Date.now()}`;
  const reviewed = await api.post('/backend/api/product-reviews/create', {
    headers,
    data: { product_id: product.id, item_id: item.id, order_id: order.id, rating: 5, comments: review },
  });
  expect(reviewed.ok()).toBe(true);
  const sender = uniqueEmail('xss-contact');
  const inquired = await api.post('/backend/api/contact-us', {
    data: { full_name: IMG, email: sender, message: `${SCRIPT} ${LINK}` },
  });
  expect(inquired.status()).toBe(201);

  // The owner opens every page that shows them.
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.number);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('queue-order')).toHaveCount(1);
  await expectInert(page, dialogs, [`${IMG} ${SCRIPT}`]);

  await page.getByTestId('queue-order').getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  const texts: Record<GiftText, string> = { to_whom: SVG, from: SCRIPT, message: LINK };
  await expectInert(page, dialogs, [
    `${SVG} ${SCRIPT}`,
    JS_URL,
    LINK,
    IMG,
    ...options.map((option) => texts[option]),
    `Buyer’s comments: ${IMG} ${JS_URL}`,
  ]);

  await page.getByRole('link', { name: 'Packing slip' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order.number);
  await expectInert(page, dialogs, [`${SVG} ${SCRIPT}`, LINK, ...options.map((option) => texts[option])]);

  await page.getByRole('link', { name: 'Inbox', exact: true }).click();
  const thread = page.getByTestId('inbox-thread').filter({ hasText: subject });
  await expect(thread).toBeVisible();
  await expectInert(page, dialogs, [subject, `${IMG} ${SCRIPT}`]);
  await thread.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expectInert(page, dialogs, [`${IMG} ${LINK}`, `${IMG} ${SCRIPT}`]);

  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await page.getByRole('link', { name: 'New thread', exact: true }).click();
  await page.getByLabel('Find the buyer').fill(email);
  await page.getByLabel('Find the buyer').press('Enter');
  await expect(page.getByRole('radio', { name: new RegExp(email) })).toBeVisible();
  await expectInert(page, dialogs, [`${IMG} ${SCRIPT}`]);

  await page.getByRole('link', { name: 'Contact inquiries', exact: true }).click();
  const inquiry = page.getByTestId('inquiry').filter({ hasText: sender });
  await expect(inquiry).toBeVisible();
  await expectInert(page, dialogs, [IMG]);
  await inquiry.getByRole('link', { name: IMG }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Inquiry from ${IMG}` })).toBeVisible();
  await expectInert(page, dialogs, [`${SCRIPT} ${LINK}`]);

  await page.getByRole('link', { name: 'Moderation', exact: true }).click();
  await expect(page.getByTestId('held-question').filter({ hasText: question })).toBeVisible();
  await expectInert(page, dialogs, [question, SCRIPT]);
  await page.getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(page.getByTestId('review').filter({ hasText: review })).toBeVisible();
  await expectInert(page, dialogs, [review]);

  await page.getByRole('link', { name: 'Notifications', exact: true }).click();
  await page.getByLabel('Find the buyer').fill(email);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByRole('radio', { name: new RegExp(email) })).toBeVisible();
  await expectInert(page, dialogs, [`${IMG} ${SCRIPT}`]);
});
