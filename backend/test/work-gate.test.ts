/**
 * The gate of costly work (attribute-filtered listings): at most `limit` at once, the rest in
 * arrival order, and a wait past `maxWaitMs` answers 503 SERVER_BUSY with Retry-After.
 */
import { AppError } from '../src/errors';
import { WorkGate } from '../src/services/workGate';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('WorkGate', () => {
  afterEach(() => jest.useRealTimers());

  it('runs at most `limit` at once and the rest in arrival order', async () => {
    const gate = new WorkGate(1, 10_000);
    const order: string[] = [];
    const first = deferred();
    const a = gate.run(async () => {
      order.push('a starts');
      await first.promise;
      order.push('a ends');
    });
    const b = gate.run(async () => {
      order.push('b');
    });
    const c = gate.run(async () => {
      order.push('c');
    });
    await Promise.resolve();
    expect(order).toEqual(['a starts']);
    first.resolve();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a starts', 'a ends', 'b', 'c']);
  });

  it('passes the slot on when a run fails', async () => {
    const gate = new WorkGate(1, 10_000);
    const failing = gate.run(() => Promise.reject(new Error('boom')));
    const next = gate.run(async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });

  it('answers 503 SERVER_BUSY with Retry-After to a run that waited too long, and forgets it', async () => {
    jest.useFakeTimers();
    const gate = new WorkGate(1, 5000);
    const hold = deferred();
    const holding = gate.run(() => hold.promise);
    const waiting = gate.run(async () => 'late');
    const refused = waiting.catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(5000);
    const error = await refused;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY', headers: { 'retry-after': '5' } });
    hold.resolve();
    await holding;
    // The refused one did not keep a place: the next run starts at once.
    await expect(gate.run(async () => 'now')).resolves.toBe('now');
  });
});
