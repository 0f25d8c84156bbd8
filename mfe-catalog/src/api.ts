import type { ParamsOf, QueryOf } from '@shop/contract/endpoint';
import {
  type ApiAnswer,
  type ApiEndpoint,
  type ApiPath,
  type ApiResult,
  api,
  dataKey,
  fillPath,
  type Loaded,
  type Query,
  useLoaded,
} from '@shop/shared';

type ReadPath = ApiPath<'GET'>;

/** What a read names besides its path: its `:name` parameters and its query, typed by the contract. */
export interface ReadInputs<Path extends ReadPath> {
  params?: ParamsOf<ApiEndpoint<'GET', Path>>;
  query?: QueryOf<ApiEndpoint<'GET', Path>>;
}

/** The typed GET of the client, for a path chosen by the caller's type parameter. */
const get = api.get as <Path extends ReadPath>(
  path: Path,
  options: ReadInputs<Path> & { signal: AbortSignal },
) => Promise<ApiResult<ApiAnswer<'GET', Path>>>;

/**
 * A GET of the catalog through the shared data kit, keyed by its filled path and query (the key
 * the server's preloaded answer has). `ask` false reads nothing (the search box before there is
 * text to suggest for).
 */
export function useCatalogRead<Path extends ReadPath>(
  path: Path,
  inputs: ReadInputs<Path> = {},
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

/** The listing's query, as the `products` endpoint declares it. */
export type ProductsQuery = QueryOf<ApiEndpoint<'GET', 'products'>>;

/** Product reads used across features (home, listing, product page). */
export const useProductsQuery = (query: ProductsQuery) => useCatalogRead('products', { query });

export const useProductBySlugQuery = (slug: string) =>
  useCatalogRead('products/by-slug/:slug', { params: { slug } });
