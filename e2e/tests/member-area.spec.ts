import { expect, type Page, test } from '@playwright/test';

/** A member signed up through the API, stored as the shell restores a session. */
async function signedInMember(page: Page) {
  const email = `member-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const answer = await page.request.post('/backend/api/buyers/register', {
    data: {
      type: 'Registration',
      first_name: 'Nour',
      last_name: 'Saad',
      email,
      password: 'Secret123',
      confirm_password: 'Secret123',
      mobile: '+971 501234567',
      country_id: 1,
      gender: 'Female',
    },
  });
  const user = (await answer.json()).data.user;
  await page.goto('/');
  await page.evaluate((stored) => localStorage.setItem('user', JSON.stringify(stored)), user);
  return user as { id: number; token: string };
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
    const auth = { Authorization: `Bearer ${user.token}` };
    // An order placed through the API (the checkout journeys cover the screens).
    const listing = await page.request.get('/backend/api/products?stock=1&per-page=50&sort=high-to-low');
    const product = ((await listing.json()).data.items as { id: number; stock_quantity: number }[]).find(
      (item) => item.stock_quantity >= 5,
    );
    await page.request.post('/backend/api/cart/add', { headers: auth, data: { product_id: product?.id } });
    const address = await page.request.post('/backend/api/buyers-shipping-address/create', {
      headers: auth,
      data: {
        first_name: 'Nour',
        last_name: 'Saad',
        email: 'nour@example.com',
        mobile: '+971 501234567',
        country_id: 1,
        city: 'Dubai',
        address: 'Villa 1, Al Wasl Road',
      },
    });
    const addressId = (await address.json()).data.item.id;
    await page.request.post('/backend/api/cart/add-shipping-address', {
      headers: auth,
      data: { address_id: addressId },
    });
    await page.request.post('/backend/api/cart/add-payment-method', {
      headers: auth,
      data: { payment_method: 'Money Exchange Transfer' },
    });
    const placed = await page.request.post('/backend/api/cart/member-checkout', {
      headers: auth,
      data: { member_checkout: true },
    });
    const orderNumber = (await placed.json()).data.order_id as string;

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
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await proof
      .getByLabel(/Transfer slip/)
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: png });
    await proof.getByLabel('Comments').fill('Sent through the exchange office today.');
    await proof.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Your proof of payment is submitted and waits for our check.')).toBeVisible();

    await page.goto('/member/messages');
    await expect(page.getByText('No communication found between you and admin')).toBeVisible();
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Subject *').fill('Delivery time');
    await dialog.getByLabel('Message *').fill('Could the gift arrive before Friday?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('link', { name: 'Delivery time' })).toBeVisible();

    await page.goto('/member/change-password');
    await page.getByLabel('Old password *').fill('Secret123');
    await page.getByLabel('New password *', { exact: true }).fill('Secret456');
    await page.getByLabel('Confirm new password *').fill('Secret456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed successfully')).toBeVisible();
  });
});
