import { allowedMoves, canMove, isTransferMethod, TRANSFER_METHODS } from './orderMoves';

describe('the order moves', () => {
  it('moves Pending and Payment Pending to Dispatch or Cancel, Dispatch only to Delivered', () => {
    expect(allowedMoves('Pending')).toEqual(['Dispatch', 'Cancel']);
    expect(allowedMoves('Payment Pending')).toEqual(['Dispatch', 'Cancel']);
    expect(allowedMoves('Dispatch')).toEqual(['Delivered']);
  });

  it('moves a delivered or canceled order nowhere, and never cancels a dispatched one', () => {
    expect(allowedMoves('Delivered')).toEqual([]);
    expect(allowedMoves('Cancel')).toEqual([]);
    expect(canMove('Dispatch', 'Cancel')).toBe(false);
    expect(canMove('Pending', 'Delivered')).toBe(false);
    expect(canMove('Payment Pending', 'Dispatch')).toBe(true);
  });

  it('counts Bank Transfer and Money Exchange Transfer as transfers, never Cash On Delivery', () => {
    expect([...TRANSFER_METHODS].sort()).toEqual(['Bank Transfer', 'Money Exchange Transfer']);
    expect(isTransferMethod('Money Exchange Transfer')).toBe(true);
    expect(isTransferMethod('Cash On Delivery')).toBe(false);
  });
});
