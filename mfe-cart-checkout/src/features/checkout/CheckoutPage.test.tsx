import { MESSAGES } from '@shop/contract/validation/messages';
import { bus, type Cart, type ShippingAddress } from '@shop/shared';
import { ADDRESS_FEEDBACK_MS } from '@shop/shared/form';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CheckoutPage } from './CheckoutPage';
import {
  address,
  COUNTRIES,
  checkoutCart,
  type FakeRoutes,
  fail,
  GUEST,
  HOME,
  hearSessionCommands,
  installCheckoutApi,
  MEMBER,
  OFFICE,
  ok,
  order,
  PAYMENT_DETAILS,
  renderCheckout,
  signedInAs,
} from './checkoutTestKit';
import {
  ADDRESS_SAVED,
  CART_CALL_ERROR_MS,
  CART_TAB_BLOCKED,
  CHECKOUT_SIGNED_OUT,
  CONFIRM_ORDER_HINT,
  LAST_ORDER_STORAGE_KEY,
  NEW_ADDRESS_FOLLOW_UP_MS,
  ORDER_RETRY_DELAY_MS,
  PAYMENT_TAB_BLOCKED,
} from './constants';

const WITH_OFFICE = checkoutCart({ shippingAddress: OFFICE });
const READY = checkoutCart({ shippingAddress: OFFICE, paymentMethod: 'Cash On Delivery' });
const PLACED = { order_id: 'GS-2611-000042', order: order('GS-2611-000042', 88.46) };

