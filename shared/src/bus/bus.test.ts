import { MESSAGES } from '@shop/contract/validation/messages';
import { type Bus, BusCommandError, createBus, createCorrelationId, bus as sharedBus } from './bus';
import { initialBusStates } from './contract';

const quietLogger = { warn: jest.fn(), error: jest.fn() };

let bus: Bus;
beforeEach(() => {
  quietLogger.warn.mockClear();
  quietLogger.error.mockClear();
  bus = createBus({ logger: quietLogger });
});
afterEach(() => {
  jest.useRealTimers();
  bus.destroy();
});

async function rejectionOf(promise: Promise<unknown>): Promise<BusCommandError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BusCommandError) return error;
    throw error;
  }
  throw new Error('expected the request to reject');
}

describe('states', () => {
  it('starts from the contract defaults', () => {
    expect(bus.get('session')).toEqual(initialBusStates.session);
    expect(bus.get('currency')).toBeNull();
  });

  it('replays the last published state to a late subscriber', () => {
    bus.publish('cart', { itemCount: 2, productIds: [7, 9], subTotal: 30, currencySymbol: '$' });
    const seen: number[] = [];
    bus.select('cart').subscribe((cart) => seen.push(cart.itemCount));
    expect(seen).toEqual([2]);
    expect(bus.get('cart').productIds).toEqual([7, 9]);
  });

  it('emits only when the state changes', () => {
    const wishlist = { productIds: [1] };
    const seen: number[][] = [];
    bus.select('wishlist').subscribe((state) => seen.push(state.productIds));
    bus.publish('wishlist', wishlist);
    bus.publish('wishlist', wishlist);
    bus.publish('wishlist', { productIds: [1, 2] });
    expect(seen).toEqual([[], [1], [1, 2]]);
  });

  it('selects one part of a state and emits only when that part changes', () => {
    const seen: (string | null)[] = [];
    bus.select('session', (session) => session.user?.token ?? null).subscribe((token) => seen.push(token));
    const user = {
      id: 1,
      token: 't1',
      type: 'Member' as const,
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'a@example.com',
      mobile: null,
      gender: null,
      country_id: null,
      alternate_email: null,
    };
    bus.publish('session', { ...bus.get('session'), user });
    bus.publish('session', { ...bus.get('session'), guestSessionToken: 'g1' });
    bus.publish('session', { ...bus.get('session'), user: null });
    expect(seen).toEqual([null, 't1', null]);
  });
});

