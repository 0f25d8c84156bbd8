import { MESSAGES } from '@shop/contract/validation/messages';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LOAD_MORE_DELAY_MS } from '../../constants';
import { installFakeApi, ok } from '../../test/fakeApi';
import { Reviews } from './Reviews';

const meta = (currentPage: number, pageCount: number) => ({
  totalCount: 3,
  currentPage,
  pageCount,
  perPage: 2,
});
const review = (id: number, comments: string) => ({
  id,
  rating: 4,
  comments,
  buyer: { name: 'Ann' },
  created_at: '2026-01-02T10:00:00Z',
});

describe('reviews', () => {
  afterEach(() => jest.useRealTimers());

  it("says 'Review(s) or rating(s) are not available for this item.' when there are none", async () => {
    installFakeApi({
      'GET product-reviews': ok({ items: [], summary: { rating: 0, count: 0 }, _meta: meta(1, 0) }),
    });
    render(<Reviews productId={5} />);
    expect(await screen.findByText(MESSAGES.noReviews)).toBeInTheDocument();
  });

  it("loads the next page 1.5 s after 'Load more' and stops offering it on the last page", async () => {
    jest.useFakeTimers();
    const backend = installFakeApi({
      'GET product-reviews': (url) =>
        url.searchParams.get('page') === '1'
          ? ok({
              items: [review(1, 'First'), review(2, 'Second')],
              summary: { rating: 4, count: 3 },
              _meta: meta(1, 2),
            })
          : ok({ items: [review(3, 'Third')], summary: { rating: 4, count: 3 }, _meta: meta(2, 2) }),
    });
    render(<Reviews productId={5} />);
    expect(await screen.findByText('First')).toBeInTheDocument();
    const first = backend.callsTo('GET product-reviews')[0]?.url;
    expect(first?.searchParams.get('ProductReviewsSearch[product_id]')).toBe('5');
    expect(first?.searchParams.get('sort')).toBe('-created_at');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    act(() => jest.advanceTimersByTime(LOAD_MORE_DELAY_MS - 1));
    expect(backend.callsTo('GET product-reviews')).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(await screen.findByText('Third')).toBeInTheDocument();
    expect(backend.callsTo('GET product-reviews')[1]?.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
