import { canMarkPaid, dispatchNeedsPayment, markPaidNeedsReason, movesOf, seenBodyOf } from './orderMoves';

describe("an order's moves", () => {
  it.each([
    ['Pending', ['Dispatch', 'Cancel']],
    ['Payment Pending', ['Dispatch', 'Cancel']],
    ['Dispatch', ['Delivered']],
    ['Delivered', []],
    ['Cancel', []],
  ] as const)('%s offers %j', (status, moves) => {
    expect(movesOf({ order_status: status })).toEqual(moves);
  });

  it('holds a transfer order until its payment is Received, not a cash one', () => {
    const order = { order_status: 'Payment Pending', payment_status: 'Pending' } as const;
    expect(dispatchNeedsPayment({ ...order, payment_method: 'Bank Transfer' })).toBe(true);
    expect(dispatchNeedsPayment({ ...order, payment_method: 'Money Exchange Transfer' })).toBe(true);
    expect(dispatchNeedsPayment({ ...order, payment_method: 'Cash On Delivery' })).toBe(false);
    expect(
      dispatchNeedsPayment({ ...order, payment_status: 'Received', payment_method: 'Bank Transfer' }),
    ).toBe(false);
  });

  it('asks a reason to mark a transfer paid only while no proof is confirmed', () => {
    const order = {
      order_status: 'Payment Pending',
      payment_status: 'Pending',
      payment_method: 'Bank Transfer',
    } as const;
    const proof = (status: 'Pending' | 'Confirmed' | 'Rejected') => ({
      id: 1,
      status,
      comments: '',
      admin_comments: null,
      created_at: '2026-11-27T00:00:00Z',
    });
    expect(markPaidNeedsReason({ ...order, proofs: [proof('Rejected')] })).toBe(true);
    expect(markPaidNeedsReason({ ...order, proofs: [proof('Confirmed')] })).toBe(false);
    expect(canMarkPaid(order)).toBe(true);
    expect(canMarkPaid({ ...order, order_status: 'Cancel' })).toBe(false);
    expect(canMarkPaid({ ...order, payment_status: 'Received' })).toBe(false);
  });
});

describe('"Mark all as seen"', () => {
  it('marks up to the newest order shown, wherever it stands in the queue', () => {
    const shown = [
      { created_at: '2026-11-20T09:00:00.000Z' },
      { created_at: '2026-11-27T15:30:12.345Z' },
      { created_at: '2026-11-26T08:00:00.000Z' },
    ];
    expect(seenBodyOf(shown)).toEqual({ until: '2026-11-27T15:30:12.345Z' });
  });

  it('marks nothing when no order is shown', () => {
    expect(seenBodyOf([])).toBeNull();
  });
});