describe('commands', () => {
  it('resolves with the handler result and hands the handler a correlation id', async () => {
    const handler = jest.fn(({ productId }: { productId: number }) => ({ itemCount: productId * 2 }));
    bus.handle('cart.add', handler);
    await expect(bus.request('cart.add', { productId: 21 })).resolves.toEqual({ itemCount: 42 });
    expect(handler).toHaveBeenCalledWith(
      { productId: 21 },
      { correlationId: expect.stringMatching(/^[\w-]{8,}$/) },
    );
  });

  it('accepts async handlers and commands without a payload', async () => {
    const opened = jest.fn();
    bus.handle('ui.openSignIn', async () => {
      opened();
    });
    await expect(bus.request('ui.openSignIn')).resolves.toBeUndefined();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('matches concurrent requests to their replies by correlation id', async () => {
    const ids: string[] = [];
    bus.handle('wishlist.toggle', async ({ productId }, { correlationId }) => {
      ids.push(correlationId);
      // The first request is answered last.
      await new Promise((resolve) => setTimeout(resolve, productId === 1 ? 30 : 1));
      return { inWishlist: productId === 1 };
    });
    const results = await Promise.all([
      bus.request('wishlist.toggle', { productId: 1 }),
      bus.request('wishlist.toggle', { productId: 2 }),
      bus.request('wishlist.toggle', { productId: 3 }),
    ]);
    expect(results).toEqual([{ inWishlist: true }, { inWishlist: false }, { inWishlist: false }]);
    expect(new Set(ids).size).toBe(3);
  });

  it(`rejects an unhandled command with '${MESSAGES.actionFailed}' after the 5 s timeout`, async () => {
    jest.useFakeTimers();
    const fakeTimerBus = createBus({ logger: quietLogger });
    const settled = jest.fn();
    const request = fakeTimerBus.request('ui.toast', { message: 'Item Added to Cart' });
    request.then(settled, settled);

    await jest.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);

    const error = await rejectionOf(request);
    expect(error.message).toBe('Action failed, please try again later.');
    expect(error.reason).toBe('timeout');
    expect(error.command).toBe('ui.toast');
    fakeTimerBus.destroy();
  });

  it('honours a per-request timeout', async () => {
    const error = await rejectionOf(bus.request('ui.openSignUp', undefined, { timeoutMs: 10 }));
    expect(error.reason).toBe('timeout');
  });

  it('delivers a request to a handler that registers before the timeout', async () => {
    const request = bus.request('cart.add', { productId: 5 }, { timeoutMs: 200 });
    bus.handle('cart.add', () => ({ itemCount: 1 }));
    await expect(request).resolves.toEqual({ itemCount: 1 });
  });

  it('rejects when the handler throws or rejects', async () => {
    bus.handle('cart.add', () => {
      throw new Error('out of stock');
    });
    bus.handle('wishlist.toggle', async () => Promise.reject(new Error('server down')));

    const thrown = await rejectionOf(bus.request('cart.add', { productId: 1 }));
    expect(thrown.message).toBe(MESSAGES.actionFailed);
    expect(thrown.reason).toBe('handler-error');
    expect(thrown.cause).toEqual(new Error('out of stock'));

    const rejected = await rejectionOf(bus.request('wishlist.toggle', { productId: 1 }));
    expect(rejected.reason).toBe('handler-error');
    expect(quietLogger.error).toHaveBeenCalledTimes(2);
  });

  it('keeps one handler per command: a second replaces the first with a warning', async () => {
    bus.handle('cart.add', () => ({ itemCount: 1 }));
    const unregisterSecond = bus.handle('cart.add', () => ({ itemCount: 2 }));
    expect(quietLogger.warn).toHaveBeenCalledWith(expect.stringContaining('cart.add'));
    await expect(bus.request('cart.add', { productId: 1 })).resolves.toEqual({ itemCount: 2 });

    unregisterSecond();
    const error = await rejectionOf(bus.request('cart.add', { productId: 1 }, { timeoutMs: 10 }));
    expect(error.reason).toBe('timeout');
  });

  it('does not let a replaced handler unregister its replacement', async () => {
    const unregisterFirst = bus.handle('cart.add', () => ({ itemCount: 1 }));
    bus.handle('cart.add', () => ({ itemCount: 2 }));
    unregisterFirst();
    await expect(bus.request('cart.add', { productId: 1 })).resolves.toEqual({ itemCount: 2 });
  });
});

describe('teardown', () => {
  it('completes subscribers and rejects pending and later requests', async () => {
    const complete = jest.fn();
    bus.select('session').subscribe({ complete });
    const pending = bus.request('ui.openWishlistEmail', undefined, { timeoutMs: 1000 });
    bus.handle('cart.add', () => new Promise<{ itemCount: number }>(() => {}));
    const answering = bus.request('cart.add', { productId: 1 }, { timeoutMs: 1000 });

    bus.destroy();

    expect(complete).toHaveBeenCalledTimes(1);
    const pendingError = await rejectionOf(pending);
    expect(pendingError.message).toBe(MESSAGES.actionFailed);
    expect(pendingError.reason).toBe('destroyed');
    expect((await rejectionOf(answering)).reason).toBe('destroyed');
    const later = await rejectionOf(bus.request('cart.add', { productId: 1 }));
    expect(later.reason).toBe('destroyed');
  });
});

describe('the shared singleton', () => {
  it('lives on globalThis so a second copy of the module shares it', () => {
    jest.isolateModules(() => {
      const secondCopy: typeof import('./bus') = require('./bus');
      expect(secondCopy.bus).toBe(sharedBus);
    });
  });
});

describe('correlation ids', () => {
  it('fall back to a unique id where crypto.randomUUID is missing (plain http)', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 100 }, () => createCorrelationId()));
      expect(ids.size).toBe(100);
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'crypto', descriptor);
    }
  });
});
