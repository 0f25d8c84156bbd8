/**
 * The network edge of the member tests: `fetch` answers like the backend's shipping-address
 * routes over an in-memory address book (envelopes, HTTP codes, the primary rule), and every call
 * is recorded. Pages render in a fresh member store inside the area's frame at /member/*.
 */
import { bus, type ShippingAddress, type User } from '@shop/shared';
import { Provider } from '@shop/shared/redux';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemberArea } from '../features/area/MemberArea';
import { createMemberStore } from '../store';
import { type FakeRequest, installFakeFetch, ok, refused } from './fakeFetch';

export type FakeCall = FakeRequest;
type Reply = { status: number; body: unknown };

export const COUNTRIES = [
  { id: 1, name: 'United Arab Emirates', iso2: 'ae', dial_code: '971' },
  { id: 2, name: 'Lebanon', iso2: 'lb', dial_code: '961' },
];

export const OMAR: User = { id: 3, token: 'member-token', type: 'Member', first_name: 'Omar' } as User;

export function address(id: number, city: string, isPrimary = false): ShippingAddress {
  return {
    id,
    buyer_id: OMAR.id,
    first_name: 'Omar',
    last_name: `Khan ${id}`,
    email: 'omar@example.com',
    mobile: `050123456${id}`,
    country_id: 1,
    country: 'United Arab Emirates',
    city,
    address: `${id} Palm Street`,
    is_primary: isPrimary,
  };
}

export const refusal = (status: number, message: string, fields?: Record<string, string>): Reply =>
  refused(status, status === 404 ? 'NOT_FOUND' : 'REFUSED', message, fields);

/**
 * `overrides` answer a 'METHOD path' before the address book does (a failure, a refusal).
 */
export function installAddressBook(start: ShippingAddress[], overrides: Record<string, () => Reply> = {}) {
  let book = start.map((item) => ({ ...item }));
  let nextId = 100;
  const notFound = refusal(404, 'Address not found');

  const answer = (call: FakeCall): Reply => {
    const key = `${call.method} ${call.path}`;
    if (overrides[key]) return overrides[key]();
    if (key === 'GET countries') return ok({ list: COUNTRIES });
    if (key === 'GET buyers-shipping-address') return ok({ items: book });
    const body = call.body as Partial<ShippingAddress>;
    const fromBody = (item: Partial<ShippingAddress>): ShippingAddress => ({
      ...(item as ShippingAddress),
      ...body,
      country: COUNTRIES.find((country) => country.id === body.country_id)?.name ?? '',
      is_primary: Boolean(body.is_primary || item.is_primary),
    });
    const primaryOnly = (id: number) => {
      book = book.map((item) => ({ ...item, is_primary: item.id === id }));
    };
    if (key === 'POST buyers-shipping-address/create') {
      const item = fromBody({ id: nextId++, buyer_id: OMAR.id, is_primary: book.length === 0 });
      book.push(item);
      if (item.is_primary) primaryOnly(item.id);
      return ok({ item }, 201);
    }
    if (key === 'POST buyers-shipping-address/primary') {
      const id = (body as { id: number }).id;
      if (!book.some((item) => item.id === id)) return notFound;
      primaryOnly(id);
      return ok({ items: book });
    }
    const [, verb, idText] = call.path.match(/^buyers-shipping-address\/(?:(update)\/)?(\d+)$/) ?? [];
    const found = book.find((item) => item.id === Number(idText));
    if (!idText) return notFound;
    if (!found) return notFound;
    if (call.method === 'GET' && !verb) return ok({ address: found });
    if (call.method === 'DELETE' && !verb) {
      book = book.filter((item) => item !== found);
      const newest = book.at(-1);
      if (found.is_primary && newest) newest.is_primary = true;
      return ok({ items: book });
    }
    if (call.method === 'POST' && verb) {
      const item = fromBody(found);
      book = book.map((each) => (each === found ? item : each));
      if (item.is_primary) primaryOnly(item.id);
      return ok({ item });
    }
    return notFound;
  };

  const calls = installFakeFetch(answer);
  return {
    calls,
    book: () => book,
    callsTo: (methodAndPath: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === methodAndPath),
  };
}

function CurrentPath(): ReactNode {
  return <div data-testid="path">{useLocation().pathname}</div>;
}

/** The member area at `path`, signed in as Omar, as the shell mounts it (/member/*). */
export function renderMemberArea(path: string) {
  act(() => bus.publish('session', { user: OMAR, guestSessionToken: null, wishlistUser: null }));
  const store = createMemberStore();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/member/*" element={<MemberArea />} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}
