/**
 * Issue 21, the back office's conversations and moderation in the browser: the e2e admin (an
 * owner, made by the admin CLI) answers a shopper's message, which the shopper then reads in their
 * member messages; starts a thread about the shopper's order; reads and answers a contact inquiry
 * (mailed to its sender); shows a held product question, which then appears on the product page;
 * hides a review; and sends the shopper a notification. The message and the inquiry carry a
 * stored-XSS payload, shown as text and never run. The pages pass axe; the inbox and a thread fit
 * 390 and 320 px screens.
 */
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { blockingViolations, signInAt } from './admin';
import { SHOP_ORIGIN } from './origins';
import {
  type CatalogueCard,
  inStockProducts,
  mailsTo,
  memberHeaders,
  nth,
  type PlacedOrder,
  placeMemberOrder,
  type SignedUpMember,
  signUpMember,
  storeSession,
  uniqueEmail,
} from './shopper';

/** The e2e admin signed in through the back office's form, on the page `to` of the navigation. */
async function signInAdmin(page: Page, to: string): Promise<void> {
  await signInAt(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('link', { name: to, exact: true }).click();
}

/** Stored by a shopper; the admin pages show it as text, so it never runs. */
const XSS = '<img src=x onerror="window.__xss=1">';

/** Nothing of a stored payload ran on the page. */
async function ranNoPayload(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[onerror]').count()).toBe(0);
}

/** The page is no wider than the screen (nothing to scroll sideways). */
async function fitsWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

// One shopper with one order for the whole file: the server allows few sign-ups an hour per address.
let shopper: SignedUpMember;
let shopperEmail: string;
let order: PlacedOrder;
let product: CatalogueCard & { title?: string };
let api: APIRequestContext;

test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: SHOP_ORIGIN });
  shopperEmail = uniqueEmail('inbox');
  shopper = await signUpMember(api, shopperEmail);
  product = nth(await inStockProducts(api), 0);
  order = await placeMemberOrder(api, shopper, product.id);
});

test.afterAll(async () => {
  await api.dispose();
});

