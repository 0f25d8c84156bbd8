/**
 * The one way the front ends call the backend. Errors are values here, never exceptions: every
 * call resolves with `{status: true, data}` or `{status: false, error, httpStatus}`.
 */

import type { ApiErrorBody } from '@shop/contract';
import type {
  AnswerOf,
  BesideOf,
  BodyOf,
  Endpoint,
  EndpointAt,
  HttpMethod,
  ParamsOf,
  PathsOf,
  QueryOf,
} from '@shop/contract/endpoint';
import type { ApiEndpoints } from '@shop/contract/endpoints';
import { bus } from '../bus/bus';

export const API_BASE_URL = '/backend/api';

export type ApiResult<T, Beside = unknown> =
  | ({ status: true; data: T } & Beside)
  /**
   * httpStatus 0: no usable answer from the API (network down, or something other than the
   * API's JSON came back, e.g. a proxy's HTML error page).
   */
  | { status: false; error: ApiErrorBody | null; httpStatus: number };

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** JSON-serialisable value, or FormData for uploads (sent as multipart). */
export type RequestBody = FormData | object;

/** The API's paths that answer to a method, e.g. `'products/by-slug/:slug'` for GET. */
export type ApiPath<Method extends HttpMethod> = PathsOf<ApiEndpoints, Method>;
/** The contract's endpoint at a method and path. */
export type ApiEndpoint<Method extends HttpMethod, Path extends ApiPath<Method>> = EndpointAt<
  ApiEndpoints,
  Method,
  Path
>;
/** What a successful call of GET `Path` (or another method) answers with. */
export type ApiAnswer<Method extends HttpMethod, Path extends ApiPath<Method>> = AnswerOf<
  ApiEndpoint<Method, Path>
>;

/** What a call of POST `Path` (or another method) sends as its body. */
export type ApiBody<Method extends HttpMethod, Path extends ApiPath<Method>> = BodyOf<
  ApiEndpoint<Method, Path>
>;

/** Path parameters are required when the path has any (`:slug`); the client encodes them. */
type ParamsOption<E> = E extends Endpoint
  ? ParamsOf<E> extends undefined
    ? { params?: undefined }
    : { params: ParamsOf<E> }
  : never;
/** A query is required only when the endpoint requires one of its fields. */
type QueryOption<E> = E extends Endpoint
  ? QueryOf<E> extends undefined
    ? { query?: undefined }
    : object extends QueryOf<E>
      ? { query?: QueryOf<E> }
      : { query: QueryOf<E> }
  : never;
export type CallOptions<E> = RequestOptions & ParamsOption<E> & QueryOption<E>;
/** The options argument may be left out when nothing in it is required. */
type OptionsArgs<E> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];
type BodyArgs<E> = E extends Endpoint
  ? BodyOf<E> extends undefined
    ? [body?: undefined, ...OptionsArgs<E>]
    : [body: BodyOf<E>, ...OptionsArgs<E>]
  : never;

/**
 * Typed by the contract: the path picks the endpoint, which fixes the body, the parameters, the
 * query and the answer. A path the API does not serve, a wrong body or a field the answer does
 * not have fails to compile.
 */
/**
 * Each method's calls, path by path: the arguments after the path and the result. Looked up by
 * path (`Calls<'GET'>[Path]`), which the compiler resolves at once where a conditional type on a
 * generic path would be expanded again and again.
 */
type Calls<Method extends HttpMethod> = {
  [Path in ApiPath<Method>]: {
    options: OptionsArgs<ApiEndpoint<Method, Path>>;
    bodyAndOptions: BodyArgs<ApiEndpoint<Method, Path>>;
    result: Promise<ApiResult<ApiAnswer<Method, Path>, BesideOf<ApiEndpoint<Method, Path>>>>;
  };
};

/**
 * Typed by the contract: the path picks the endpoint, which fixes the body, the parameters, the
 * query and the answer. A path the API does not serve, a wrong body or a field the answer does
 * not have fails to compile.
 */
