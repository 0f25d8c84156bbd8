/** The typed read most components need: one GET of the API through the data kit. */
import type { ParamsOf, QueryOf } from '@shop/contract/endpoint';
import {
  type ApiAnswer,
  type ApiEndpoint,
  type ApiPath,
  type ApiResult,
  api,
  fillPath,
  type Query,
} from '../api/client';
import { dataKey } from './dataCache';
import { type Loaded, useLoaded } from './useLoaded';

type ReadPath = ApiPath<'GET'>;

/** What a read names besides its path: its `:name` parameters and its query, typed by the contract. */
export interface ApiReadInputs<Path extends ReadPath> {
  params?: ParamsOf<ApiEndpoint<'GET', Path>>;
  query?: QueryOf<ApiEndpoint<'GET', Path>>;
}

/** The typed GET of the client, for a path chosen by the caller's type parameter. */
const get = api.get as <Path extends ReadPath>(
  path: Path,
  options: ApiReadInputs<Path> & { signal: AbortSignal },
) => Promise<ApiResult<ApiAnswer<'GET', Path>>>;

/**
 * A GET through the data kit, keyed by its filled path and query (the key the server's preloaded
 * answer has), typed by the contract. `ask` false reads nothing (the search box before there is
 * text to suggest for).
 */
export function useApiRead<Path extends ReadPath>(
  path: Path,
  inputs: ApiReadInputs<Path> = {},
  ask = true,
): Loaded<ApiAnswer<'GET', Path>> {
  const key = ask
    ? dataKey(
        fillPath(path, inputs.params as Record<string, string | number> | undefined),
        inputs.query as Query | undefined,
      )
    : null;
  return useLoaded(key, (signal) => get(path, { ...inputs, signal }));
}
