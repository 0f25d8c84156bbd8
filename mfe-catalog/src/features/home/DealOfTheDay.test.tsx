import type { Deal } from '@shop/shared';
import { MemoryRouter } from '@shop/shared/router';
import { act, render, screen } from '@testing-library/react';
import { DealBody } from './DealOfTheDay';

const deal: Deal = { id: 1, title: 'Mugs half price', end_date_time: 3, items: [] };

describe('deal of the day', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ticks each second and shows "Deal is finished now!" when the countdown reaches zero', () => {
    render(
      <MemoryRouter>
        <DealBody deal={deal} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('03 seconds');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('02 seconds');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Deal is finished now!')).toBeInTheDocument();
  });

  it('shows "Deal is finished now!" when there is no deal', () => {
    render(<DealBody deal={null} />);
    expect(screen.getByText('Deal is finished now!')).toBeInTheDocument();
  });
});
