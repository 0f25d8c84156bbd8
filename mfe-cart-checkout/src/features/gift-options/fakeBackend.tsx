/**
 * The network edge of the gift-option tests: the shared fake backend
 * (`@shop/shared/test/fake-backend`) as the global `fetch`, answering 'METHOD path' routes the way
 * the backend would (envelopes, HTTP codes, image bytes), every call recorded with its JSON or
 * multipart body. Components render in a fresh cart store holding the given cart.
 */
import { bus, type Cart, type CartItem, type ProductCard } from '@shop/shared';
import { configureStore, Provider } from '@shop/shared/redux';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import {
  type FakeCall as BackendCall,
  type FakeReply,
  installFakeBackend,
  refused,
  routeTable,
} from '@shop/shared/test/fake-backend';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type CartSliceState, cartReducer } from '../cart/cartSlice';

/** A call as these tests read it: a JSON body parsed, or a multipart body as `form`. */
export type FakeCall = Pick<BackendCall, 'method' | 'path' | 'body' | 'form'>;

export type FakeAnswer = FakeReply;

type FakeRoute = FakeAnswer | ((call: FakeCall) => FakeAnswer);

export { ok } from '@shop/shared/test/fake-backend';
export const fail = (status: number, message: string, fields?: Record<string, string>): FakeAnswer =>
  refused(status, 'ERROR', message, fields);

const callOf = (call: BackendCall): FakeCall => ({
  method: call.method,
  path: call.path,
  body: call.form ? undefined : call.body,
  form: call.form,
});

export function installFakeApi(routes: Record<string, FakeRoute>) {
  const table = Object.fromEntries(
    Object.entries(routes).map(([key, route]) => [
      key,
      typeof route === 'function' ? (call: BackendCall) => route(callOf(call)) : route,
    ]),
  );
  /** Every call as the backend saw it (with its headers). */
  const sent: BackendCall[] = [];
  const { calls } = installFakeBackend(routeTable(table, fail(404, 'Not found')), (call) => {
    sent.push(call);
    return callOf(call);
  });
  return {
    calls,
    sent,
    /** The calls to 'METHOD path', e.g. 'POST cart/add-packaging'. */
    callsTo: (methodAndPath: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === methodAndPath),
  };
}

export const AED = { code: 'AED', symbol: 'AED', exchange_rate: 3.6725, decimal_places: 2 };
export const GUEST_TOKEN = 'guest-token-1';

export const product = (id: number, title: string): ProductCard =>
  ({ id, title, slug: `product-${id}`, image: `/images/product/${id}.jpg` }) as ProductCard;

/** A plain line of `quantity` pieces, without customization or packaging. */
export function line(id: number, productCard: ProductCard, quantity = 2): CartItem {
  return {
    id,
    quantity,
    product: productCard,
    price: 36.73,
    total: 36.73 * quantity,
    stock_problem: null,
    customization: null,
    customization_id: null,
    customization_logo: null,
    customization_to_whom: null,
    customization_from: null,
    customization_note: null,
    customization_brief: null,
    customization_price: 0,
    packaging: null,
    packaging_id: null,
    packaging_price: 0,
    package_price: 0,
  };
}

export function cartOf(...items: CartItem[]): Cart {
  const subTotal = items.reduce((sum, item) => sum + item.total, 0);
  return {
    items,
    invoice: {
      subTotal,
      subTotalWithAdditional: subTotal,
      shippingCharges: 0,
      total: subTotal,
      vatRate: 5,
      vatIncluded: 0,
    },
    selectedCurrency: AED,
    shippingAddress: null,
    paymentMethod: null,
    guest_session_token: GUEST_TOKEN,
  };
}

/** A guest shopper with a cart token, as the bus says after cart/add. */
export function guestSession(): void {
  bus.publish('session', { user: null, guestSessionToken: GUEST_TOKEN, wishlistUser: null });
}

function CurrentPath(): ReactNode {
  return <div data-testid="path">{useLocation().pathname}</div>;
}

/** Renders `ui` at `path` inside a fresh cart store holding `cart` (null: not loaded yet). */
function cartStateOf(cart: Cart | null): CartSliceState {
  // The slice's own initial state, so fields added to it later need no change here.
  return { ...cartReducer(undefined, { type: 'test/init' }), cart, status: cart ? 'succeeded' : 'idle' };
}

export function renderWithCart(
  ui: ReactNode,
  { cart, path = '/', routePath = '*' }: { cart: Cart | null; path?: string; routePath?: string },
) {
  const store = configureStore({
    reducer: { cart: cartReducer },
    preloadedState: { cart: cartStateOf(cart) },
  });
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={ui} />
          <Route path="/cart" element={<h1>Shopping Cart</h1>} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}
