import { expect, type Page, test } from '@playwright/test';
import { adminHeaders } from './admin';
import {
  inStockProducts,
  MEMBER_PASSWORD,
  nth,
  type PaymentMethod,
  placeMemberOrder,
  type SignedUpMember,
  signedInMember,
} from './shopper';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An order placed through the API (the checkout journeys cover those screens). */
async function placeOrder(page: Page, member: SignedUpMember, method: PaymentMethod) {
  const product = nth(await inStockProducts(page.request), 0);
  return placeMemberOrder(page.request, member, product.id, method);
}

async function uploadProof(page: Page, comment: string) {
  const proof = page.getByRole('form', { name: 'Upload proof of payment' });
  await proof
    .getByLabel(/Transfer slip/)
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
  await proof.getByLabel('Comments').fill(comment);
  await proof.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Your proof of payment is submitted and waits for our check.')).toBeVisible();
}

async function fillAddress(page: Page, form: string, city: string, street: string) {
  const scope = page.getByRole('form', { name: form });
  await scope.getByLabel('First name').fill('Nour');
  await scope.getByLabel('Last name').fill('Saad');
  await scope.getByLabel('Email address').fill('nour@example.com');
  await scope.getByLabel('Mobile number').fill('+971 50 765 4321');
  await scope.getByLabel('Country').selectOption({ label: 'United Arab Emirates' });
  await scope.getByLabel('City').fill(city);
  await scope.getByRole('textbox', { name: 'Address', exact: true }).fill(street);
  return scope;
}

