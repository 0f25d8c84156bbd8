/**
 * The client is typed by the contract's endpoint table: these calls are checked by the compiler
 * (`npm run typecheck`), each `@ts-expect-error` line proving a mistake does not compile, and the
 * runtime half checks what the typed options become on the wire.
 */
import { type ApiClient, createApiClient, type FetchImpl } from './client';

function recordingClient() {
  const urls: string[] = [];
  const bodies: unknown[] = [];
  const fetchImpl: FetchImpl = async (url, init) => {
    urls.push(url);
    bodies.push(init.body);
    return {
      ok: true,
      status: 200,
      json: async () => ({ status: true, data: { items: [] }, packagingLevel: 'item' }),
    };
  };
  return { client: createApiClient({ fetchImpl }), urls, bodies };
}

/** Never run: only compiled. */
export async function mistakes(client: ApiClient): Promise<void> {
  // @ts-expect-error a path the API does not serve
  await client.get('product/by-slug');
  // @ts-expect-error GET of a path that only answers POST
  await client.get('cart/add');
  // @ts-expect-error the body lacks the required product_id
  await client.post('cart/add', { quantity: 2 });
  // @ts-expect-error a body field of the wrong type
  await client.post('cart/add', { product_id: '7' });
  // @ts-expect-error a path with a parameter needs it
  await client.get('products/by-slug/:slug');
  // @ts-expect-error a parameter of another name
  await client.get('products/by-slug/:slug', { params: { id: 3 } });

  const cart = await client.post('cart/add', { product_id: 7, quantity: 2 });
  if (cart.status) {
    const total: number = cart.data.invoice.total;
    // @ts-expect-error a field the cart does not have
    cart.data.grandTotal;
    void total;
  }
  const packaging = await client.get('products/packaging/:productId', { params: { productId: 1 } });
  if (packaging.status) {
    const level: 'item' | 'line' | null = packaging.packagingLevel;
    void level;
  }
  const logo = await client.post('cart/customization-logo', { cart_item_id: 1 });
  if (logo.status) {
    const bytes: Blob = logo.data;
    void bytes;
  }
}

describe('the typed api client', () => {
  it('fills and encodes path parameters, and adds the query', async () => {
    const { client, urls } = recordingClient();
    await client.get('products/by-slug/:slug', { params: { slug: 'a b/c' } });
    await client.get('products', { query: { page: 2, q: 'mug' } });
    expect(urls).toEqual(['/backend/api/products/by-slug/a%20b%2Fc', '/backend/api/products?page=2&q=mug']);
  });

  it('keeps the fields an answer carries beside data', async () => {
    const { client } = recordingClient();
    const answer = await client.get('products/packaging/:productId', { params: { productId: 4 } });
    expect(answer).toEqual({ status: true, data: { items: [] }, packagingLevel: 'item' });
  });

  it('answers a file as its bytes', async () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    const fetchImpl: FetchImpl = async () => ({
      ok: true,
      status: 200,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'image/png' : null) },
      json: async () => {
        throw new SyntaxError('not JSON');
      },
      blob: async () => blob,
    });
    const answer = await createApiClient({ fetchImpl }).post('cart/customization-logo', { cart_item_id: 1 });
    expect(answer).toEqual({ status: true, data: blob });
  });
});
