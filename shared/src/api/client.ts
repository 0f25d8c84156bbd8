/**
 * The one way the front ends call the backend. Errors are values here, never exceptions: every
 * call resolves with `{status: true, data}` or `{status: false, error, httpStatus}`.
 */

import type { ApiErrorBody } from '@shop/contract';
import { bus } from '../bus/bus';

export const API_BASE_URL = '/backend/api';

export type ApiResult<T> =
  | { status: true; data: T }
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

export interface ApiClient {
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<ApiResult<T>>;
  post<T>(path: string, body?: RequestBody, options?: RequestOptions): Promise<ApiResult<T>>;
  delete<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
}

/** The part of a fetch Response the client reads. */
export interface FetchResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

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
    method: 'GET' | 'POST' | 'DELETE',
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
      json = await response.json();
    } catch {
      return NO_ANSWER;
    }
    if (!isRecord(json)) return NO_ANSWER;
    if (response.ok && json.status === true) {
      // The shape of `data` is the server's contract (api/types.ts), checked by its TypeBox schemas.
      return { status: true, data: json.data as T };
    }
    return { status: false, error: toErrorBody(json.error), httpStatus: response.status };
  }

  return {
    get: (path, query, requestOptions) => send('GET', withQuery(path, query), undefined, requestOptions),
    post: (path, body, requestOptions) => send('POST', path, body ?? {}, requestOptions),
    delete: (path, requestOptions) => send('DELETE', path, undefined, requestOptions),
  };
}

/** The client every app uses: signed in as whoever the bus session says. */
export const api: ApiClient = createApiClient({ getToken: () => bus.get('session').user?.token ?? null });
