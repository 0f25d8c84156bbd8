import {
  apiQueryFromFilters,
  changeFilters,
  filtersFromParams,
  type ListingFilters,
  listingTrail,
  paramsFromFilters,
  SORT_OPTIONS,
} from '@shop/contract/listing';
import { listingPageMeta } from '@shop/contract/seo';
import { MESSAGES } from '@shop/contract/validation/messages';
import { ErrorPanel, Skeleton, shownData, useBusState } from '@shop/shared';
import { Link, useSearchParams } from '@shop/shared/router';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useProductsQuery } from '../../api';
import { usePageMeta } from '../../usePageMeta';
import { Pagination } from '../products/Pagination';
import { FIRST_ROW_CARDS, ProductGrid } from '../products/ProductCard';
import { FilterPanel } from './FilterPanel';
import styles from './listing.module.css';

/** Listing `/products`: every filter lives in the URL; a change of filter starts at page 1. */
export function ListingPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const startup = useBusState('startup');
  // Values the API would refuse are dropped before asking (an unknown currency among them).
  const currencyCodes = useMemo(
    () => (startup ? Object.keys(startup.currencies.list) : undefined),
    [startup],
  );
  const filters = useMemo(() => filtersFromParams(params, currencyCodes), [params, currencyCodes]);
  const listing = useProductsQuery(apiQueryFromFilters(filters));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const sortId = useId();
  const apply = (change: Partial<ListingFilters>) =>
    setParams(paramsFromFilters(changeFilters(filters, change)));

  const { heading, crumbs } = listingTrail(filters, startup?.sitemap);
  const meta = listingPageMeta(filters.q, heading);
  usePageMeta(meta.title, meta.description);

  // A failed listing shows its error alone: never the last answer's count, facets or cards beside
  // it. Between two pages the last page stays on screen (busy) until the next one comes.
  const data = shownData(listing);
  return (
    <div className={styles.listing}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            {crumbs.length > 0 ? (
              <Link to="/products">Products</Link>
            ) : (
              <span aria-current="page">Products</span>
            )}
          </li>
          {crumbs.map((crumb, index) => (
            <li key={crumb.name}>
              {index < crumbs.length - 1 ? (
                <Link to={`/products?${crumb.search}`}>{crumb.name}</Link>
              ) : (
                <span aria-current="page">{crumb.name}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.layout}>
        <aside className={styles.aside} aria-label="Filters">
          <button
            type="button"
            className={styles.filtersToggle}
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filtersOpen ? 'Hide filters' : 'Show filters'}
          </button>
          <div id={panelId} className={filtersOpen ? `${styles.panel} ${styles.panelOpen}` : styles.panel}>
            <FilterPanel filters={filters} facets={data?.filters} apply={apply} />
          </div>
        </aside>
        <section className={styles.results} aria-labelledby="listing-title">
          <div className={styles.resultsHead}>
            <div>
              <h1 id="listing-title">{data ? `Products (${data._meta.totalCount})` : 'Products'}</h1>
              {filters.q ? <p>showing results for &quot;{filters.q}&quot;</p> : null}
            </div>
            <div className={styles.sort}>
              <label htmlFor={sortId}>Sort by</label>
              <select
                id={sortId}
                value={filters.sort ?? ''}
                onChange={(event) => {
                  const value = SORT_OPTIONS.find((o) => o.value === event.target.value)?.value ?? null;
                  apply({ sort: value });
                }}
              >
                <option value="">Relevance</option>
                {SORT_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {listing.status === 'failed' ? <ErrorPanel onRetry={listing.retry} /> : null}
          {listing.status === 'loading' && data === undefined ? (
            <Skeleton shape="cards" count={FIRST_ROW_CARDS * 2} label="Loading products" />
          ) : null}
          {data && data.items.length === 0 ? (
            <div className={styles.noResults} role="status">
              <p>{MESSAGES.noResults}</p>
              {/* A page past the end of a listing that has products (an old link, a typed URL). */}
              {data._meta.totalCount > 0 ? (
                <Link to={`/products?${paramsFromFilters({ ...filters, page: 1 }).toString()}`}>
                  Back to the first page
                </Link>
              ) : null}
            </div>
          ) : null}
          {data && data.items.length > 0 ? (
            <div aria-busy={listing.status === 'loading'}>
              <ProductGrid products={data.items} eagerCards={FIRST_ROW_CARDS} headingLevel={2} />
              <Pagination meta={data._meta} />
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
