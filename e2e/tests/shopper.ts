import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** What the accessibility and phone journeys need of the seeded catalogue. */
export interface CatalogueCard {
  id: number;
  slug: string;
  stock_quantity: number;
  has_packaging: boolean;
}

export interface SignedUpMember {
  id: number;
  token: string;
  first_name: string;
}

/** An order placed through the API: its id (the member area's address) and its number (GS-…). */
export interface PlacedOrder {
  id: number;
  number: string;
}

export type PaymentMethod = 'Money Exchange Transfer' | 'Cash On Delivery';

/** The password of every member the journeys sign up. */
export const MEMBER_PASSWORD = 'Secret123';

/** A fresh e-mail per call: the database lives for the whole run. */
export const uniqueEmail = (who: string) =>
  `${who}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;

/** In-stock products with a few pieces to spare, most expensive first (deals and old prices among them). */
export async function inStockProducts(request: APIRequestContext): Promise<CatalogueCard[]> {
  const answer = await request.get('/backend/api/products?stock=1&per-page=50&sort=high-to-low');
  const items = (await answer.json()).data.items as CatalogueCard[];
  return items.filter((item) => item.stock_quantity >= 5);
}

/** A 1×1 PNG, a real image recognised by its bytes: a proof of payment a shopper uploads. */
export const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The mails the outbox holds for `to` (the server writes one .eml per mail into E2E_OUTBOX_DIR). */
export function mailsTo(to: string): string[] {
  const outbox = process.env.E2E_OUTBOX_DIR ?? '';
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
    .filter((mail) => mail.includes(`To: ${to}`))
    .map((mail) => mail.replace(/=\r?\n/g, ''));
}

/** The sign-up form as the Sign Up dialog sends it, for a new member with this e-mail. */
export const registration = (email: string) => ({
  type: 'Registration',
  first_name: 'Nour',
  last_name: 'Saad',
  email,
  password: MEMBER_PASSWORD,
  confirm_password: MEMBER_PASSWORD,
  mobile: '+971 501234567',
  country_id: 1,
  gender: 'Female',
});

/**
 * A member signed up through the API. The server allows 20 sign-ups an hour per address for the
 * whole run, so a spec signs up as few members as it can.
 */
export async function signUpMember(
  request: APIRequestContext,
  email = uniqueEmail('shopper'),
): Promise<SignedUpMember> {
  const answer = await request.post('/backend/api/buyers/register', { data: registration(email) });
  expect(answer.status()).toBe(201);
  return (await answer.json()).data.user as SignedUpMember;
}

/** The header that makes an API call the member's. */
export const memberHeaders = (member: SignedUpMember) => ({ Authorization: `Bearer ${member.token}` });

/** Stores the member as the shell restores a session (the next navigation is signed in). */
export async function storeSession(page: Page, member: SignedUpMember): Promise<void> {
  await page.goto('/');
  await page.evaluate((stored) => localStorage.setItem('user', stored), JSON.stringify(member));
}

/** A member signed up through the API and stored as the shell restores a session. */
export async function signedInMember(page: Page): Promise<SignedUpMember> {
  const member = await signUpMember(page.request);
  await storeSession(page, member);
  return member;
}

/** Puts a product in the member's cart through the API. */
export async function addToMemberCart(
  request: APIRequestContext,
  member: SignedUpMember,
  productId: number,
): Promise<void> {
  const answer = await request.post('/backend/api/cart/add', {
    headers: memberHeaders(member),
    data: { product_id: productId },
  });
  expect(answer.ok()).toBe(true);
}

/** A shipping address in the member's book (in Dubai unless `changes` say otherwise); answers its id. */
export async function addShippingAddress(
  request: APIRequestContext,
  member: SignedUpMember,
  changes: Record<string, unknown> = {},
): Promise<number> {
  const created = await request.post('/backend/api/buyers-shipping-address/create', {
    headers: memberHeaders(member),
    data: {
      first_name: 'Nour',
      last_name: 'Saad',
      email: 'nour@example.com',
      mobile: '+971 501234567',
      country_id: 1,
      city: 'Dubai',
      address: 'Villa 1, Al Wasl Road',
      ...changes,
    },
  });
  expect(created.ok()).toBe(true);
  return (await created.json()).data.item.id as number;
}

/** Places the member's cart as it stands: ships to that address, pays by that method. */
export async function checkOutMemberCart(
  request: APIRequestContext,
  member: SignedUpMember,
  addressId: number,
  method: PaymentMethod,
): Promise<PlacedOrder> {
  const headers = memberHeaders(member);
  await request.post('/backend/api/cart/add-shipping-address', { headers, data: { address_id: addressId } });
  await request.post('/backend/api/cart/add-payment-method', { headers, data: { payment_method: method } });
  const placed = await request.post('/backend/api/cart/member-checkout', {
    headers,
    data: { member_checkout: true },
  });
  expect(placed.ok()).toBe(true);
  const { order_id: number, order } = (await placed.json()).data as {
    order_id: string;
    order: { id: number };
  };
  return { id: order.id, number };
}

/** An order of one product the member places through the API, to a new address in Dubai. */
export async function placeMemberOrder(
  request: APIRequestContext,
  member: SignedUpMember,
  productId: number,
  method: PaymentMethod = 'Cash On Delivery',
): Promise<PlacedOrder> {
  await addToMemberCart(request, member, productId);
  return checkOutMemberCart(request, member, await addShippingAddress(request, member), method);
}

/**
 * Waits until a page has settled: the shell has mounted the route's remote, its first heading is
 * shown and nothing is loading any more (no request in flight, no busy region).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** The list's item at index; the seed is expected to have it. */
export function nth<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`the seed has fewer than ${index + 1} such products`);
  return item;
}
