import { migrate } from '../src/db/migrate';
import { createTestApp, dataOf, failureOf, type TestContext, targets } from './db';

describe.each(targets)('API basics on %s', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('answers health with the database kind after a select 1', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/backend/api/health' });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: true, data: { ok: true, database: target } });
  });

  it('applies each migration once', async () => {
    expect(await migrate(ctx.database.db)).toEqual([]);
  });

  it('answers an unknown API route with the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/backend/api/no-such-thing'],
      ['POST', '/backend/api/cart/no-such-call'],
      ['GET', '/somewhere-else'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      const body = failureOf(response);
      expect(body.status).toBe(false);
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.message).toContain(url);
    }
  });

  it('names the offending field of a schema violation in a 400', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/backend/api/cart/add', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(failureOf(missing).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { product_id: 'is required' },
    });
    expect(failureOf(missing).error.message).toContain('product_id');

    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/cart/add',
      payload: { product_id: 'abc', quantity: 1000 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(failureOf(wrongType).error.fields ?? {}).sort()).toEqual(['product_id', 'quantity']);
  });

  it('answers malformed JSON with 400, a foreign content type with 415 and a huge body with 413', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/cart/add',
      headers: { 'content-type': 'application/json' },
      payload: '{"product_id": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(failureOf(malformed).status).toBe(false);

    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/cart/add',
      headers: { 'content-type': 'application/xml' },
      payload: '<cart/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(failureOf(xml).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/cart/get-items',
      payload: { guest_session_token: 'x'.repeat(200_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(failureOf(huge).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('compresses API JSON for clients that accept brotli or gzip', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/backend/api/products',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/backend/api/startup-content',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('publishes an OpenAPI document listing every route, and the docs UI', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/backend/api/docs/json' });
    const doc = JSON.parse(response.body) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/backend/api/health',
        '/backend/api/startup-content',
        '/backend/api/products',
        '/backend/api/products/by-slug/{slug}',
        '/backend/api/cart/get-items',
        '/backend/api/cart/add',
        '/backend/api/cart/remove',
        '/backend/api/cart/update-quantity',
        '/backend/api/images/products/{id}.svg',
      ]),
    );
    expect(doc.paths['/backend/api/cart/add']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/backend/api/products']?.get?.parameters?.length).toBeGreaterThan(5);

    const ui = await ctx.app.inject({ method: 'GET', url: '/backend/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('wraps every success in the envelope', async () => {
    const data = dataOf<{ ok: boolean }>(await ctx.app.inject({ method: 'GET', url: '/backend/api/health' }));
    expect(data.ok).toBe(true);
  });
});
