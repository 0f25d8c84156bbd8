import { bus, type StartupContent, type User } from '@shop/shared';
import { MemoryRouter, useNavigate } from '@shop/shared/router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IDLE_TIMEOUT_MS } from '../whenIdle';
import { ChatButton } from './ChatButton';
import { PROMO_HIDDEN_UNTIL_KEY, PROMO_REPEAT_MS, TOAST_DURATION_MS } from './constants';
import { PromoPopup, promoDelayMs } from './PromoPopup';
import { Toasts, toastAfterNavigation, toastPlaceFor } from './Toasts';
import { TopBar } from './TopBar';
import { usePageViews } from './usePageViews';

const startup: StartupContent = {
  config: { phone: '+971 50 123 4567', hashtag: '#GiftsThatSpeak' },
  socialChannels: {},
  footerProductTypes: [],
  sitemap: [],
  frontendMessages: [],
  currencies: { list: {}, default: 'USD' },
};
const MEMBER = { id: 1, token: 't', type: 'Member', first_name: 'Lina' } as User;

beforeEach(() => {
  act(() => {
    bus.publish('startup', startup);
    bus.publish('session', { user: null, guestSessionToken: null, wishlistUser: null });
  });
  localStorage.clear();
});

describe('top bar', () => {
  it('links customer service to the messaging app and the hashtag to its page', () => {
    render(<TopBar />);
    expect(screen.getByRole('link', { name: /Customer service/ })).toHaveAttribute(
      'href',
      'https://wa.me/971501234567',
    );
    expect(screen.getByRole('link', { name: '#GiftsThatSpeak' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/explore/tags/GiftsThatSpeak/',
    );
  });

  it("opens Today's Mission's popover with the spec's text; Escape closes it", () => {
    render(<TopBar />);
    const button = screen.getByRole('button', { name: /Today's Mission/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('This feature will be available soon. Check after some time.')).toBeVisible();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});

describe('chat button', () => {
  it('opens the messaging app with the configured phone in a new tab', () => {
    render(<ChatButton />);
    const link = screen.getByRole('link', { name: /Chat with us/ });
    expect(link).toHaveAttribute('href', 'https://wa.me/971501234567');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('promo popup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const promo = () => screen.queryByRole('dialog', { name: 'Gifts that speak for you' });

  it('opens after 8 s on a phone, closes itself after 10 s, and stays away for 24 h', () => {
    expect(promoDelayMs(390)).toBe(8000);
    expect(promoDelayMs(800)).toBe(0);
    window.innerWidth = 390;
    const { unmount } = render(<PromoPopup />, { wrapper: MemoryRouter });
    act(() => jest.advanceTimersByTime(7999));
    expect(promo()).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    // Then as soon as the page is idle (at the latest IDLE_TIMEOUT_MS later).
    act(() => jest.advanceTimersByTime(IDLE_TIMEOUT_MS));
    expect(promo()).toBeInTheDocument();
    expect(Number(localStorage.getItem(PROMO_HIDDEN_UNTIL_KEY))).toBeGreaterThan(
      Date.now() + PROMO_REPEAT_MS - IDLE_TIMEOUT_MS - 1000,
    );
    act(() => jest.advanceTimersByTime(10_000));
    expect(promo()).toBeNull();
    unmount();
    // A new visit within 24 h: not again.
    render(<PromoPopup />, { wrapper: MemoryRouter });
    act(() => jest.advanceTimersByTime(20_000));
    expect(promo()).toBeNull();
  });

  it('opens at once on a tablet, closes by its button, and is never shown to a signed-in shopper', () => {
    window.innerWidth = 800;
    render(<PromoPopup />, { wrapper: MemoryRouter });
    act(() => jest.advanceTimersByTime(IDLE_TIMEOUT_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(promo()).toBeNull();
    localStorage.clear();
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    render(<PromoPopup />, { wrapper: MemoryRouter });
    act(() => jest.advanceTimersByTime(20_000));
    expect(promo()).toBeNull();
  });
});

describe('toasts', () => {
  it('go to the other half of the window from what was pressed', () => {
    expect(toastPlaceFor(700, 844)).toBe('top');
    expect(toastPlaceFor(100, 844)).toBe('bottom');
    expect(toastPlaceFor(null, 844)).toBe('bottom');
  });

  it('wait while the pointer or the focus is on them, and count down again on leaving', async () => {
    jest.useFakeTimers();
    try {
      render(<Toasts />, { wrapper: MemoryRouter });
      await act(() =>
        bus.request('ui.toast', {
          message: 'Item Added to Cart',
          tone: 'success',
          link: { to: '/cart', label: 'View Cart' },
        }),
      );
      const link = screen.getByRole('link', { name: 'View Cart' });
      // React sees a pointer entering and leaving through pointerover / pointerout.
      fireEvent.pointerOver(link);
      act(() => jest.advanceTimersByTime(TOAST_DURATION_MS * 3));
      expect(screen.getByRole('link', { name: 'View Cart' })).toBeInTheDocument();
      fireEvent.pointerOut(link, { relatedTarget: document.body });
      act(() => link.focus());
      act(() => jest.advanceTimersByTime(TOAST_DURATION_MS * 3));
      expect(screen.getByRole('link', { name: 'View Cart' })).toBeInTheDocument();
      act(() => link.blur());
      act(() => jest.advanceTimersByTime(TOAST_DURATION_MS));
      expect(screen.queryByRole('link', { name: 'View Cart' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('show one at a time: a new toast replaces the one shown', async () => {
    render(<Toasts />, { wrapper: MemoryRouter });
    await act(() => bus.request('ui.toast', { message: 'Item Added to Cart', tone: 'success' }));
    await act(() => bus.request('ui.toast', { message: 'Item Added to Cart', tone: 'success' }));
    await act(() => bus.request('ui.toast', { message: 'Saved to your wishlist' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Saved to your wishlist$/);
  });

  it('are dropped on arriving at the page they link to', () => {
    const added = { message: 'Item Added to Cart', link: { to: '/cart', label: 'View Cart' } };
    expect(toastAfterNavigation(added, '/cart')).toBeNull();
    expect(toastAfterNavigation(added, '/products')).toBe(added);
    expect(toastAfterNavigation({ message: 'Signed out' }, '/cart')).toEqual({ message: 'Signed out' });
  });
});

describe('page views', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reports each page view once, with the previous page as referrer, once the page is idle', () => {
    const sent: [string, string | undefined][] = [];
    const send = (path: string, referrer: string | undefined) => sent.push([path, referrer]);
    const navigator: { go: (to: string) => void } = { go: () => undefined };
    render(
      <MemoryRouter initialEntries={['/products?q=mug']}>
        <PageViewProbe send={send} navigator={navigator} />
      </MemoryRouter>,
    );
    act(() => navigator.go('/product/oak-box'));
    act(() => navigator.go('/product/oak-box?tab=reviews'));
    act(() => navigator.go('/cart'));
    expect(sent).toEqual([]);
    act(() => jest.advanceTimersByTime(IDLE_TIMEOUT_MS));
    expect(sent).toEqual([
      ['/products', undefined],
      ['/product/oak-box', '/products'],
      ['/cart', '/product/oak-box'],
    ]);
  });
});

function PageViewProbe({
  send,
  navigator,
}: {
  send: (path: string, referrer: string | undefined) => void;
  navigator: { go: (to: string) => void };
}) {
  usePageViews(send);
  navigator.go = useNavigate();
  return null;
}