export interface ApiClient {
  get<Path extends ApiPath<'GET'>>(
    path: Path,
    ...options: NoInfer<Calls<'GET'>[Path]['options']>
  ): Calls<'GET'>[Path]['result'];
  post<Path extends ApiPath<'POST'>>(
    path: Path,
    ...args: NoInfer<Calls<'POST'>[Path]['bodyAndOptions']>
  ): Calls<'POST'>[Path]['result'];
  put<Path extends ApiPath<'PUT'>>(
    path: Path,
    ...args: NoInfer<Calls<'PUT'>[Path]['bodyAndOptions']>
  ): Calls<'PUT'>[Path]['result'];
  delete<Path extends ApiPath<'DELETE'>>(
    path: Path,
    ...options: NoInfer<Calls<'DELETE'>[Path]['options']>
  ): Calls<'DELETE'>[Path]['result'];
}

/** The part of a fetch Response the client reads. */
export interface FetchResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  /** Read for a file's answer (a success that is not JSON); a fake fetch may leave both out. */
  headers?: { get(name: string): string | null };
  blob?(): Promise<Blob>;
}

/** A success whose body is not JSON is a file's bytes (`file: true` in the contract). */
const isFile = (response: FetchResponse): boolean =>
  response.ok &&
  typeof response.blob === 'function' &&
  !(response.headers?.get('content-type') ?? 'application/json').includes('json');

export type FetchImpl = (input: string, init: RequestInit) => Promise<FetchResponse>;

export interface ApiClientOptions {
  baseUrl?: string;
  /** The signed-in user's token; null for a visitor or a guest cart. */
  getToken?: () => string | null;
  /** For tests and non-browser callers; defaults to the global fetch at call time. */
  fetchImpl?: FetchImpl;
}

/** Appends query parameters, skipping undefined, null and ''. */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** A table path with its `:name` parameters filled in and encoded: `products/by-slug/:slug` → `products/by-slug/a%20b`. */
export function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
}

function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value) || typeof value.code !== 'string' || typeof value.message !== 'string') return null;
  const error: ApiErrorBody = { code: value.code, message: value.message };
  if (isRecord(value.fields)) {
    error.fields = Object.fromEntries(
      Object.entries(value.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return error;
}

const NO_ANSWER = { status: false, error: null, httpStatus: 0 } as const;

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE_URL;
  const getToken = options.getToken ?? (() => null);
  const fetchImpl: FetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  async function send<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: RequestBody | undefined,
    requestOptions: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (typeof FormData !== 'undefined' && body instanceof FormData) {
      payload = body; // fetch sets the multipart boundary itself
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    Object.assign(headers, requestOptions.headers);

    let response: FetchResponse;
    try {
      response = await fetchImpl(joinUrl(baseUrl, path), {
        method,
        headers,
        body: payload,
        signal: requestOptions.signal,
      });
    } catch {
      return NO_ANSWER;
    }

    let json: unknown;
    try {
      if (isFile(response) && response.blob) return { status: true, data: (await response.blob()) as T };
      json = await response.json();
    } catch {
      return NO_ANSWER;
    }
    if (!isRecord(json)) return NO_ANSWER;
    if (response.ok && json.status === true) {
      // The shapes are the contract's (the backend answers through the same schemas); fields the
      // envelope carries beside `data` (the contract's `beside`) come along.
      const { status: _status, data, ...beside } = json;
      return { ...beside, status: true, data: data as T };
    }
    return { status: false, error: toErrorBody(json.error), httpStatus: response.status };
  }

  /** The path with its `:name` parameters filled in, and the query. */
  function target(path: string, options: unknown): { url: string; requestOptions: RequestOptions } {
    const { params, query, ...requestOptions } = (options ?? {}) as RequestOptions & {
      params?: Record<string, string | number>;
      query?: Query;
    };
    return { url: withQuery(fillPath(path, params), query), requestOptions };
  }

  return {
    get: (path: string, options?: unknown) => {
      const { url, requestOptions } = target(path, options);
      return send('GET', url, undefined, requestOptions);
    },
    post: (path: string, body?: RequestBody, options?: unknown) => {
      const { url, requestOptions } = target(path, options);
      return send('POST', url, body ?? {}, requestOptions);
    },
    put: (path: string, body?: RequestBody, options?: unknown) => {
      const { url, requestOptions } = target(path, options);
      return send('PUT', url, body ?? {}, requestOptions);
    },
    delete: (path: string, options?: unknown) => {
      const { url, requestOptions } = target(path, options);
      return send('DELETE', url, undefined, requestOptions);
    },
  } as ApiClient;
}

/** The client every app uses: signed in as whoever the bus session says. */
export const api: ApiClient = createApiClient({ getToken: () => bus.get('session').user?.token ?? null });
