/**
 * The network edge for catalog tests: the shared fake backend (`@shop/shared/test/fake-backend`)
 * as the global `fetch`, answering a table of 'METHOD path' routes in the API's envelope, and
 * every call recorded.
 */
import { type FakeReply, installFakeBackend, refused, routeTable } from '@shop/shared/test/fake-backend';

export { ok } from '@shop/shared/test/fake-backend';

export type FakeAnswer = FakeReply;

export const fail = (status: number, fields?: Record<string, string>): FakeAnswer =>
  refused(status, 'ERROR', 'failed', fields);

type Route = FakeAnswer | ((url: URL, body: unknown) => FakeAnswer);

export interface FakeApi {
  calls: { method: string; url: URL; body: unknown }[];
  callsTo(methodAndPath: string): { url: URL; body: unknown }[];
}

export function installFakeApi(routes: Record<string, Route>): FakeApi {
  const table = Object.fromEntries(
    Object.entries(routes).map(([key, route]) => [
      key,
      typeof route === 'function' ? (call: { url: URL; body: unknown }) => route(call.url, call.body) : route,
    ]),
  );
  const paths: string[] = [];
  const { calls } = installFakeBackend(routeTable(table, fail(404)), (call) => {
    paths.push(`${call.method} ${call.path}`);
    return { method: call.method, url: call.url, body: call.body };
  });
  return {
    calls,
    callsTo: (methodAndPath) => calls.filter((_, index) => paths[index] === methodAndPath),
  };
}
