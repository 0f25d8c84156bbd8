/**
 * The network edge of the gift-option tests: `fetch` answers from a table of 'METHOD path' routes
 * the way the backend would (envelopes, HTTP codes, image bytes), and every call is recorded with
 * its JSON or multipart body. Components render in a fresh cart store holding the given cart.
 */
import { bus, type Cart, type CartItem, type ProductCard } from '@shop/shared';
import { configureStore, Provider } from '@shop/shared/redux';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type CartSliceState, cartReducer } from '../cart/cartSlice';

export interface FakeCall {
  method: string;
  path: string;
  /** A JSON body, parsed. */
  body: unknown;
  /** A multipart body. */
  form: FormData | null;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** For answers that are bytes (the saved logo). */
  blob?: Blob;
}

type FakeRoute = FakeAnswer | ((call: FakeCall) => FakeAnswer);

export const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { status: true, data } });
export const fail = (status: number, message: string, fields?: Record<string, string>): FakeAnswer => ({
  status,
  body: { status: false, error: { code: 'ERROR', message, fields } },
});

export function installFakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://shop.test');
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/backend\/api\//, ''),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : null,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer: FakeAnswer = !route
      ? fail(404, 'Not found')
      : typeof route === 'function'
        ? route(call)
        : route;
    return {
      ok: answer.status < 400,
      status: answer.status,
      json: async () => answer.body,
      blob: async () => answer.blob ?? new Blob([]),
    };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return {
    calls,
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
