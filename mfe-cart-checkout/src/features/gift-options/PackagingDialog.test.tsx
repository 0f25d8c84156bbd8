import type { CartItem, PackagingOption } from '@shop/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { PENDING_CART_DELAY_MS } from './constants';
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
import { PackagingDialog } from './PackagingDialog';

const MUG = product(6, 'Photo Mug');
const OPTIONS: PackagingOption[] = [
  {
    id: 31,
    packaging_id: 1,
    packaging: { id: 1, title: 'Classic Gift Wrap', image: '/images/packaging/1.jpg' },
    price: 3,
  },
  {
    id: 32,
    packaging_id: 3,
    packaging: { id: 3, title: 'Premium Gift Box', image: '/images/packaging/3.jpg' },
    price: 8,
  },
];
/** `products/packaging/{id}` carries its level beside `data`, not inside it. */
const offers = (packagingLevel: 'item' | 'line' | null, data: PackagingOption[]) => ({
  status: 200,
  body: { status: true, packagingLevel, data },
});

const wrapped = (item: CartItem): CartItem => ({
  ...item,
  packaging: {
    packaging_id: 3,
    title: 'Premium Gift Box',
    image: '/images/packaging/3.jpg',
    packaging_level: 'item',
    price: 58.76,
  },
  packaging_id: 3,
  packaging_price: 58.76,
  package_price: 58.76,
});

function open(item: CartItem) {
  const onClose = jest.fn();
  const view = renderWithCart(<PackagingDialog item={item} onClose={onClose} />, { cart: cartOf(item) });
  return { onClose, ...view };
}

const select = () => screen.getByRole('combobox', { name: 'Select an Option' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('packaging dialog', () => {
  beforeEach(guestSession);
  afterEach(() => jest.useRealTimers());

  it("lists the product's options with title, image and price in the cart's currency", async () => {
    installFakeApi({ 'GET products/packaging/6': offers('item', OPTIONS) });
    open(line(12, MUG));
    const list = await screen.findByRole('list', { name: 'Packaging options' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement).getByRole('img', { name: 'Classic Gift Wrap' }),
    ).toBeInTheDocument();
    // 3 USD and 8 USD at 3.6725 AED per USD, each piece wrapped on its own
    expect(items[0]).toHaveTextContent('AED 11.02 per piece');
    expect(items[1]).toHaveTextContent('AED 29.38 per piece');
    expect(select()).toBeInTheDocument();
  });

  it("says 'for the whole line' when the product packs a line's pieces together", async () => {
    installFakeApi({ 'GET products/packaging/6': offers('line', OPTIONS) });
    open(line(12, MUG));
    expect(await screen.findByText('AED 11.02 for the whole line')).toBeInTheDocument();
  });

  it("asks 'Please select an option' when none is chosen, and sends nothing", async () => {
    const backend = installFakeApi({ 'GET products/packaging/6': offers('item', OPTIONS) });
    open(line(12, MUG));
    await screen.findByRole('combobox', { name: 'Select an Option' });
    save();
    expect(await screen.findByText('Please select an option')).toBeInTheDocument();
    expect(backend.callsTo('POST cart/add-packaging')).toHaveLength(0);
  });

  it('saves the choice with the loaded level, says it is added, and sets the cart items 5 s later', async () => {
    jest.useFakeTimers();
    const item = line(12, MUG);
    const answered = cartOf(wrapped(item));
    const backend = installFakeApi({
      'GET products/packaging/6': offers('item', OPTIONS),
      'POST cart/add-packaging': ok(answered),
    });
    const { store } = open(item);
    await screen.findByRole('combobox', { name: 'Select an Option' });
    fireEvent.change(select(), { target: { value: '3' } });
    save();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your selection for the packaging of the item is added.',
    );
    expect(backend.callsTo('POST cart/add-packaging')[0]?.body).toEqual({
      cart_item_id: 12,
      packaging_id: 3,
      packaging_level: 'item',
      guest_session_token: GUEST_TOKEN,
    });
    act(() => jest.advanceTimersByTime(PENDING_CART_DELAY_MS - 1000));
    expect(store.getState().cart.cart?.items[0]?.packaging).toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(store.getState().cart.cart).toEqual(answered);
  });

  it('applies the pending cart at once when the dialog is closed with Escape', async () => {
    const item = line(12, MUG);
    const answered = cartOf(wrapped(item));
    installFakeApi({
      'GET products/packaging/6': offers('item', OPTIONS),
      'POST cart/add-packaging': ok(answered),
    });
    const { store, onClose } = open(item);
    await screen.findByRole('combobox', { name: 'Select an Option' });
    fireEvent.change(select(), { target: { value: '1' } });
    save();
    await screen.findByRole('status');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(store.getState().cart.cart).toEqual(answered);
  });

  it("shows the server's field message when it refuses the option", async () => {
    installFakeApi({
      'GET products/packaging/6': offers('item', OPTIONS),
      'POST cart/add-packaging': fail(422, 'Please select an option', {
        packaging_id: 'Please select an option',
      }),
    });
    open(line(12, MUG));
    await screen.findByRole('combobox', { name: 'Select an Option' });
    fireEvent.change(select(), { target: { value: '1' } });
    save();
    expect(await screen.findByText('Please select an option')).toBeInTheDocument();
    expect(select()).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts on the chosen packaging and removes it', async () => {
    const backend = installFakeApi({
      'GET products/packaging/6': offers('item', OPTIONS),
      'POST cart/remove-packaging': ok(cartOf(line(12, MUG))),
    });
    open(wrapped(line(12, MUG)));
    expect(await screen.findByRole('combobox', { name: 'Select an Option' })).toHaveValue('3');
    fireEvent.click(screen.getByRole('button', { name: 'Remove packaging' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The packaging of the item is removed.');
    expect(backend.callsTo('POST cart/remove-packaging')[0]?.body).toEqual({
      cart_item_id: 12,
      guest_session_token: GUEST_TOKEN,
    });
    expect(select()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove packaging' })).not.toBeInTheDocument();
  });

  it.each([
    ['the product offers none', offers(null, [])],
    ['the options cannot be loaded', fail(500, 'Internal Server Error')],
  ])("says 'No options found due to a temporary issue' when %s", async (_, answer) => {
    installFakeApi({ 'GET products/packaging/6': answer });
    open(line(12, MUG));
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('No options found due to a temporary issue');
    expect(panel).toHaveTextContent('Please refresh your browser or try after some time');
  });
});