/** Opens /checkout with `cart` in the store and on the server; HOME is not primary unless asked. */
function openCheckout({
  cart = checkoutCart(),
  addresses = [address(31, 'Dubai'), OFFICE],
  routes = {},
}: {
  cart?: Cart;
  addresses?: ShippingAddress[];
  routes?: FakeRoutes;
} = {}) {
  const backend = installCheckoutApi({
    'POST cart/get-items': ok(cart),
    'GET buyers-shipping-address': ok({ items: addresses }),
    'GET countries': ok(COUNTRIES),
    'GET money-transfer-details': ok(PAYMENT_DETAILS),
    ...routes,
  });
  const view = renderCheckout(<CheckoutPage />, { cart });
  return { backend, ...view };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const openTab = (name: string) => fireEvent.click(tab(name));
const confirmOrder = () => screen.getByRole('button', { name: 'Confirm Order' });
/** The first-load calls (the cart, the addresses) answered and their answers shown. */
async function loaded(backend: ReturnType<typeof openCheckout>['backend']) {
  await waitFor(() => {
    expect(backend.callsTo('POST cart/get-items')).toHaveLength(1);
    expect(backend.callsTo('GET buyers-shipping-address')).toHaveLength(1);
  });
  await act(() => Promise.resolve());
}

describe('checkout (/checkout)', () => {
  beforeEach(() => {
    signedInAs(MEMBER);
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('shows the tabs cart, shippingAddress and paymentMethod in that order beside the order summary', async () => {
    const { backend } = openCheckout({ cart: WITH_OFFICE });
    await loaded(backend);
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      '1Cart',
      '2Shipping Address',
      '3Payment Method',
    ]);
    expect(tab('Cart')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Photo Mug' })).toHaveAttribute('href', '/product/product-5');
    expect(screen.getByRole('link', { name: 'Change your cart' })).toHaveAttribute('href', '/cart');

    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('AED 73.46');
    expect(within(summary).getByText('Shipping Fee').nextSibling).toHaveTextContent('AED 15.00');
    expect(within(summary).getByText('Total inclusive of VAT').nextSibling).toHaveTextContent('AED 88.46');
    expect(within(summary).getByText('of which VAT (5%)').nextSibling).toHaveTextContent('AED 4.21');
    expect(within(summary).getByRole('link', { name: 'Edit your cart' })).toHaveAttribute('href', '/cart');
    expect(within(summary).getByRole('link', { name: 'Questions? Contact us' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(summary).getByRole('link', { name: 'Continue shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('blocks the payment tab until the cart has a shipping address, and says why', async () => {
    const { backend } = openCheckout({
      routes: { 'POST cart/add-shipping-address': ok(WITH_OFFICE) },
    });
    await loaded(backend);
    openTab('Payment Method');
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_TAB_BLOCKED);
    expect(tab('Cart')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Payment Method')).toHaveAttribute('aria-disabled', 'true');

    openTab('Shipping Address');
    fireEvent.click(await screen.findByRole('radio', { name: /Sharjah/ }));
    await waitFor(() => expect(tab('Payment Method')).not.toHaveAttribute('aria-disabled'));
    expect(backend.callsTo('POST cart/add-shipping-address')[0]?.body).toEqual({
      address_id: OFFICE.id,
      guest_session_token: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment Method' }));
    expect(tab('Payment Method')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('radio', { name: 'Money Exchange Transfer' })).toBeInTheDocument();
  });

  it('blocks going from the payment tab back to the cart tab while no payment method is set', async () => {
    const { backend } = openCheckout({
      cart: WITH_OFFICE,
      routes: { 'POST cart/add-payment-method': ok(READY) },
    });
    await loaded(backend);
    openTab('Payment Method');
    openTab('Cart');
    expect(screen.getByRole('alert')).toHaveTextContent(CART_TAB_BLOCKED);
    // The notice says what is missing; it goes as soon as that is done.
    fireEvent.click(await screen.findByRole('radio', { name: 'Cash On Delivery' }));
    await waitFor(() => expect(screen.queryByText(CART_TAB_BLOCKED)).not.toBeInTheDocument());
    expect(tab('Payment Method')).toHaveAttribute('aria-selected', 'true');
    // Back to the addresses is not blocked.
    openTab('Shipping Address');
    expect(tab('Shipping Address')).toHaveAttribute('aria-selected', 'true');

    openTab('Payment Method');
    await waitFor(() => expect(tab('Cart')).not.toHaveAttribute('aria-disabled'));
    expect(backend.callsTo('POST cart/add-payment-method')[0]?.body).toEqual({
      payment_method: 'Cash On Delivery',
      guest_session_token: null,
    });
    openTab('Cart');
    expect(tab('Cart')).toHaveAttribute('aria-selected', 'true');
  });

  it("moves focus to the opened tab's heading; the arrow keys move along the tabs", async () => {
    const { backend } = openCheckout({ cart: WITH_OFFICE });
    await loaded(backend);
    tab('Cart').focus();
    fireEvent.keyDown(tab('Cart'), { key: 'ArrowRight' });
    expect(tab('Shipping Address')).toHaveFocus();
    expect(tab('Cart')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Shipping Address'), { key: 'End' });
    expect(tab('Payment Method')).toHaveFocus();
    fireEvent.keyDown(tab('Payment Method'), { key: 'ArrowRight' });
    expect(tab('Cart')).toHaveFocus();

    openTab('Shipping Address');
    expect(screen.getByRole('heading', { name: 'Shipping Address' })).toHaveFocus();
    openTab('Payment Method');
    expect(screen.getByRole('heading', { name: 'Payment Method' })).toHaveFocus();
  });

  it('applies the primary address to the cart on first load when the cart has none', async () => {
    const { backend } = openCheckout({
      addresses: [OFFICE, HOME],
      routes: { 'POST cart/add-shipping-address': ok(checkoutCart({ shippingAddress: HOME })) },
    });
    await waitFor(() => expect(backend.callsTo('POST cart/add-shipping-address')).toHaveLength(1));
    expect(backend.callsTo('POST cart/add-shipping-address')[0]?.body).toEqual({
      address_id: HOME.id,
      guest_session_token: null,
    });
    await waitFor(() => expect(screen.getByTestId('summary-shipping')).toHaveTextContent('AED 15.00'));
    expect(tab('Payment Method')).not.toHaveAttribute('aria-disabled');
  });

  it('leaves the address of a cart that has one', async () => {
    const { backend } = openCheckout({ cart: WITH_OFFICE, addresses: [OFFICE, HOME] });
    await loaded(backend);
    openTab('Shipping Address');
    expect(await screen.findByRole('radio', { name: /Sharjah/ })).toBeChecked();
    expect(backend.callsTo('POST cart/add-shipping-address')).toHaveLength(0);
  });

  it("asks for every field of a new address with the spec's texts and counts the address out of 500", async () => {
    const { backend } = openCheckout({ addresses: [] });
    await loaded(backend);
    openTab('Shipping Address');
    expect(await screen.findByTestId('address-counter')).toHaveTextContent('0 / 500 Characters only');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 Palm Street' } });
    expect(screen.getByTestId('address-counter')).toHaveTextContent('14 / 500 Characters only');
    fireEvent.click(screen.getByRole('button', { name: 'Save and use this address' }));
    expect(await screen.findByText("Please enter receiver's city")).toBeInTheDocument();
    expect(screen.getByText("Please enter receiver's first name")).toBeInTheDocument();
    expect(screen.getByText("Please select receiver's country")).toBeInTheDocument();
    expect(screen.queryByText("Please enter receiver's full address")).not.toBeInTheDocument();
    expect(backend.callsTo('POST buyers-shipping-address/create')).toHaveLength(0);
  });

  it('saves a new address and applies it to the cart 300 ms later', async () => {
    jest.useFakeTimers();
    const saved = address(33, 'Abu Dhabi');
    let savedAt = 0;
    let appliedAt = 0;
    const { backend } = openCheckout({
      addresses: [],
      routes: {
        'POST buyers-shipping-address/create': () => {
          savedAt = Date.now();
          return ok({ item: saved });
        },
        'POST cart/add-shipping-address': () => {
          appliedAt = Date.now();
          return ok(checkoutCart({ shippingAddress: saved }));
        },
      },
    });
    await loaded(backend);
    openTab('Shipping Address');
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('City');
    type('First name', 'Lina');
    type('Last name', 'Haddad');
    type('Email address', 'lina@example.com');
    type('Mobile number', '+971 501234567');
    type('Country', '1');
    type('City', 'Abu Dhabi');
    type('Address', '33 Palm Street');
    fireEvent.click(screen.getByRole('button', { name: 'Save and use this address' }));

    expect(await screen.findByText(ADDRESS_SAVED)).toHaveFocus();
    expect(backend.callsTo('POST buyers-shipping-address/create')[0]?.body).toEqual({
      first_name: 'Lina',
      last_name: 'Haddad',
      email: 'lina@example.com',
      mobile: '+971 501234567',
      country_id: 1,
      city: 'Abu Dhabi',
      address: '33 Palm Street',
      is_primary: false,
    });
    await waitFor(() => expect(backend.callsTo('POST cart/add-shipping-address')).toHaveLength(1));
    expect(appliedAt - savedAt).toBe(NEW_ADDRESS_FOLLOW_UP_MS);
    expect(backend.callsTo('POST cart/add-shipping-address')[0]?.body).toEqual({
      address_id: 33,
      guest_session_token: null,
    });
    expect(await screen.findByRole('radio', { name: /Abu Dhabi/ })).toBeChecked();
    // "Address update and error flags clear after 4 s."
    act(() => jest.advanceTimersByTime(ADDRESS_FEEDBACK_MS));
    expect(screen.queryByText(ADDRESS_SAVED)).not.toBeInTheDocument();
  });

  it("shows a refused address's message for 4 s", async () => {
    jest.useFakeTimers();
    const { backend } = openCheckout({
      addresses: [OFFICE],
      routes: { 'POST buyers-shipping-address/create': fail(500, 'Internal error') },
    });
    await loaded(backend);
    openTab('Shipping Address');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('City');
    type('First name', 'Lina');
    type('Last name', 'Haddad');
    type('Email address', 'lina@example.com');
    type('Mobile number', '+971 501234567');
    type('Country', '2');
    type('City', 'Beirut');
    type('Address', 'Hamra Street');
    fireEvent.click(screen.getByRole('button', { name: 'Save and use this address' }));
    expect(await screen.findByText(MESSAGES.actionFailed)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(ADDRESS_FEEDBACK_MS - 1000));
    expect(screen.getByText(MESSAGES.actionFailed)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText(MESSAGES.actionFailed)).not.toBeInTheDocument();
  });

  it('offers Cash On Delivery and Money Exchange Transfer, with whom to send the money to only for the transfer, and no bank details', async () => {
    const { backend } = openCheckout({
      cart: WITH_OFFICE,
      routes: {
        'POST cart/add-payment-method': ok(
          checkoutCart({ shippingAddress: OFFICE, paymentMethod: 'Money Exchange Transfer' }),
        ),
      },
    });
    await loaded(backend);
    openTab('Payment Method');
    const methods = within(await screen.findByRole('group', { name: 'How would you like to pay?' }));
    expect(methods.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'Cash On Delivery',
      'Money Exchange Transfer',
    ]);
    expect(screen.queryByRole('radio', { name: 'Bank Transfer' })).not.toBeInTheDocument();
    expect(screen.queryByText('Rami Khoury')).not.toBeInTheDocument();

    fireEvent.click(methods.getByRole('radio', { name: 'Money Exchange Transfer' }));
    const person = within(await screen.findByRole('region', { name: 'Send the money to' }));
    expect(person.getByText('Rami Khoury')).toBeInTheDocument();
    expect(person.getByText('+971 55 765 4321')).toBeInTheDocument();
    await waitFor(() => expect(confirmOrder()).toBeEnabled());
    // Bank Transfer is never a choice, so its details have no place here.
    for (const detail of ['Gift Shop LLC', 'Emirates NBD', 'AE07 0331 2345 6789 0123 456']) {
      expect(screen.queryByText(detail)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Bank Transfer' })).not.toBeInTheDocument();
  });

  it('shows the error panel when the transfer details cannot be loaded', async () => {
    const { backend } = openCheckout({
      cart: checkoutCart({ shippingAddress: OFFICE, paymentMethod: 'Money Exchange Transfer' }),
      routes: { 'GET money-transfer-details': fail(500, 'Internal error') },
    });
    await loaded(backend);
    openTab('Payment Method');
    expect(await screen.findByRole('heading', { name: MESSAGES.listFailedTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.listFailedText)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cash On Delivery' })).toBeInTheDocument();
  });

  it('enables Confirm Order only once the cart has both an address and a payment method', async () => {
    const { backend } = openCheckout({
      cart: WITH_OFFICE,
      routes: { 'POST cart/add-payment-method': ok(READY) },
    });
    await loaded(backend);
    expect(confirmOrder()).toBeDisabled();
    expect(confirmOrder()).toHaveAccessibleDescription(CONFIRM_ORDER_HINT);
    openTab('Payment Method');
    fireEvent.click(await screen.findByRole('radio', { name: 'Cash On Delivery' }));
    await waitFor(() => expect(confirmOrder()).toBeEnabled());
  });

  it('shows why the order was refused, and clears it after 5 s', async () => {
    jest.useFakeTimers();
    const refusal = 'Only 1 "Photo Mug" left in stock.';
    const { backend } = openCheckout({
      cart: READY,
      routes: {
        'POST cart/member-checkout': {
          status: 409,
          body: { status: false, error: { code: 'OUT_OF_STOCK', message: refusal } },
        },
      },
    });
    await loaded(backend);
    fireEvent.click(confirmOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    // The cart is asked again, so the line short of stock gets flagged.
    expect(backend.callsTo('POST cart/get-items')).toHaveLength(2);
    act(() => jest.advanceTimersByTime(CART_CALL_ERROR_MS - 1000));
    expect(screen.getByText(refusal)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });

  it('confirms the order with its number, hides the cart view and empties the cart', async () => {
    const { backend, store } = openCheckout({
      cart: READY,
      routes: { 'POST cart/member-checkout': ok(PLACED) },
    });
    await loaded(backend);
    fireEvent.click(confirmOrder());
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toHaveFocus();
    expect(screen.getByText(MESSAGES.orderReceived)).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('GS-2611-000042');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Order Summary' })).not.toBeInTheDocument();
    expect(store.getState().cart.cart?.items).toEqual([]);
    expect(backend.callsTo('POST cart/member-checkout')[0]?.body).toEqual({ member_checkout: true });
    expect(backend.keysSentTo('cart/member-checkout')[0]).toMatch(/\S{16,}/);
    expect(screen.getByRole('link', { name: 'My Order(s)' })).toHaveAttribute('href', '/member/orders');
    expect(JSON.parse(sessionStorage.getItem(LAST_ORDER_STORAGE_KEY) ?? '{}')).toMatchObject({
      order_id: 'GS-2611-000042',
      total: 'AED 88.46',
    });
    expect(bus.get('session').user).toEqual(MEMBER);
  });

  it('asks auth to sign a Guest out after placing the order, and still shows the confirmation', async () => {
    signedInAs(GUEST);
    const auth = hearSessionCommands();
    const { backend } = openCheckout({
      cart: READY,
      routes: { 'POST cart/member-checkout': ok(PLACED) },
    });
    await loaded(backend);
    fireEvent.click(confirmOrder());
    expect(await screen.findByTestId('order-number')).toHaveTextContent('GS-2611-000042');
    // The server revoked the guest's token with the order: cleared without a call, page kept.
    await waitFor(() =>
      expect(auth.heard).toEqual([{ command: 'session.end', payload: { reason: 'token-gone' } }]),
    );
    expect(screen.queryByRole('link', { name: 'My Order(s)' })).not.toBeInTheDocument();
    auth.stop();
  });

  it('sends a lost order again with the same Idempotency-Key, and a new click with a new key', async () => {
    jest.useFakeTimers();
    const answers = [
      { status: 503, body: { status: false, error: { code: 'UNAVAILABLE', message: 'Try again' } } },
      fail(500, 'Internal error'),
      ok(PLACED),
    ];
    const { backend } = openCheckout({
      cart: READY,
      routes: { 'POST cart/member-checkout': () => answers.shift() ?? ok(PLACED) },
    });
    await loaded(backend);
    fireEvent.click(confirmOrder());
    await waitFor(() => expect(backend.callsTo('POST cart/member-checkout')).toHaveLength(1));
    await act(() => jest.advanceTimersByTimeAsync(ORDER_RETRY_DELAY_MS));
    expect(await screen.findByText(MESSAGES.actionFailed)).toBeInTheDocument();
    fireEvent.click(confirmOrder());
    expect(await screen.findByTestId('order-number')).toHaveTextContent('GS-2611-000042');
    const [first, retry, second] = backend.keysSentTo('cart/member-checkout');
    expect(retry).toBe(first);
    expect(second).not.toBe(first);
  });

  it('asks a shopper who is not signed in to sign in, or to check out as a guest from the cart', async () => {
    signedInAs(null, 'guest-cart-token');
    openCheckout();
    expect(await screen.findByText(CHECKOUT_SIGNED_OUT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});
