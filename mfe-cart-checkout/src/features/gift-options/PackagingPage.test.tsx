import type { PackagingKind } from '@shop/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  cartOf,
  fail,
  GUEST_TOKEN,
  guestSession,
  installFakeApi,
  line,
  ok,
  product,
  renderWithCart,
} from './fakeBackend';
import { PackagingPage } from './PackagingPage';

const KINDS: PackagingKind[] = [
  { id: 1, title: 'Classic Gift Wrap', image: '/images/packaging/1.jpg', price: 3 },
  { id: 2, title: 'Kraft Paper and Twine', image: '/images/packaging/2.jpg', price: 2.5 },
  { id: 3, title: 'Premium Gift Box', image: '/images/packaging/3.jpg', price: 8 },
];
const MUG = product(6, 'Photo Mug');
const MUG_LINE = line(12, MUG);
/** The mug offers kinds 1 and 3, each piece wrapped on its own. */
const MUG_PACKAGING = {
  status: 200,
  body: {
    status: true,
    packagingLevel: 'item',
    data: [
      {
        id: 31,
        packaging_id: 1,
        packaging: { id: 1, title: 'Classic Gift Wrap', image: '/i/1.jpg' },
        price: 3,
      },
      {
        id: 32,
        packaging_id: 3,
        packaging: { id: 3, title: 'Premium Gift Box', image: '/i/3.jpg' },
        price: 8,
      },
    ],
  },
};

const openPage = (id: string, cart = cartOf(MUG_LINE)) =>
  renderWithCart(<PackagingPage />, { cart, path: `/packaging/${id}`, routePath: '/packaging/:id' });

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('packaging page (/packaging/:id)', () => {
  beforeEach(guestSession);

  it('lists the kinds of packaging with title, image and a $ price, and links back to the cart', async () => {
    installFakeApi({ 'GET products/packaging': ok({ items: KINDS }) });
    openPage('999');
    expect(await screen.findByRole('heading', { name: 'Gift Packaging' })).toBeInTheDocument();
    expect(within(card('Classic Gift Wrap')).getByText('$3.00')).toBeInTheDocument();
    expect(within(card('Kraft Paper and Twine')).getByText('$2.50')).toBeInTheDocument();
    expect(within(card('Premium Gift Box')).getByText('$8.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Premium Gift Box' })).toHaveAttribute(
      'src',
      '/images/packaging/3.jpg',
    );
    expect(screen.queryByRole('button', { name: /Select/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
    expect(document.title).toBe('Gift Packaging | Gift Shop');
  });

  it("offers 'Select' on the kinds the line's product offers and marks the others", async () => {
    installFakeApi({
      'GET products/packaging': ok({ items: KINDS }),
      'GET products/packaging/6': MUG_PACKAGING,
    });
    openPage('12');
    expect(await screen.findByText('Photo Mug')).toBeInTheDocument();
    expect(
      within(card('Classic Gift Wrap')).getByRole('button', { name: 'Select Classic Gift Wrap' }),
    ).toBeEnabled();
    expect(
      within(card('Premium Gift Box')).getByText('For this item: AED 29.38 per piece'),
    ).toBeInTheDocument();
    expect(
      within(card('Kraft Paper and Twine')).getByText('Not available for this item'),
    ).toBeInTheDocument();
    expect(within(card('Kraft Paper and Twine')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('applies the selected packaging to the line and goes to the cart', async () => {
    const answered = cartOf({ ...MUG_LINE, packaging_id: 3 });
    const backend = installFakeApi({
      'GET products/packaging': ok({ items: KINDS }),
      'GET products/packaging/6': MUG_PACKAGING,
      'POST cart/add-packaging': ok(answered),
    });
    const { store } = openPage('12');
    fireEvent.click(await screen.findByRole('button', { name: 'Select Premium Gift Box' }));
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/cart');
    expect(backend.callsTo('POST cart/add-packaging')[0]?.body).toEqual({
      cart_item_id: 12,
      packaging_id: 3,
      packaging_level: 'item',
      guest_session_token: GUEST_TOKEN,
    });
    expect(store.getState().cart.cart).toEqual(answered);
  });

  it('loads the cart when the page opens before it', async () => {
    installFakeApi({
      'GET products/packaging': ok({ items: KINDS }),
      'GET products/packaging/6': MUG_PACKAGING,
      'POST cart/get-items': ok(cartOf(MUG_LINE)),
    });
    renderWithCart(<PackagingPage />, { cart: null, path: '/packaging/12', routePath: '/packaging/:id' });
    expect(await screen.findByRole('button', { name: 'Select Classic Gift Wrap' })).toBeInTheDocument();
  });

  it("shows 'OOPS! something went wrong!' when the kinds cannot be loaded", async () => {
    installFakeApi({ 'GET products/packaging': fail(500, 'Internal Server Error') });
    openPage('12');
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('OOPS! something went wrong!');
    expect(panel).toHaveTextContent('Please check your internet connection or refresh the page.');
  });
});
