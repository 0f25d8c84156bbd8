import { bus, type Cart, type User } from '@shop/shared';
import { type FakeReply, installFakeBackend } from '@shop/shared/test/fake-backend';
import { store } from '../../store';
import { addToCart } from './cartSlice';
import { GUEST_CART_MADE_LOCK_PREFIX, MAKING_GUEST_CART_LOCK } from './guestCartToken';

/**
 * A cart server in memory behind `fetch`, as the API behaves: a cart/add without a known guest
 * token makes a new cart and answers with its token. Each request is applied when it arrives; its
 * answer is held until the test releases it, so latency and answer order are the test's to choose.
 */
interface Sent {
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
  release: () => void;
}
let sent: Sent[] = [];
let carts = new Map<string, number[]>();
let cartsMade = 0;
let refuseProducts = new Set<number>();

const cartOf = (token: string | null): Cart =>
  ({
    items: (token ? (carts.get(token) ?? []) : []).map((productId) => ({ id: productId * 10, quantity: 1 })),
    guest_session_token: token,
  }) as unknown as Cart;

function serve(path: string, body: Record<string, unknown>): { status: number; body: unknown } {
  const sentToken = typeof body.guest_session_token === 'string' ? body.guest_session_token : null;
  if (path !== 'cart/add') return { status: 200, body: { status: true, data: cartOf(sentToken) } };
  const productId = Number(body.product_id);
  if (refuseProducts.has(productId)) {
    return { status: 409, body: { status: false, error: { code: 'OUT_OF_STOCK', message: 'Out of stock' } } };
  }
  let token = sentToken && carts.has(sentToken) ? sentToken : null;
  if (!token) {
    cartsMade += 1;
    token = `guest-${cartsMade}`;
    carts.set(token, []);
  }
  carts.get(token)?.push(productId);
  return { status: 200, body: { status: true, data: cartOf(token) } };
}

beforeAll(() => {
  installFakeBackend(
    ({ path, body: received, authorization }) =>
      new Promise<FakeReply>((resolve) => {
        const body = (received ?? {}) as Record<string, unknown>;
        const answer = serve(path, body);
        sent.push({ path, body, authorization: authorization ?? undefined, release: () => resolve(answer) });
      }),
  );
});

beforeEach(() => {
  sent = [];
  carts = new Map();
  cartsMade = 0;
  refuseProducts = new Set();
  localStorage.clear();
  bus.publish('session', { user: null, guestSessionToken: null, wishlistUser: null });
});

