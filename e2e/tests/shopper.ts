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

/** In-stock products with a few pieces to spare, most expensive first (deals and old prices among them). */
export async function inStockProducts(request: APIRequestContext): Promise<CatalogueCard[]> {
  const answer = await request.get('/backend/api/products?stock=1&per-page=50&sort=high-to-low');
  const items = (await answer.json()).data.items as CatalogueCard[];
  return items.filter((item) => item.stock_quantity >= 5);
}

/** A member signed up through the API (one sign-up per run: the server allows 20 an hour). */
export async function signUpMember(request: APIRequestContext): Promise<SignedUpMember> {
  const answer = await request.post('/backend/api/buyers/register', {
    data: {
      type: 'Registration',
      first_name: 'Nour',
      last_name: 'Saad',
      email: `shopper-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`,
      password: 'Secret123',
      confirm_password: 'Secret123',
      mobile: '+971 501234567',
      country_id: 1,
      gender: 'Female',
    },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data.user as SignedUpMember;
}

/** Stores the member as the shell restores a session (the next navigation is signed in). */
export async function storeSession(page: Page, member: SignedUpMember): Promise<void> {
  await page.goto('/');
  await page.evaluate((stored) => localStorage.setItem('user', stored), JSON.stringify(member));
}

/** Puts a product in the member's cart through the API. */
export async function addToMemberCart(
  request: APIRequestContext,
  member: SignedUpMember,
  productId: number,
): Promise<void> {
  const answer = await request.post('/backend/api/cart/add', {
    headers: { Authorization: `Bearer ${member.token}` },
    data: { product_id: productId },
  });
  expect(answer.ok()).toBe(true);
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

/** An order the member places through the API (Cash On Delivery to a new address); answers its id. */
export async function placeMemberOrder(
  request: APIRequestContext,
  member: SignedUpMember,
  productId: number,
): Promise<number> {
  const headers = { Authorization: `Bearer ${member.token}` };
  await addToMemberCart(request, member, productId);
  const address = await request.post('/backend/api/buyers-shipping-address/create', {
    headers,
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
  const addressId = (await address.json()).data.item.id as number;
  await request.post('/backend/api/cart/add-shipping-address', { headers, data: { address_id: addressId } });
  await request.post('/backend/api/cart/add-payment-method', {
    headers,
    data: { payment_method: 'Cash On Delivery' },
  });
  const placed = await request.post('/backend/api/cart/member-checkout', {
    headers,
    data: { member_checkout: true },
  });
  expect(placed.ok()).toBe(true);
  return (await placed.json()).data.order.id as number;
}

/** The list's item at index; the seed is expected to have it. */
export function nth<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`the seed has fewer than ${index + 1} such products`);
  return item;
}
