/**
 * Issue 21's proof, the back office's whole day in one journey: a shopper buys with Money Exchange
 * Transfer and the order is in the owner's queue, marked new, found by its number; its dispatch is
 * refused until the payment is Received; the shopper uploads a proof in the member area, the owner
 * confirms it and dispatches, and the shopper reads the notification and the mail; the owner
 * answers the shopper's message, starts a new thread and reads a contact inquiry; approves a held
 * question, which then shows on the product page; and a staff admin cannot open the releases page.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, confirmProofAndDispatch, signInAt } from './admin';
import { shopperStorageState } from './origins';
import {
  inStockProducts,
  mailsTo,
  memberHeaders,
  nth,
  PROOF_PNG,
  placeMemberOrder,
  signUpMember,
  storeSession,
  uniqueEmail,
} from './shopper';

/** A browser of the shopper's own (the shop's cookies and storage apart from the owner's). */
async function shopperBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: shopperStorageState() });
  return { context, page: await context.newPage() };
}

test("the back office's day: a transfer order paid, checked and dispatched; messages, an inquiry, a held question; staff kept from the releases", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const shopperEmail = uniqueEmail('day');
  const shopper = await signUpMember(request, shopperEmail);
  const product = nth(await inStockProducts(request), 0);
  const shop = await shopperBrowser(browser);
  await storeSession(shop.page, shopper);

  // 1. The shopper buys with Money Exchange Transfer; the order is in the queue, marked new.
  const order = await placeMemberOrder(request, shopper, product.id, 'Money Exchange Transfer');
  await signInAt(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.number);
  await page.keyboard.press('Enter');
  const card = page.getByTestId('queue-order');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('New');
  await expect(card).toContainText('Money Exchange Transfer');

  // 2. No dispatch before the payment is Received: the API's refusal is shown.
  await card.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'A Money Exchange Transfer order is dispatched only once its payment is Received (an owner may override with a reason).',
  );

  // 3. The shopper uploads a proof in the member area; the owner confirms it and dispatches.
  await shop.page.goto('/member/orders/listing');
  await shop.page.getByRole('row').filter({ hasText: order.number }).getByRole('link').first().click();
  const upload = shop.page.getByRole('form', { name: 'Upload proof of payment' });
  await upload
    .getByLabel(/Transfer slip/)
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PROOF_PNG });
  await upload.getByLabel('Comments').fill('Sent at the exchange this morning.');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(
    shop.page.getByText('Your proof of payment is submitted and waits for our check.'),
  ).toBeVisible();

  // The detail is read again on every open: the proof is there after a reload.
  await page.reload();
  const proofs = page.getByRole('region', { name: 'Proofs of payment' });
  await expect(proofs).toContainText('Sent at the exchange this morning.');
  await confirmProofAndDispatch(page, order.number);

  // The shopper sees the notification in the top bar and the mail in their inbox.
  await shop.page.goto('/');
  await shop.page.getByRole('button', { name: /Notifications/ }).click();
  await expect(shop.page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Your order ${order.number}: Order is on its way`,
  );
  await expect
    .poll(() =>
      mailsTo(shopperEmail).some(
        (mail) =>
          mail.includes(`Subject: Your order ${order.number} is on its way`) &&
          mail.includes('Your order is on its way to you.'),
      ),
    )
    .toBe(true);

  // 4. The owner answers the shopper's message, which the shopper reads in the member area.
  const subject = `Ribbon colour ${Date.now()}`;
  const sent = await request.post('/backend/api/buyer-messages/send-message', {
    headers: memberHeaders(shopper),
    data: { subject, message: 'Could the ribbon be gold?' },
  });
  expect(sent.status()).toBe(201);
  await page.getByRole('link', { name: 'Inbox', exact: true }).click();
  const thread = page.getByTestId('inbox-thread').filter({ hasText: subject });
  await expect(thread).toContainText('1 unread');
  await thread.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Could the ribbon be gold?');
  await page.getByLabel('Your reply').fill('Gold it is, tied by hand.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toHaveText('Your reply is sent. The buyer is notified.');
  await shop.page.goto('/member/messages');
  await shop.page.getByRole('link', { name: subject }).click();
  await expect(shop.page.getByText('Gold it is, tied by hand.')).toBeVisible();

  // The owner starts a new thread about the order; the shopper has it.
  const ownSubject = `Your delivery ${Date.now()}`;
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await page.getByRole('link', { name: 'New thread', exact: true }).click();
  await page.getByLabel('Find the buyer').fill(shopperEmail);
  await page.getByLabel('Find the buyer').press('Enter');
  await page.getByRole('radio', { name: new RegExp(shopperEmail) }).check();
  await page.getByLabel('About').selectOption({ label: `Order ${order.number}` });
  await page.getByLabel('Subject').fill(ownSubject);
  await page.getByLabel('Message').fill('The courier comes tomorrow between 9 and 12.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: ownSubject })).toBeVisible();
  const orderThreads = await request.get(`/backend/api/order-messages/get-messages/${order.id}`, {
    headers: memberHeaders(shopper),
  });
  const items = (await orderThreads.json()).data.items as { subject: string; sender_type: string }[];
  expect(items.map((item) => [item.subject, item.sender_type])).toContainEqual([ownSubject, 'Admin']);

  // A contact inquiry is read: unread in the list, then read.
  const sender = uniqueEmail('day-contact');
  const asked = await request.post('/backend/api/contact-us', {
    data: { full_name: 'Maya Khoury', email: sender, message: 'Do you wrap gifts for weddings?' },
  });
  expect(asked.status()).toBe(201);
  await page.getByRole('link', { name: 'Contact inquiries', exact: true }).click();
  const inquiry = page.getByTestId('inquiry').filter({ hasText: sender });
  await expect(inquiry).toContainText('Unread');
  await inquiry.getByRole('link', { name: 'Maya Khoury' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiry from Maya Khoury' })).toBeVisible();
  await expect(page.getByText('Do you wrap gifts for weddings?')).toBeVisible();
  await page.getByRole('link', { name: 'Contact inquiries', exact: true }).click();
  await expect(page.getByTestId('inquiry').filter({ hasText: sender })).not.toContainText('Unread');

  // 5. A held question is approved and then shown on the product page.
  const question = `Does the box come with a card inside? (${Date.now()})`;
  const created = await request.post('/backend/api/product-questions/create', {
    data: { product_id: product.id, questioner_name: 'Rami', questioner_email: sender, question },
  });
  expect(created.status()).toBe(201);
  await page.getByRole('link', { name: 'Moderation', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Held questions' })).toBeVisible();
  const held = page.getByTestId('held-question').filter({ hasText: question });
  await held.getByRole('button', { name: 'Show without an answer' }).click();
  await expect(page.getByRole('status')).toHaveText('The question is shown on the product page.');
  await expect(held).toHaveCount(0);
  await shop.page.goto(`/product/${product.slug}`);
  await shop.page.locator('footer').scrollIntoViewIfNeeded();
  await expect(shop.page.getByText(question)).toBeVisible();
  await shop.context.close();

  // 6. A staff admin (made by the owner) has no releases page: not offered, refused at its address.
  const staff = { email: uniqueEmail('day-staff'), password: 'day-staff-password-2026' };
  const made = await request.post('/backend/api/admin/admins', {
    headers: await adminHeaders(request),
    data: staff,
  });
  expect(made.status()).toBe(201);
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAt(staffPage, staff);
  await expect(staffPage.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  await expect(staffPage.getByRole('link', { name: 'Remote releases' })).toHaveCount(0);
  await staffPage.goto('/admin/releases');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Owners only' })).toBeVisible();
  await expect(staffPage.getByTestId('remote-catalog')).toHaveCount(0);
  await staffContext.close();
});
