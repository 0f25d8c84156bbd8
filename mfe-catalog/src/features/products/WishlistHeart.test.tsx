import { MESSAGES } from '@shop/contract/validation/messages';
import { bus, DEFAULT_COMMAND_TIMEOUT_MS, initialBusStates } from '@shop/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { WishlistHeart } from './WishlistHeart';

describe('wishlist heart', () => {
  afterEach(() => {
    act(() => bus.publish('wishlist', initialBusStates.wishlist));
    jest.useRealTimers();
  });

  it('is filled for a product in the wishlist state', () => {
    act(() => bus.publish('wishlist', { productIds: [4] }));
    render(<WishlistHeart productId={4} />);
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('asks the wishlist owner to toggle and shows the failure when nobody answers', async () => {
    jest.useFakeTimers();
    render(<WishlistHeart productId={4} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await act(async () => jest.advanceTimersByTime(DEFAULT_COMMAND_TIMEOUT_MS));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.actionFailed);
    expect(screen.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends the product id to the handler', async () => {
    const handler = jest.fn(() => ({ inWishlist: true }));
    const stop = bus.handle('wishlist.toggle', handler);
    render(<WishlistHeart productId={4} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await act(async () => {});
    expect(handler).toHaveBeenCalledWith({ productId: 4 }, expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    stop();
  });
});
