/**
 * The network edge of the member tests: a fake `fetch` that records each request (method, path,
 * query, body — JSON or a multipart form's fields — and the bearer header) and answers it the way
 * the backend would. Each feature's fake describes only its routes.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

/** An API envelope, or image bytes (the logo addresses answer those). */
export type FakeReply = { status: number; body: unknown } | { status: number; blob: Blob };

export const ok = (data: unknown, status = 200) => ({ status, body: { status: true, data } });
export const refused = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  body: { status: false, error: { code, message, fields } },
});

function bodyOf(body: RequestInit['body']): unknown {
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}

/** Installs the fake as the global `fetch`; answers the list of requests it has seen. */
export function installFakeFetch(answer: (request: FakeRequest) => FakeReply): FakeRequest[] {
  const requests: FakeRequest[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://shop.test');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/backend\/api\//, ''),
      query: Object.fromEntries(url.searchParams.entries()),
      body: bodyOf(init.body),
      authorization: (init.headers as Record<string, string> | undefined)?.Authorization,
    };
    requests.push(request);
    const reply = answer(request);
    if ('blob' in reply)
      return { ok: reply.status < 400, status: reply.status, blob: async () => reply.blob };
    // A copy, as over the wire: stores freeze what they keep, the fakes' data must stay writable.
    return {
      ok: reply.status < 400,
      status: reply.status,
      json: async () => JSON.parse(JSON.stringify(reply.body)),
    };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return requests;
}