/** Lets every promise that can settle settle (the api client awaits a few times per call). */
const settle = async () => {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
const adds = () => sent.filter((request) => request.path === 'cart/add');
const lineCount = () => store.getState().cart.cart?.items.length ?? 0;

describe("a new visitor's quick adds", () => {
  it('make one cart with five lines, whatever order the answers arrive in', async () => {
    const results = [1, 2, 3, 4, 5].map((productId) => store.dispatch(addToCart({ productId, quantity: 1 })));
    await settle();
    // Only the first add goes out: it makes the cart; the others wait for its token.
    expect(adds().map((request) => request.body.guest_session_token)).toEqual([null]);
    adds()[0]?.release();
    await settle();
    expect(bus.get('session').guestSessionToken).toBe('guest-1');
    expect(localStorage.getItem('guest_session_token')).toBe('guest-1');
    const following = adds().slice(1);
    expect(following.map((request) => request.body.guest_session_token)).toEqual([
      'guest-1',
      'guest-1',
      'guest-1',
      'guest-1',
    ]);
    // The answers come back newest first: the last to arrive holds only two of the five lines.
    for (const request of [...following].reverse()) {
      request.release();
      await settle();
    }
    expect(cartsMade).toBe(1);
    expect(carts.get('guest-1')).toEqual([1, 2, 3, 4, 5]);
    // The burst overlapped, so the cart is read once more and shows what the server holds.
    const reread = sent.filter((request) => request.path === 'cart/get-items');
    expect(reread.map((request) => request.body.guest_session_token)).toEqual(['guest-1']);
    reread[0]?.release();
    await settle();
    expect(lineCount()).toBe(5);
    await Promise.all(results);
  });

  it('use the token another tab stored rather than make a second cart', async () => {
    carts.set('guest-from-tab-1', [9]);
    localStorage.setItem('guest_session_token', 'guest-from-tab-1');
    const result = store.dispatch(addToCart({ productId: 3, quantity: 1 }));
    await settle();
    expect(adds().map((request) => request.body.guest_session_token)).toEqual(['guest-from-tab-1']);
    expect(bus.get('session').guestSessionToken).toBe('guest-from-tab-1');
    adds()[0]?.release();
    await result;
    expect(cartsMade).toBe(0);
    expect(carts.get('guest-from-tab-1')).toEqual([9, 3]);
  });

  it('hand the making of the cart to the next add when the first one is refused', async () => {
    refuseProducts.add(1);
    const first = store.dispatch(addToCart({ productId: 1, quantity: 1 }));
    const second = store.dispatch(addToCart({ productId: 2, quantity: 1 }));
    await settle();
    expect(adds()).toHaveLength(1);
    adds()[0]?.release();
    await settle();
    expect((await first).meta.requestStatus).toBe('rejected');
    expect(adds().map((request) => request.body.guest_session_token)).toEqual([null, null]);
    adds()[1]?.release();
    await second;
    expect(cartsMade).toBe(1);
    expect(bus.get('session').guestSessionToken).toBe('guest-1');
  });
});

/**
 * The browser's lock manager as the Web Locks spec has it, for the exclusive locks the shop takes:
 * one holder per name, the others granted in the order they asked; `query` tells what is held.
 * The test's own requests stand for another tab of the shop.
 */
class TabsLockManager {
  private held = new Set<string>();
  private waiting: { name: string; grant: () => void }[] = [];

  async request<T>(name: string, callback: () => Promise<T> | T): Promise<T> {
    if (this.held.has(name)) await new Promise<void>((grant) => this.waiting.push({ name, grant }));
    this.held.add(name);
    try {
      return await callback();
    } finally {
      this.held.delete(name);
      const next = this.waiting.findIndex((request) => request.name === name);
      if (next >= 0) this.waiting.splice(next, 1)[0]?.grant();
    }
  }

  async query(): Promise<{ held: { name: string }[] }> {
    return { held: [...this.held].map((name) => ({ name })) };
  }

  heldNames(): string[] {
    return [...this.held];
  }
}

describe('adds in two tabs', () => {
  let locks: TabsLockManager;
  beforeEach(() => {
    locks = new TabsLockManager();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it("use the cart another tab made, though its stored token has not reached this tab's storage yet", async () => {
    // The other tab makes the cart: it holds the making lock until it has noted the token.
    let otherTabDone = () => {};
    void locks.request(MAKING_GUEST_CART_LOCK, () => new Promise<void>((done) => (otherTabDone = done)));
    const result = store.dispatch(addToCart({ productId: 3, quantity: 1 }));
    await settle();
    expect(adds()).toHaveLength(0);
    carts.set('guest-from-tab-1', [9]);
    void locks.request(`${GUEST_CART_MADE_LOCK_PREFIX}guest-from-tab-1`, () => new Promise(() => {}));
    // This tab's storage holds no token yet, as when the other tab's write is still on its way.
    expect(localStorage.getItem('guest_session_token')).toBeNull();
    otherTabDone();
    await settle();
    expect(adds().map((request) => request.body.guest_session_token)).toEqual(['guest-from-tab-1']);
    adds()[0]?.release();
    await result;
    expect(cartsMade).toBe(0);
    expect(carts.get('guest-from-tab-1')).toEqual([9, 3]);
    expect(bus.get('session').guestSessionToken).toBe('guest-from-tab-1');
  });

  it("note the cart this tab made for the other tabs, while its token is this tab's", async () => {
    const result = store.dispatch(addToCart({ productId: 1, quantity: 1 }));
    await settle();
    expect(locks.heldNames()).toEqual([MAKING_GUEST_CART_LOCK]);
    adds()[0]?.release();
    await result;
    expect(locks.heldNames()).toEqual([`${GUEST_CART_MADE_LOCK_PREFIX}guest-1`]);
    bus.publish('session', { user: null, guestSessionToken: null, wishlistUser: null });
    await settle();
    expect(locks.heldNames()).toEqual([]);
  });
});

describe("a member's adds", () => {
  it('go out at once: the bearer names the cart, there is no token to wait for', async () => {
    const member = { id: 7, token: 'member-token', type: 'Member' } as User;
    bus.publish('session', { user: member, guestSessionToken: null, wishlistUser: null });
    const results = [1, 2, 3].map((productId) => store.dispatch(addToCart({ productId, quantity: 1 })));
    await settle();
    expect(adds()).toHaveLength(3);
    expect(adds().every((request) => request.authorization === 'Bearer member-token')).toBe(true);
    for (const request of adds()) request.release();
    await settle();
    for (const request of sent.filter((r) => r.path === 'cart/get-items')) request.release();
    await Promise.all(results);
  });
});
