import type { User } from '@shop/contract';
import { bus } from '../bus/bus';
import { api, createApiClient, type FetchImpl, type FetchResponse, withQuery } from './client';

const member: User = {
  id: 1,
  token: 'secret-token',
  type: 'Member',
  first_name: 'Omar',
  last_name: 'Khalil',
  email: 'omar@example.com',
  mobile: null,
  gender: null,
  country_id: null,
  alternate_email: null,
};

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that records each call and answers with `status` and a JSON body (or raw text). */
function fakeFetch(status: number, body: unknown, options: { raw?: string } = {}) {
  const calls: Call[] = [];
  const fetchImpl: FetchImpl = async (url, init) => {
    calls.push({ url, init });
    const response: FetchResponse = {
      ok: status >= 200 && status < 300,
      status,
      json: async () => (options.raw === undefined ? body : JSON.parse(options.raw)),
    };
    return response;
  };
  return { fetchImpl, calls };
}

function headersOf(call: Call | undefined): Record<string, string> {
  return { ...(call?.init.headers as Record<string, string>) };
}

describe('withQuery', () => {
  it('skips undefined, null and empty values', () => {
    expect(withQuery('products', { type: 'gifts', page: 2, sort: '', q: undefined, supplier_id: null })).toBe(
      'products?type=gifts&page=2',
    );
    expect(withQuery('products?x=1', { y: true })).toBe('products?x=1&y=true');
    expect(withQuery('products', { q: '' })).toBe('products');
    expect(withQuery('product-reviews', { 'ProductReviewsSearch[product_id]': 5 })).toBe(
      'product-reviews?ProductReviewsSearch%5Bproduct_id%5D=5',
    );
  });
});

describe('createApiClient', () => {
  it('unwraps the success envelope', async () => {
    const { fetchImpl, calls } = fakeFetch(200, { status: true, data: { emailExist: false } });
    const client = createApiClient({ fetchImpl });
    const result = await client.post('buyers/check-email-exist', { email: 'a@b.co' });
    expect(result).toEqual({ status: true, data: { emailExist: false } });
    expect(calls[0]?.url).toBe('/backend/api/buyers/check-email-exist');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.co"}');
    expect(headersOf(calls[0])).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('builds GET urls from the base url and the query', async () => {
    const { fetchImpl, calls } = fakeFetch(200, { status: true, data: [] });
    const client = createApiClient({ baseUrl: 'http://api.test/backend/api/', fetchImpl });
    await client.get('products', { query: { 'per-page': 8, sort: 'newest-to-oldest' } });
    expect(calls[0]?.url).toBe('http://api.test/backend/api/products?per-page=8&sort=newest-to-oldest');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('the shared api sends the bearer token of the user signed in on the bus', async () => {
    const { fetchImpl, calls } = fakeFetch(200, { status: true, data: null });
    const globalFetch = jest.fn(fetchImpl);
    Object.defineProperty(globalThis, 'fetch', { value: globalFetch, configurable: true, writable: true });
    try {
      await api.get('notifications');
      expect(headersOf(calls[0]).Authorization).toBeUndefined();

      bus.publish('session', { ...bus.get('session'), user: member });
      await api.delete('buyers-shipping-address/:id', { params: { id: 3 } });
      expect(headersOf(calls[1]).Authorization).toBe('Bearer secret-token');
      expect(calls[1]?.url).toBe('/backend/api/buyers-shipping-address/3');
      expect(calls[1]?.init.method).toBe('DELETE');
    } finally {
      bus.publish('session', { ...bus.get('session'), user: null });
      Reflect.deleteProperty(globalThis, 'fetch');
    }
  });

  it('turns an error envelope into status false with the error and the HTTP status', async () => {
    const error = { code: 'VALIDATION', message: 'Invalid input', fields: { email: 'Email registered' } };
    const { fetchImpl } = fakeFetch(422, { status: false, error });
    const result = await createApiClient({ fetchImpl }).post('buyers/register-wishlist', { email: 'x' });
    expect(result).toEqual({ status: false, error, httpStatus: 422 });
  });

  it('keeps the HTTP status when the error body is not the API envelope', async () => {
    const { fetchImpl } = fakeFetch(404, { statusCode: 404, error: 'Not Found', message: 'Route not found' });
    // @ts-expect-error a path the API does not serve does not compile; sent anyway, it is a 404
    expect(await createApiClient({ fetchImpl }).get('nowhere')).toEqual({
      status: false,
      error: null,
      httpStatus: 404,
    });
  });

  it('answers status false with httpStatus 0 on a network failure', async () => {
    const fetchImpl: FetchImpl = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await createApiClient({ fetchImpl }).get('startup-content')).toEqual({
      status: false,
      error: null,
      httpStatus: 0,
    });
  });

  it('answers status false with httpStatus 0 when the body is not JSON', async () => {
    const { fetchImpl } = fakeFetch(502, null, { raw: '<html>Bad Gateway</html>' });
    expect(await createApiClient({ fetchImpl }).get('startup-content')).toEqual({
      status: false,
      error: null,
      httpStatus: 0,
    });
  });

  it('adds per-call headers such as an Idempotency-Key', async () => {
    const { fetchImpl, calls } = fakeFetch(200, { status: true, data: {} });
    await createApiClient({ fetchImpl }).post(
      'cart/get-items',
      { guest_session_token: null },
      { headers: { 'Idempotency-Key': 'k-1' } },
    );
    expect(headersOf(calls[0])['Idempotency-Key']).toBe('k-1');
  });

  it('sends a PUT with its JSON body and the token', async () => {
    const { fetchImpl, calls } = fakeFetch(200, {
      status: true,
      data: { order_email: 'orders@example.com' },
    });
    const client = createApiClient({ fetchImpl, getToken: () => 'adm.owner' });
    const result = await client.put('admin/settings', { order_email: 'orders@example.com' });
    expect(result).toEqual({ status: true, data: { order_email: 'orders@example.com' } });
    expect(calls[0]?.url).toBe('/backend/api/admin/settings');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.body).toBe('{"order_email":"orders@example.com"}');
    expect(headersOf(calls[0])).toMatchObject({
      Authorization: 'Bearer adm.owner',
      'Content-Type': 'application/json',
    });
  });
});
