/**
 * The network edge of the member tests: the shared fake backend (`@shop/shared/test/fake-backend`)
 * as the global `fetch`, recording each request (method, path, query, body — JSON or a multipart
 * form's fields — and the bearer header) and answering it the way the backend would. Each
 * feature's fake describes only its routes.
 */
import {
  type FakeReply as BackendReply,
  type FakeCall,
  installFakeBackend,
} from '@shop/shared/test/fake-backend';

export { ok, refused } from '@shop/shared/test/fake-backend';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

/** An API envelope, or image bytes (the logo addresses answer those). */
export type FakeReply = BackendReply;

const requestOf = (call: FakeCall): FakeRequest => ({
  method: call.method,
  path: call.path,
  query: call.query,
  body: call.body,
  authorization: call.authorization ?? undefined,
});

/** Installs the fake as the global `fetch`; answers the list of requests it has seen. */
export function installFakeFetch(answer: (request: FakeRequest) => FakeReply): FakeRequest[] {
  return installFakeBackend((call) => answer(requestOf(call)), requestOf).calls;
}
