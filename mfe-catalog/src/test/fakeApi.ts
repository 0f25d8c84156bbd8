/**
 * The network edge for catalog tests: `fetch` answers from a table of 'METHOD path' routes in the
 * API's envelope, and every call is recorded.
 */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

export const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { status: true, data } });
export const fail = (status: number, fields?: Record<string, string>): FakeAnswer => ({
  status,
  body: { status: false, error: { code: 'ERROR', message: 'failed', fields } },
});

type Route = FakeAnswer | ((url: URL, body: unknown) => FakeAnswer);

export interface FakeApi {
  calls: { method: string; url: URL; body: unknown }[];
  callsTo(methodAndPath: string): { url: URL; body: unknown }[];
}

export function installFakeApi(routes: Record<string, Route>): FakeApi {
  const calls: FakeApi['calls'] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://shop.test');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const path = url.pathname.replace(/^\/backend\/api\//, '');
    const route = routes[`${method} ${path}`];
    const answer = !route ? fail(404) : typeof route === 'function' ? route(url, body) : route;
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return {
    calls,
    callsTo: (methodAndPath) =>
      calls.filter(
        (call) => `${call.method} ${call.url.pathname.replace(/^\/backend\/api\//, '')}` === methodAndPath,
      ),
  };
}
