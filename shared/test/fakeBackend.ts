/**
 * The network edge of the apps' tests, one fake for every remote: a `fetch` that answers each
 * request the way the backend would (the API envelope, HTTP codes, image bytes) from a table of
 * 'METHOD path' routes or an answer function, and records every request. Install it as the global
 * `fetch` (`installFakeBackend`) or hand its `fetch` to `createApiClient({ fetchImpl })`.
 */

/** A request as the backend sees it. */
export interface FakeCall {
  method: string;
  /** The API path, without '/backend/api/' ('cart/add'). */
  path: string;
  url: URL;
  query: Record<string, string>;
  /** A JSON body, parsed; a multipart body's fields. */
  body: unknown;
  /** A multipart body. */
  form: FormData | null;
  headers: Record<string, string>;
  authorization: string | null;
}

/** An API envelope, or bytes (the logo addresses answer those). */
export interface FakeReply {
  status: number;
  body?: unknown;
  blob?: Blob;
}

/** An API envelope. */
export interface FakeEnvelope {
  status: number;
  body: unknown;
}

export type FakeAnswer = (call: FakeCall) => FakeReply | Promise<FakeReply>;
export type FakeRoute = FakeReply | FakeAnswer;

export const ok = (data: unknown, status = 200): FakeEnvelope => ({ status, body: { status: true, data } });

export const refused = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): FakeEnvelope => ({ status, body: { status: false, error: { code, message, fields } } });

export const NOT_FOUND = refused(404, 'NOT_FOUND', 'Not found');

/** Answers from a table of 'METHOD path' routes; an unknown route answers `otherwise` (a 404). */
export function routeTable(routes: Record<string, FakeRoute>, otherwise: FakeReply = NOT_FOUND): FakeAnswer {
  return (call) => {
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return otherwise;
    return typeof route === 'function' ? route(call) : route;
  };
}

function headersOf(headers: RequestInit['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...headers };
}

function callOf(input: string, init: RequestInit): FakeCall {
  const url = new URL(input, 'http://shop.test');
  const form = init.body instanceof FormData ? init.body : null;
  const headers = headersOf(init.headers);
  return {
    method: init.method ?? 'GET',
    path: url.pathname.replace(/^\/backend\/api\//, ''),
    url,
    query: Object.fromEntries(url.searchParams.entries()),
    body: form
      ? Object.fromEntries(form.entries())
      : typeof init.body === 'string'
        ? JSON.parse(init.body)
        : undefined,
    form,
    headers,
    authorization: headers.Authorization ?? headers.authorization ?? null,
  };
}

export interface FakeBackend<Call> {
  /** Every request, in order, as `record` keeps it. */
  calls: Call[];
  fetch: jest.Mock<Promise<FakeResponse>, [string, RequestInit?]>;
}

export interface FakeResponse {
  ok: boolean;
  status: number;
  /** 'content-type': JSON for an envelope, the bytes' type for a blob. */
  headers: { get(name: string): string | null };
  json: () => Promise<unknown>;
  blob: () => Promise<Blob>;
}

/**
 * A fake backend answering with `answer`. `record` picks what a test reads of each call (the
 * whole FakeCall by default).
 */
export function createFakeBackend<Call = FakeCall>(
  answer: FakeAnswer,
  record: (call: FakeCall) => Call = (call) => call as Call,
): FakeBackend<Call> {
  const calls: Call[] = [];
  const fetch = jest.fn(async (input: string, init: RequestInit = {}): Promise<FakeResponse> => {
    const call = callOf(input, init);
    calls.push(record(call));
    const reply = await answer(call);
    const contentType = reply.blob ? reply.blob.type || 'application/octet-stream' : 'application/json';
    return {
      ok: reply.status < 400,
      status: reply.status,
      headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
      // A copy, as over the wire: stores freeze what they keep, the fakes' data must stay writable.
      json: async () => (reply.body === undefined ? undefined : JSON.parse(JSON.stringify(reply.body))),
      blob: async () => reply.blob ?? new Blob([]),
    };
  });
  return { calls, fetch };
}

/** `createFakeBackend`, installed as the global `fetch` (the shared API client's). */
export function installFakeBackend<Call = FakeCall>(
  answer: FakeAnswer,
  record?: (call: FakeCall) => Call,
): FakeBackend<Call> {
  const backend = createFakeBackend(answer, record);
  Object.assign(globalThis, { fetch: backend.fetch });
  return backend;
}