test.describe('the back office: conversations and moderation', () => {
  test("answers a shopper's message, which the shopper reads in their member messages", async ({ page }) => {
    const subject = `Gift wrapping ${Date.now()}`;
    const sent = await api.post('/backend/api/buyer-messages/send-message', {
      headers: memberHeaders(shopper),
      data: { subject, message: `Can the box be wrapped in gold paper? ${XSS}` },
    });
    expect(sent.status()).toBe(201);

    await signInAdmin(page, 'Inbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const card = page.getByTestId('inbox-thread').filter({ hasText: subject });
    await expect(card).toContainText('1 unread');
    await expect(card).toContainText(shopperEmail);
    await expect(card).toContainText('General');
    expect(await blockingViolations(page)).toEqual([]);
    await fitsWidth(page, 390);
    await fitsWidth(page, 320);

    await card.getByRole('link', { name: subject }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(
      `Can the box be wrapped in gold paper? ${XSS}`,
    );
    await ranNoPayload(page);
    await fitsWidth(page, 320);
    await page.getByLabel('Your reply').fill('Yes, gold paper it is.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('status')).toHaveText('Your reply is sent. The buyer is notified.');
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Yes, gold paper it is.');
    expect(await blockingViolations(page)).toEqual([]);
    // Read: the thread is no longer marked in the inbox.
    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect(page.getByTestId('inbox-thread').filter({ hasText: subject })).not.toContainText('unread');

    await page.setViewportSize({ width: 1280, height: 800 });
    await storeSession(page, shopper);
    await page.goto('/member/messages');
    await page.getByRole('link', { name: subject }).click();
    await expect(page.getByText('Yes, gold paper it is.')).toBeVisible();
  });

  test("starts a thread about the shopper's order with the shopper found by e-mail", async ({ page }) => {
    const subject = `Your ribbon ${Date.now()}`;
    await signInAdmin(page, 'Inbox');
    await page.getByRole('link', { name: 'New thread', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New thread' })).toBeVisible();
    await page.getByLabel('Find the buyer').fill(shopperEmail);
    await page.getByLabel('Find the buyer').press('Enter');
    await page.getByRole('radio', { name: new RegExp(shopperEmail) }).check();
    await page.getByLabel('About').selectOption({ label: `Order ${order.number}` });
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Would you like a red or a gold ribbon?');
    expect(await blockingViolations(page)).toEqual([]);
    await fitsWidth(page, 320);
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText(`Order ${order.number}`)).toBeVisible();
    const threads = await api.get(`/backend/api/order-messages/get-messages/${order.id}`, {
      headers: memberHeaders(shopper),
    });
    const items = (await threads.json()).data.items as { subject: string; sender_type: string }[];
    expect(items.map((item) => [item.subject, item.sender_type])).toContainEqual([subject, 'Admin']);
  });

  test('reads a contact inquiry and answers it by e-mail', async ({ page }) => {
    const sender = uniqueEmail('contact');
    const asked = await api.post('/backend/api/contact-us', {
      data: { full_name: 'Lina Omar', email: sender, message: `Do you deliver to Muscat before Eid? ${XSS}` },
    });
    expect(asked.status()).toBe(201);

    await signInAdmin(page, 'Contact inquiries');
    const card = page.getByTestId('inquiry').filter({ hasText: sender });
    await expect(card).toContainText('Unread');
    expect(await blockingViolations(page)).toEqual([]);
    await card.getByRole('link', { name: 'Lina Omar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inquiry from Lina Omar' })).toBeVisible();
    await expect(page.getByText(`Do you deliver to Muscat before Eid? ${XSS}`)).toBeVisible();
    await ranNoPayload(page);
    await page.getByLabel('Answer by e-mail').fill('Yes, order by Thursday and it arrives in time.');
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect(page.getByRole('status')).toHaveText('Your answer is on its way to the sender by e-mail.');
    await expect(page.getByRole('region', { name: 'The answer sent' })).toContainText('order by Thursday');
    expect(await blockingViolations(page)).toEqual([]);

    await expect.poll(() => mailsTo(sender).some((mail) => mail.includes('order by Thursday'))).toBe(true);
  });

  test('shows a held product question, which then appears on the product page', async ({ page }) => {
    const question = `Is the lid of this box hinged or does it lift off completely? (${Date.now()})`;
    const created = await api.post('/backend/api/product-questions/create', {
      data: {
        product_id: product.id,
        questioner_name: 'Hadi',
        questioner_email: uniqueEmail('asker'),
        question,
      },
    });
    expect(created.status()).toBe(201);

    await signInAdmin(page, 'Moderation');
    await expect(page.getByRole('heading', { level: 1, name: 'Held questions' })).toBeVisible();
    const card = page.getByTestId('held-question').filter({ hasText: question });
    await expect(card).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Show without an answer' }).click();
    await expect(page.getByRole('status')).toHaveText('The question is shown on the product page.');
    await expect(card).toHaveCount(0);

    await page.goto(`/product/${product.slug}`);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(page.getByText(question)).toBeVisible();
  });

  test('hides a review from the product page', async ({ page }) => {
    const comments = `The ribbon was lovely and the card arrived intact (${Date.now()}).`;
    const detail = await api.get(`/backend/api/buyer-orders/${order.id}`, {
      headers: memberHeaders(shopper),
    });
    const item = nth((await detail.json()).data.order.ordered_products as { id: number }[], 0);
    const reviewed = await api.post('/backend/api/product-reviews/create', {
      headers: memberHeaders(shopper),
      data: { product_id: product.id, item_id: item.id, order_id: order.id, rating: 4, comments },
    });
    expect(reviewed.ok()).toBe(true);
    const shownReviews = async () => {
      const answer = await api.get(
        `/backend/api/product-reviews?ProductReviewsSearch[product_id]=${product.id}`,
      );
      return ((await answer.json()).data.items as { comments: string }[]).map((review) => review.comments);
    };
    expect(await shownReviews()).toContain(comments);

    await signInAdmin(page, 'Moderation');
    await page.getByRole('link', { name: 'Reviews', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    const card = page.getByTestId('review').filter({ hasText: comments });
    await card.getByRole('button', { name: 'Hide review' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'The review is hidden from the product page and its rating.',
    );
    await expect(card).toContainText('Hidden');
    await expect(card.getByRole('button', { name: 'Show review again' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    expect(await shownReviews()).not.toContain(comments);
  });

  test('sends the shopper a notification', async ({ page }) => {
    const note = `Your gift box is ready (${Date.now()}).`;
    await signInAdmin(page, 'Notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await page.getByLabel('Find the buyer').fill(shopperEmail);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('radio', { name: new RegExp(shopperEmail) }).check();
    await page.getByLabel('Note').fill(note);
    await page.getByLabel('High priority').check();
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByRole('status')).toHaveText(/^The notification is sent to /);

    const notifications = await api.get('/backend/api/notifications', { headers: memberHeaders(shopper) });
    const items = (await notifications.json()).data.items as { note: string; priority: string }[];
    expect(items).toContainEqual(expect.objectContaining({ note, priority: 'High' }));
  });
});
