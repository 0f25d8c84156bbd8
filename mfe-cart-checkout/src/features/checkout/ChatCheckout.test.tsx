import { MESSAGES } from '@shop/contract/validation/messages';
import { bus } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ChatCheckout } from './ChatCheckout';
import {
  checkoutCart,
  type FakeRoutes,
  GUEST,
  GUEST_TOKEN,
  hearSessionCommands,
  installCheckoutApi,
  MEMBER,
  ok,
  order,
  renderCheckout,
  signedInAs,
} from './checkoutTestKit';
import { CHAT_CHECKOUT_LABEL, CHAT_EMAIL_EXISTS, CHAT_OPEN_LINK, LAST_ORDER_STORAGE_KEY } from './constants';

const CHAT_URL = 'https://wa.me/971500000000?text=Order%20GS-2611-000050';
const NEW_GUEST = { ...GUEST, id: 9, token: 'guest-token-9', first_name: 'Maya', email: 'maya@example.com' };
const PLACED = {
  order_id: 'GS-2611-000050',
  order: order('GS-2611-000050', 73.46),
  user: NEW_GUEST,
  chat_url: CHAT_URL,
};

function open(routes: FakeRoutes) {
  const backend = installCheckoutApi(routes);
  const view = renderCheckout(<ChatCheckout />, {
    cart: { ...checkoutCart(), guest_session_token: GUEST_TOKEN },
    path: '/cart',
  });
  fireEvent.click(screen.getByRole('button', { name: CHAT_CHECKOUT_LABEL }));
  return { backend, dialog: within(screen.getByRole('dialog', { name: CHAT_CHECKOUT_LABEL })), ...view };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const placeOrder = () => fireEvent.click(screen.getByRole('button', { name: 'Place order and open chat' }));

describe('order by chat message', () => {
  let opened: jest.SpyInstance;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    opened = jest.spyOn(window, 'open').mockReturnValue(null);
  });
  afterEach(() => opened.mockRestore());

  it("asks a shopper who is not signed in for name, e-mail and mobile with the spec's messages", async () => {
    signedInAs(null, GUEST_TOKEN);
    const { backend } = open({});
    placeOrder();
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your mobile number')).toBeInTheDocument();

    type('Email address *', 'maya@');
    type('Mobile number *', '050 123 45');
    placeOrder();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    // Nine digits: the spec wants more than 9.
    expect(screen.getByText('Please enter your complete mobile number')).toBeInTheDocument();
    expect(backend.callsTo('POST cart/whatsapp-checkout')).toHaveLength(0);
  });

  it('places the order, opens the chat in a new tab and shows the order number; closing empties the cart and has auth sign the guest in', async () => {
    signedInAs(null, GUEST_TOKEN);
    const auth = hearSessionCommands();
    const { backend, store } = open({ 'POST cart/whatsapp-checkout': ok(PLACED) });
    type('Name *', 'Maya Saleh');
    type('Email address *', 'maya@example.com');
    type('Mobile number *', '+971 50 123 4567');
    placeOrder();

    expect(await screen.findByTestId('order-number')).toHaveTextContent('GS-2611-000050');
    expect(screen.getByText(MESSAGES.orderReceived)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CHAT_OPEN_LINK })).toHaveAttribute('href', CHAT_URL);
    expect(opened).toHaveBeenCalledWith(CHAT_URL, '_blank', 'noopener');
    expect(backend.callsTo('POST cart/whatsapp-checkout')[0]?.body).toEqual({
      name: 'Maya Saleh',
      email: 'maya@example.com',
      mobile: '+971 50 123 4567',
      guest_session_token: GUEST_TOKEN,
    });
    expect(backend.keysSentTo('cart/whatsapp-checkout')[0]).toMatch(/\S{16,}/);
    expect(JSON.parse(sessionStorage.getItem(LAST_ORDER_STORAGE_KEY) ?? '{}')).toMatchObject({
      order_id: 'GS-2611-000050',
      chat_url: CHAT_URL,
    });

    expect(auth.heard).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(store.getState().cart.cart?.items).toEqual([]);
    await waitFor(() =>
      expect(auth.heard).toEqual([{ command: 'session.start', payload: { user: NEW_GUEST } }]),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    auth.stop();
  });

  it('asks a signed-in shopper only to confirm', async () => {
    signedInAs(MEMBER);
    const auth = hearSessionCommands();
    const { backend, dialog } = open({ 'POST cart/whatsapp-checkout': ok({ ...PLACED, user: MEMBER }) });
    expect(dialog.queryByRole('textbox')).not.toBeInTheDocument();
    placeOrder();
    expect(await screen.findByTestId('order-number')).toHaveTextContent('GS-2611-000050');
    expect(backend.callsTo('POST cart/whatsapp-checkout')[0]?.body).toEqual({ guest_session_token: null });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(bus.get('session').user).toEqual(MEMBER);
    expect(auth.heard).toEqual([]);
    auth.stop();
  });

  it('warns that an account exists for the e-mail and recommends signing in', async () => {
    signedInAs(null, GUEST_TOKEN);
    const signIn = jest.fn();
    const off = bus.handle('ui.openSignIn', signIn);
    open({
      'POST cart/whatsapp-checkout': {
        status: 409,
        body: { status: false, error: { code: 'EMAIL_EXISTS', message: 'Email is already exist' } },
      },
    });
    type('Name *', 'Lina Haddad');
    type('Email address *', 'lina@example.com');
    type('Mobile number *', '+971 50 123 4567');
    placeOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent(CHAT_EMAIL_EXISTS);
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signIn).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    off();
  });
});
