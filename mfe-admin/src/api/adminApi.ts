/**
 * The admin's API client and reads: the shared client and data kit, with the admin's token
 * instead of the shopper's. A 401 to a call that carried the current token ends the session (it
 * expired, was signed out elsewhere, or the admin was disabled): the app then shows the sign-in
 * form with a message. Cached answers are keyed per admin, so another admin signing in on the same
 * page never sees the first one's "new" marks.
 */
import {
  type ApiAnswer,
  type ApiClient,
  type ApiPath,
  type ApiReadInputs,
  type ApiResult,
  createApiClient,
  dataKey,
  type FetchImpl,
  fillPath,
  invalidate,
  type Loaded,
  type Query,
  useLoaded,
} from '@shop/shared';
import { adminSession } from '../session/adminSession';
import { useAdminSession } from '../session/useAdminSession';

const bearerOf = (init: RequestInit): string | null => {
  const headers = init.headers as Record<string, string> | undefined;
  const authorization = headers?.Authorization ?? '';
  return authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
};

/** fetch, watching for the API refusing the token the call was sent with. */
export function sessionEndingFetch(fetchImpl: FetchImpl): FetchImpl {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const sent = bearerOf(init);
    // Only the token still in use: an answer to an older session's call must not end a new one.
    if (response.status === 401 && sent !== null && adminSession.get().session?.token === sent) {
      adminSession.end('expired');
    }
    return response;
  };
}

/** Every admin call goes through this client (typed by the contract like the shop's `api`). */
export const adminApi: ApiClient = createApiClient({
  getToken: () => adminSession.get().session?.token ?? null,
  fetchImpl: sessionEndingFetch((input, init) => globalThis.fetch(input, init)),
});

/** The data kit's keys of one admin's reads start with this. */
const keyPrefixOf = (adminId: number) => `admin#${adminId}:`;

type ReadPath = ApiPath<'GET'>;
const get = adminApi.get as <Path extends ReadPath>(
  path: Path,
  options: ApiReadInputs<Path> & { signal: AbortSignal },
) => Promise<ApiResult<ApiAnswer<'GET', Path>>>;

/**
 * A GET of the admin API through the data kit (one request however many components read it,
 * bounded retries, errors as values). Idle while nobody is signed in or `ask` is false.
 */
export function useAdminRead<Path extends ReadPath>(
  path: Path,
  inputs: ApiReadInputs<Path> = {},
  ask = true,
): Loaded<ApiAnswer<'GET', Path>> {
  const { session } = useAdminSession();
  const key =
    ask && session
      ? keyPrefixOf(session.admin.id) +
        dataKey(
          fillPath(path, inputs.params as Record<string, string | number> | undefined),
          inputs.query as Query | undefined,
        )
      : null;
  // Every admin page reads afresh when it opens: another admin may have changed the order.
  return useLoaded(key, (signal) => get(path, { ...inputs, signal }), { maxAgeMs: 0 });
}

/** After a change: the signed-in admin's reads whose path starts with `pathPrefix` are asked again. */
export function refreshAdminReads(pathPrefix: string): void {
  const session = adminSession.get().session;
  if (session) invalidate(keyPrefixOf(session.admin.id) + pathPrefix);
}
