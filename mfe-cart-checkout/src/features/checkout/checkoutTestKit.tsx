/**
 * The checkout tests' world: the gift-option tests' fake backend (routes answering like the API,
 * every call recorded) plus the headers each call carried, a store with the cart and checkout
 * slices, and the shoppers and data the spec's scenarios need.
 */
import {
  bus,
  type Cart,
  type CommandPayload,
  type Order,
  type ShippingAddress,
  type User,
} from '@shop/shared';
import { configureStore, Provider } from '@shop/shared/redux';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { cartReducer, cartReplaced } from '../cart/cartSlice';
import { cartOf, installFakeApi, line, product } from '../gift-options/fakeBackend';
import { checkoutReducer } from './checkoutSlice';

export { CHECKOUT_TERMS, PAYMENT_DETAILS } from '@shop/shared/test/checkout-terms';

export { AED, cartOf, fail, GUEST_TOKEN, line, ok, product } from '../gift-options/fakeBackend';

export type FakeRoutes = Parameters<typeof installFakeApi>[0];

/** installFakeApi, and the headers of every call (e.g. its Idempotency-Key). */
export function installCheckoutApi(routes: FakeRoutes) {
  const { sent, ...backend } = installFakeApi(routes);
  return {
    ...backend,
    /** The Idempotency-Key of each call to `path`, in order. */
    keysSentTo: (path: string) =>
      sent.filter((call) => call.path === path).map((call) => call.headers['Idempotency-Key']),
  };
}

const user = (type: User['type'], id: number, first_name: string): User => ({
  id,
  token: `${type.toLowerCase()}-token-${id}`,
  type,
  first_name,
  last_name: 'Haddad',
  email: `${first_name.toLowerCase()}@example.com`,
  mobile: '+971 501234567',
  gender: null,
  country_id: 1,
  alternate_email: null,
});

export const MEMBER = user('Member', 7, 'Lina');
/** A guest who signed up express at the cart (spec 001 §4) and holds a token. */
export const GUEST = user('Guest', 8, 'Omar');

export function signedInAs(shopper: User | null, guestSessionToken: string | null = null): void {
  bus.publish('session', { user: shopper, guestSessionToken, wishlistUser: null });
}

type SessionCommand = 'session.start' | 'session.end';
export type HeardSessionCommand = {
  [C in SessionCommand]: { command: C; payload: CommandPayload<C> };
}[SessionCommand];

/**
 * Stands in for auth, the session's owner, on the bus: records the session commands cart_checkout
 * sends (auth's own tests prove what each does to the session). `stop` unregisters.
 */
export function hearSessionCommands(): { heard: HeardSessionCommand[]; stop: () => void } {
  const heard: HeardSessionCommand[] = [];
  const offs = [
    bus.handle('session.start', (payload) => void heard.push({ command: 'session.start', payload })),
    bus.handle('session.end', (payload) => void heard.push({ command: 'session.end', payload })),
  ];
  return {
    heard,
    stop: () => {
      for (const off of offs) off();
    },
  };
}

export const address = (id: number, city: string, is_primary = false): ShippingAddress => ({
  id,
  buyer_id: MEMBER.id,
  first_name: 'Lina',
  last_name: 'Haddad',
  email: 'lina@example.com',
  mobile: '+971 501234567',
  country_id: 1,
  country: 'United Arab Emirates',
  city,
  address: `${id} Palm Street`,
  is_primary,
});
export const HOME = address(31, 'Dubai', true);
export const OFFICE = address(32, 'Sharjah');

export const COUNTRIES = {
  list: [
    { id: 1, name: 'United Arab Emirates' },
    { id: 2, name: 'Lebanon' },
  ],
};

export const MUG = product(5, 'Photo Mug');

/** Two mugs at AED 36.73: AED 73.46, VAT 5 % included. */
export function checkoutCart(choices: Partial<Pick<Cart, 'shippingAddress' | 'paymentMethod'>> = {}): Cart {
  const cart = cartOf(line(11, MUG));
  const shipping = choices.shippingAddress ? 15 : 0;
  return {
    ...cart,
    invoice: {
      ...cart.invoice,
      shippingCharges: shipping,
      total: 73.46 + shipping,
      vatIncluded: Number(((73.46 + shipping) / 21).toFixed(2)),
    },
    guest_session_token: null,
    shippingAddress: null,
    paymentMethod: null,
    ...choices,
  };
}

export function order(order_id: string, total_amount: number): Order {
  return {
    id: 42,
    order_id,
    created_at: '2026-11-02T10:00:00Z',
    order_status: 'Pending',
    payment_status: 'Pending',
    payment_method: 'Cash On Delivery',
    products_total_cost: total_amount,
    shipping_cost: 0,
    total_amount,
    vat_rate: 5,
    vat_amount: 0,
    currency: { code: 'AED', symbol: 'AED' },
  };
}

function CurrentPath(): ReactNode {
  return <div data-testid="path">{useLocation().pathname}</div>;
}

/** Renders `ui` at `path` in a fresh store holding `cart` (cart and checkout slices, as store.ts will). */
export function renderCheckout(
  ui: ReactNode,
  { cart, path = '/checkout' }: { cart: Cart | null; path?: string },
) {
  const store = configureStore({ reducer: { cart: cartReducer, checkout: checkoutReducer } });
  if (cart) store.dispatch(cartReplaced(cart));
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}
