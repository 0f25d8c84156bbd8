import { bus, initialBusStates, type ProductCard, type User } from '@shop/shared';
import { installFakeBackend, ok } from '@shop/shared/test/fake-backend';
import { store } from '../../store';
import { startWishlistOwner } from './wishlistOwner';

/** A wishlist server in memory, answering the calls the way the API does (by token). */
interface Call {
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
}
const calls: Call[] = [];
const lists = new Map<string, number[]>();

const card = (id: number) => ({ id, title: `Product ${id}`, slug: `p-${id}`, in_stock: true }) as ProductCard;
const itemsOf = (token: string) =>
  (lists.get(token) ?? []).map((productId) => ({
    id: productId * 10,
    product_id: productId,
    product: card(productId),
  }));

beforeAll(() => {
  installFakeBackend(({ path, body: sent, authorization }) => {
    const body = (sent ?? {}) as Record<string, unknown>;
    calls.push({ path, body, authorization: authorization ?? undefined });
    const token = authorization?.replace('Bearer ', '') ?? '';
    const list = lists.get(token) ?? [];
    const productId = Number(body.product_id);
    if (path === 'wishlist/add') lists.set(token, [productId, ...list.filter((id) => id !== productId)]);
    if (path === 'wishlist/remove')
      lists.set(
        token,
        list.filter((id) => id !== productId),
      );
    if (path === 'wishlist/add') return ok({ item: itemsOf(token)[0] });
    if (path.startsWith('wishlist/')) return ok({ items: itemsOf(token) });
    return ok({ items: [], invoice: { subTotal: 0 }, selectedCurrency: { symbol: '$' } });
  });
  startWishlistOwner(store);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const member: User = {
  id: 7,
  token: 'member-token',
  type: 'Member',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  mobile: null,
  gender: null,
  country_id: null,
  alternate_email: null,
};

describe('the wishlist owner', () => {
  beforeEach(async () => {
    calls.length = 0;
    lists.clear();
    bus.publish('session', initialBusStates.session);
    await settle();
  });

  it('opens the wishlist e-mail popup for a heart with no wishlist user, then adds that product', async () => {
    const openPopup = jest.fn();
    const stop = bus.handle('ui.openWishlistEmail', openPopup);
    await expect(bus.request('wishlist.toggle', { productId: 5 })).resolves.toEqual({ inWishlist: false });
    expect(openPopup).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.path === 'wishlist/add')).toHaveLength(0);

    // The popup registered the e-mail: the heart that was pressed fills.
    bus.publish('session', {
      ...bus.get('session'),
      wishlistUser: { id: 3, email: 'wish@example.com', token: 'wish-token' },
    });
    await settle();
    await settle();
    expect(bus.get('wishlist').productIds).toEqual([5]);
    const add = calls.find((call) => call.path === 'wishlist/add');
    expect(add).toEqual({
      path: 'wishlist/add',
      body: { user_id: 3, product_id: 5 },
      authorization: 'Bearer wish-token',
    });
    stop();
  });

  it("adds with the member's own id and token, and removes when the product is already there", async () => {
    bus.publish('session', { ...bus.get('session'), user: member });
    await settle();
    await expect(bus.request('wishlist.toggle', { productId: 9 })).resolves.toEqual({ inWishlist: true });
    expect(bus.get('wishlist').productIds).toEqual([9]);
    expect(calls.find((call) => call.path === 'wishlist/add')?.body).toEqual({ user_id: 7, product_id: 9 });

    await expect(bus.request('wishlist.toggle', { productId: 9 })).resolves.toEqual({ inWishlist: false });
    expect(bus.get('wishlist').productIds).toEqual([]);
    expect(calls.at(-1)).toMatchObject({ path: 'wishlist/remove', authorization: 'Bearer member-token' });
  });

  it('empties the hearts when the member signs out', async () => {
    lists.set('member-token', [1, 2]);
    bus.publish('session', { ...bus.get('session'), user: member });
    await settle();
    expect(bus.get('wishlist').productIds).toEqual([1, 2]);
    bus.publish('session', { ...bus.get('session'), user: null });
    await settle();
    expect(bus.get('wishlist').productIds).toEqual([]);
  });
});
