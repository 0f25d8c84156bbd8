import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useProductsQuery } from '../../api';
import { LISTING_PER_PAGE } from '../../constants';
import { useDocumentTitle } from '../../useDocumentTitle';
import { ListError } from './ListError';
import { Pagination } from './Pagination';
import { ProductGrid } from './ProductCard';
import styles from './products.module.css';

/** The listing's query lives in the URL, so back/forward and shared links restore it. */
const LISTING_PARAMS = ['type', 'category', 'subCategory', 'q', 'supplier_id', 'sort', 'page'] as const;

export function ProductListPage(): ReactNode {
  const [params] = useSearchParams();
  const query: Record<string, string | number | undefined> = { 'per-page': LISTING_PER_PAGE };
  for (const name of LISTING_PARAMS) query[name] = params.get(name) ?? undefined;
  const listing = useProductsQuery(query);
  const q = params.get('q');
  useDocumentTitle(q ? `Search results for ${q}` : 'Products');
  return (
    <section aria-labelledby="listing-title">
      <nav aria-label="Breadcrumb">
        <Link to="/">Home</Link> &gt; <span>Products</span>
      </nav>
      <h1 id="listing-title">{listing.data ? `Products (${listing.data._meta.totalCount})` : 'Products'}</h1>
      {q ? <p>showing results for &quot;{q}&quot;</p> : null}
      {listing.isError ? <ListError /> : null}
      {listing.isLoading ? <p aria-busy="true">Loading…</p> : null}
      {listing.data && listing.data.items.length === 0 ? (
        <p className={styles.listError}>No results found</p>
      ) : null}
      {listing.data ? (
        <>
          <ProductGrid products={listing.data.items} />
          <Pagination meta={listing.data._meta} />
        </>
      ) : null}
    </section>
  );
}
