import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const PASSWORD = 'Secret123';
let counter = 0;
/** A fresh e-mail per test: the database lives for the whole run. */
const newEmail = (who: string) => `${who}.${Date.now()}.${counter++}@example.com`;

async function registerMember(request: APIRequestContext, email: string, first_name = 'Lina'): Promise<void> {
  const response = await request.post('/backend/api/buyers/register', {
    data: {
      type: 'Registration',
      first_name,
      last_name: 'Haddad',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      mobile: '+971 501234567',
      country_id: 1,
      gender: 'Female',
      guest_cart_session_token: null,
    },
  });
  expect(response.status()).toBe(201);
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Account and cart' });

async function signInThroughPopup(page: Page, email: string, password = PASSWORD) {
  await header(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  return dialog;
}

/** The newest e-mail to `to` in the server's outbox, quoted-printable decoded. */
function newestMailTo(to: string): string | null {
  const outbox = process.env.E2E_OUTBOX_DIR;
  if (!outbox) throw new Error('E2E_OUTBOX_DIR is not set (see playwright.config.ts)');
  const mails = readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(outbox, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((file) =>
      readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
  return mails.find((mail) => mail.includes(`To: ${to}`)) ?? null;
}

test.describe('sign-up, sign-in and sign-out', () => {
  test('a new customer signs up through the three steps, meeting every validation message once', async ({
    page,
    request,
  }) => {
    const taken = newEmail('taken');
    await registerMember(request, taken);
    await page.goto('/');
    await header(page).getByRole('button', { name: 'New customer? Start here' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    const next = dialog.getByRole('button', { name: 'Next' });

    // Step 1: e-mail
    await next.click();
    await expect(dialog.getByText('Please enter your email address')).toBeVisible();
    await dialog.getByLabel('Email address').fill('omar@');
    await next.click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email address').fill(taken);
    await next.click();
    await expect(dialog.getByText('Email is already exist')).toBeVisible();
    const email = newEmail('omar');
    await dialog.getByLabel('Email address').fill(email);
    await next.click();

    // Step 2: passwords and names
    await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
    await next.click();
    for (const message of [
      'Please choose your password',
      'Please retype your password',
      'Please enter your first name',
      'Please enter your last name',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel('Password', { exact: true }).fill('weakpass');
    await dialog.getByLabel('Confirm password').fill('different');
    await next.click();
    await expect(
      dialog.getByText('Use 8-16 characters with one upper letters and at least one number'),
    ).toBeVisible();
    await expect(dialog.getByText('Your password and confirmation password do not match')).toBeVisible();
    // Previous goes back with the e-mail kept.
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expect(dialog.getByLabel('Email address')).toHaveValue(email);
    await next.click();
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm password').fill(PASSWORD);
    await dialog.getByLabel('First name').fill('Omar');
    await dialog.getByLabel('Last name').fill('Khalil');
    await next.click();

    // Step 3: mobile, country, gender
    await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
    await expect(dialog.getByLabel('Country code')).toHaveValue('ae');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    for (const message of [
      'Please enter your mobile number',
      'Please select your country',
      'Please select your gender',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel('Mobile number', { exact: true }).fill('501234567');
    await dialog.getByLabel('Country', { exact: true }).selectOption({ label: 'United Arab Emirates' });
    await dialog.getByLabel('Gender').selectOption('Male');
    await dialog.getByRole('button', { name: 'Sign up' }).click();

    await expect(dialog.getByText('Your account has been created. Welcome!')).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Hello, Omar' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ email, first_name: 'Omar', mobile: '+971 501234567', type: 'Member' });
    // After 5 s the popup closes by itself.
    await expect(dialog).toBeHidden();
  });

  test('sign-in fails with the spec message for 5 s, then succeeds; the popup is static', async ({
    page,
    request,
  }) => {
    const email = newEmail('lina');
    await registerMember(request, email);
    await page.goto('/');
    const dialog = await signInThroughPopup(page, email, 'Wrong1234');
    const failure = dialog.getByRole('alert');
    await expect(failure).toHaveText('Incorrect username or password. Please try again');
    await expect(failure).toBeHidden();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    await expect(header(page).getByRole('button', { name: 'Hello, Lina' })).toBeVisible();
    await expect(page.getByText('Welcome, Lina!')).toBeVisible();
  });

  test('/member sends a visitor to /login and back to /member after signing in; Logout goes home', async ({
    page,
    request,
  }) => {
    const email = newEmail('member');
    await registerMember(request, email, 'Rana');
    await page.goto('/member');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();

    // A signed-in member visiting /login goes to the member area.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/member$/);

    await page
      .getByRole('navigation', { name: 'Member area' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('a stale token is cleared on entering /member', async ({ page, request }) => {
    const email = newEmail('stale');
    await registerMember(request, email);
    await page.goto('/');
    await signInThroughPopup(page, email);
    await expect(header(page).getByRole('button', { name: 'Hello, Lina' })).toBeVisible();
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      localStorage.setItem('user', JSON.stringify({ ...user, token: 'no-longer-valid' }));
    });
    await page.goto('/member');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('the guest cart is kept after signing in', async ({ page, request }) => {
    const email = newEmail('cart');
    await registerMember(request, email);
    await page.goto('/products?sort=low-to-high');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
      .first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');

    await signInThroughPopup(page, email);
    await expect(header(page).getByRole('button', { name: 'Hello, Lina' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('guest_session_token'))).toBeNull();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('link', { name: title })).toBeVisible();
  });
});

test.describe('password recovery', () => {
  test('a shopper resets the password through the link in the e-mail and signs in with it', async ({
    page,
    request,
  }) => {
    const email = newEmail('forgot');
    await registerMember(request, email);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('a link to reset your password has been sent')).toBeVisible();

    await expect.poll(() => newestMailTo(email)).not.toBeNull();
    const resetPath = newestMailTo(email)?.match(/\/reset-password\/[\w-]+/)?.[0];
    expect(resetPath).toBeTruthy();

    await page.goto(resetPath ?? '/');
    await page.getByLabel('New password').fill('weak');
    await page.getByLabel('Confirm password').fill('weak');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByText('Use 8-16 characters with one upper letters and at least one number'),
    ).toBeVisible();
    await page.getByLabel('New password').fill('NewSecret1');
    await page.getByLabel('Confirm password').fill('NewSecret1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Your password has been reset.')).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('NewSecret1');
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/member$/);
  });

  test('an unknown reset link shows the not-found page', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-hash');
    await expect(page).toHaveURL(/\/pagenotfound$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
