import { isNarrowed, queueQueryOf, searchOf } from './queueQuery';

describe("the order queue's address", () => {
  it('reads the search, the filters and the page the API takes', () => {
    const query = queueQueryOf(
      new URLSearchParams(
        'q=%20GS-2611%20&order_status=Payment+Pending&payment_status=Received&payment_method=Bank+Transfer&from=2026-11-01&to=2026-11-27&new=true&page=3',
      ),
    );
    expect(query).toEqual({
      q: 'GS-2611',
      order_status: 'Payment Pending',
      payment_status: 'Received',
      payment_method: 'Bank Transfer',
      from: '2026-11-01',
      to: '2026-11-27',
      new: true,
      page: 3,
    });
  });

  it('drops what the API would refuse instead of sending it', () => {
    expect(
      queueQueryOf(
        new URLSearchParams('order_status=Lost&payment_method=Cash&from=yesterday&page=-2&new=yes&q='),
      ),
    ).toEqual({});
  });

  it('writes a query back as the address it came from, page 1 left out', () => {
    expect(searchOf({ q: 'a b', order_status: 'Dispatch', page: 1 })).toBe('?q=a+b&order_status=Dispatch');
    expect(searchOf({})).toBe('');
  });

  it('tells a narrowed queue from the whole one', () => {
    expect(isNarrowed({ page: 2 })).toBe(false);
    expect(isNarrowed({ payment_status: 'Pending' })).toBe(true);
  });
});
