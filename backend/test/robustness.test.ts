/**
 * Hostile input the fuzz suite found or the issue names: out-of-range integers, NUL characters,
 * malformed percent-encoding, oversize headers, keys Yup trips on. Never a 500; always the envelope.
 */
import type { Socket } from 'node:net';
import { answerClientError, databaseUnavailable, isDatabaseUnavailable, toAppError } from '../src/errors';
import { JSON_MAX_DEPTH, nestsDeeperThan } from '../src/hooks/boundedJsonParser';
import { createTestApp, failureOf, type TestContext, targets } from './db';

describe('JSON depth', () => {
  it('counts only brackets outside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}\\"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"[[[[["}`, 1)).toBe(false);
    // An escaped backslash ends before the quote: the string closes, the brackets count.
    expect(nestsDeeperThan(`{"a":"\\\\"}${'['.repeat(5)}`, 3)).toBe(true);
  });
});

describe('requests refused by the HTTP parser', () => {
  const answerTo = (code: string) => {
    let written = '';
    const socket = { writable: true, end: (text: string) => (written = text), destroy: () => undefined };
    answerClientError(Object.assign(new Error(code), { code }), socket as unknown as Socket);
    return written;
  };
  it('answers headers slower than the header timeout with 408 in the envelope, and closes', () => {
    const answer = answerTo('ERR_HTTP_REQUEST_TIMEOUT');
    expect(answer.startsWith('HTTP/1.1 408 Request Timeout\r\n')).toBe(true);
    expect(answer).toContain('Connection: close');
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
  });
  it('answers other broken HTTP with 400', () => {
    expect(answerTo('HPE_INVALID_METHOD').startsWith('HTTP/1.1 400 Bad Request')).toBe(true);
  });
});

describe('database unavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a statement timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    ['a lost connection (pg says it in words)', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a frozen server', new Error('Query read timeout')],
  ])('answers 503 DATABASE_UNAVAILABLE with Retry-After for %s, also wrapped by Drizzle', (_, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
    const answer = toAppError(wrapped(error));
    expect(answer).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(answer.headers).toEqual(databaseUnavailable().headers);
  });

  it('leaves other failures alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(toAppError(new Error('boom')).statusCode).toBe(500);
  });
});

const API = '/backend/api';

describe.each(targets)('hostile input on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target, { products: 20 });
  });
  afterAll(() => ctx.close());

  it.each([
    ['products/gallery/2147483648', 'id'],
    ['products/grouped-products/99999999999', 'id'],
    ['products?page=1e15', 'page'],
    ['product-reviews?ProductReviewsSearch%5Bproduct_id%5D=1&page=1e20', 'page'],
    [
      'product-questions?ProductQuestionsSearch%5Bproduct_id%5D=2147483648',
      'ProductQuestionsSearch[product_id]',
    ],
    ['images/products/2147483648.svg', 'id'],
    ['products?price-min=1e308', 'price-min'],
  ])('answers 400 naming the field for an integer out of range: %s', async (url, field) => {
    const response = await ctx.app.inject({ method: 'GET', url: `${API}/${url}` });
    expect(response.statusCode).toBe(400);
    expect(failureOf(response).error.fields).toHaveProperty([field]);
  });

  it('answers a page past the end with an empty page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${API}/products?page=1000000` });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.items).toEqual([]);
  });

  it.each([
    ['GET', 'suggestions?q=%00', undefined, 'q'],
    ['GET', 'products/by-slug/a%00b', undefined, 'slug'],
    ['POST', 'contact-us', { full_name: 'Maya', email: 'maya@example.com', message: 'hi\u0000' }, 'message'],
    ['POST', 'buyers/register', { email: 'maya\u0000@example.com' }, 'email'],
    ['POST', 'cart/change-currency', { selected_currency_code: 'US\u0000' }, 'selected_currency_code'],
  ] as const)('answers 400 naming the field for a NUL in %s %s', async (method, url, payload, field) => {
    const response = await ctx.app.inject({ method, url: `${API}/${url}`, payload });
    expect(response.statusCode).toBe(400);
    expect(failureOf(response).error.fields).toEqual({ [field]: 'must not contain a NUL character' });
  });

  it('answers malformed percent-encoding in the envelope', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${API}/products/by-slug/%E0%A4%A` });
    expect(response.statusCode).toBe(400);
    expect(failureOf(response).error.code).toBe('VALIDATION_FAILED');
    const query = await ctx.app.inject({ method: 'GET', url: `${API}/products?q=%` });
    expect(query.statusCode).toBe(200);
  });

  it('answers a notify-me id past int4 with 404 and a body key named toString with 422', async () => {
    const past = await ctx.app.inject({
      method: 'POST',
      url: `${API}/notify-me`,
      payload: { email: 'maya@example.com', product_id: '9999999999' },
    });
    expect(past.statusCode).toBe(404);
    const trap = await ctx.app.inject({
      method: 'POST',
      url: `${API}/notify-me`,
      payload: { toString: [1] },
    });
    expect(trap.statusCode).toBe(422);
  });

  it.each([
    ['an array', `${'['.repeat(8000)}${']'.repeat(8000)}`],
    ['an object', `${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}`],
    [
      'a field',
      `{"full_name":"Maya","email":"maya@example.com","message":${'['.repeat(8000)}${']'.repeat(8000)}}`,
    ],
  ])(
    'answers JSON nested 8,000 deep as %s with 400, and a body at the depth limit normally',
    async (_, payload) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API}/contact-us`,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(failureOf(response).error.message).toBe(
        `The JSON body nests deeper than ${JSON_MAX_DEPTH} levels.`,
      );
      const atLimit = await ctx.app.inject({
        method: 'POST',
        url: `${API}/contact-us`,
        payload: `{"full_name":"Maya","email":"maya@example.com","message":${'['.repeat(JSON_MAX_DEPTH - 1)}${']'.repeat(JSON_MAX_DEPTH - 1)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(atLimit.statusCode).toBe(400);
      expect(failureOf(atLimit).error.code).toBe('VALIDATION_FAILED');
      expect(failureOf(atLimit).error.fields).toHaveProperty(['message']);
    },
  );

  it('answers oversize headers with 431 in the envelope', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}${API}/health`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      status: false,
      error: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
    });
  });
});