test.describe('member area', () => {
  test('a member keeps shipping addresses: add, make primary, edit and delete', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/member/shipping-address');
    await expect(page.getByRole('heading', { level: 1, name: 'My Shipping Address(es)' })).toBeVisible();
    await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add a new address' }).click();
    let form = page.getByRole('form', { name: 'New address' });
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form.getByText("Please enter receiver's city")).toBeVisible();
    await fillAddress(page, 'New address', 'Dubai', 'Villa 1, Al Wasl Road');
    await form.getByRole('button', { name: 'Save address' }).click();
    const cards = page.getByRole('list', { name: 'My Shipping Address(es)' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    // A member's first address is the primary one.
    await expect(cards.first()).toContainText('Primary');

    await page.getByRole('button', { name: 'Add a new address' }).click();
    form = await fillAddress(page, 'New address', 'Sharjah', 'Flat 7, Corniche Street');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(cards).toHaveCount(2);
    const sharjah = cards.filter({ hasText: 'Sharjah' });
    await sharjah.getByRole('button', { name: /^Make primary/ }).click();
    await expect(sharjah).toContainText('Primary');
    await expect(cards.filter({ hasText: 'Dubai' })).not.toContainText('Primary');

    await cards.filter({ hasText: 'Dubai' }).getByRole('link', { name: /^Edit/ }).click();
    await expect(page).toHaveURL(/\/member\/shipping-address\/\d+$/);
    const edit = page.getByRole('form').first();
    await edit.getByLabel('City').fill('Abu Dhabi');
    await edit.getByRole('button', { name: /^Save/ }).click();
    await expect(page).toHaveURL(/\/member\/shipping-address$/);
    await expect(cards.filter({ hasText: 'Abu Dhabi' })).toHaveCount(1);

    await cards
      .filter({ hasText: 'Abu Dhabi' })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete this address?' })
      .getByRole('button', { name: 'Yes, delete it' })
      .click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Sharjah');
  });

  test('a signed-in shopper sees the notifications popover in the top bar', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/');
    await page.getByRole('button', { name: /Notifications/ }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'Notifications are not available',
    );
  });

  test('a member follows an order, uploads a proof of payment, writes to the shop and changes the password', async ({
    page,
  }) => {
    const user = await signedInMember(page);
    const { number: orderNumber } = await placeOrder(page, user, 'Money Exchange Transfer');

    await page.goto('/member');
    await expect(page.getByText('Recent Activities')).toBeVisible();
    await page.goto('/member/orders/listing');
    const row = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(row).toContainText('Payment Pending');
    await row.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
    const proof = page.getByRole('form', { name: 'Upload proof of payment' });
    await proof.getByRole('button', { name: 'Upload' }).click();
    await expect(proof.getByText('Upload an image.')).toBeVisible();
    await uploadProof(page, 'Sent through the exchange office today.');

    await page.goto('/member/messages');
    await expect(page.getByText('No communication found between you and admin')).toBeVisible();
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Subject *').fill('Delivery time');
    await dialog.getByLabel('Message *').fill('Could the gift arrive before Friday?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('link', { name: 'Delivery time' })).toBeVisible();

    await page.goto('/member/change-password');
    await page.getByLabel('Old password *').fill(MEMBER_PASSWORD);
    await page.getByLabel('New password *', { exact: true }).fill('Secret456');
    await page.getByLabel('Confirm new password *').fill('Secret456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed successfully')).toBeVisible();

    // The profile: the age group the sign-up did not ask for, and a new first name in the greeting.
    await page.goto('/member/profile/update');
    const profile = page.getByRole('form', { name: 'Update Profile' });
    await profile.getByLabel('First name *').fill('Noura');
    await profile.getByLabel('Age group *').selectOption({ index: 2 });
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('button', { name: 'Hello, Noura' })).toBeVisible();
  });

  test('the admin rejects a proof, the member uploads again, the admin confirms and dispatches; a message thread gets an answer; filters narrow the orders', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const admin = await adminHeaders(page.request);
    const user = await signedInMember(page);
    const order = await placeOrder(page, user, 'Money Exchange Transfer');
    await placeOrder(page, user, 'Cash On Delivery');

    await page.goto(`/member/orders/${order.id}`);
    await uploadProof(page, 'First slip');
    const proofs = async () =>
      (await (await page.request.get(`/backend/api/admin/orders/${order.id}`, { headers: admin })).json())
        .data.order.proofs as { id: number; status: string }[];
    const first = (await proofs()).at(-1);
    const rejected = await page.request.post(`/backend/api/admin/proofs/${first?.id}/reject`, {
      headers: admin,
      data: { comments: 'The slip is unreadable, please send a clearer photo.' },
    });
    expect(rejected.ok()).toBe(true);

    await page.reload();
    await expect(page.getByText('Your proof of payment was rejected.')).toBeVisible();
    await expect(
      page.getByText('The slip is unreadable, please send a clearer photo.', { exact: true }),
    ).toBeVisible();
    await uploadProof(page, 'A clearer photo');
    const second = (await proofs()).at(-1);
    expect(second?.status).toBe('Pending');
    expect(
      (
        await page.request.post(`/backend/api/admin/proofs/${second?.id}/confirm`, {
          headers: admin,
          data: {},
        })
      ).ok(),
    ).toBe(true);
    expect(
      (
        await page.request.post(`/backend/api/admin/orders/${order.id}/status`, {
          headers: admin,
          data: { order_status: 'Dispatch' },
        })
      ).ok(),
    ).toBe(true);

    await page.reload();
    await expect(page.getByText('Your proof of payment is confirmed.')).toBeVisible();
    await expect(page.getByRole('main').getByText('Dispatch').first()).toBeVisible();
    await page.getByRole('button', { name: /Notifications/ }).click();
    const notes = page.getByRole('region', { name: 'Notifications' });
    await expect(notes.getByRole('listitem').first()).toBeVisible();
    await expect(notes).toContainText(order.number);
    await page.keyboard.press('Escape');

    // Filters narrow the list, and live in the URL.
    await page.goto('/member/orders/listing');
    const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: /GS-/ }) });
    await expect(rows).toHaveCount(2);
    await page.getByLabel('Order status').selectOption('Dispatch');
    await expect(page).toHaveURL(/order_status=Dispatch/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(order.number);

    // A message thread answered by the shop.
    await page.goto('/member/messages');
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Subject *').fill('Gift wrapping');
    await dialog.getByLabel('Message *').fill('Can the box be wrapped in gold paper?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('link', { name: 'Gift wrapping' })).toBeVisible();
    const threads = (await (await page.request.get('/backend/api/admin/messages', { headers: admin })).json())
      .data.items as { id: number; subject: string }[];
    const thread = threads.find((item) => item.subject === 'Gift wrapping');
    expect(
      (
        await page.request.post(`/backend/api/admin/messages/${thread?.id}/reply`, {
          headers: admin,
          data: { message: 'Yes, gold paper it is.' },
        })
      ).ok(),
    ).toBe(true);
    await page.getByRole('link', { name: 'Gift wrapping' }).click();
    await expect(page.getByText('Yes, gold paper it is.')).toBeVisible();
  });
});
