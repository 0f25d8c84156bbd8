import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useProductsQuery } from '../../api';
import { HOME_LIST_PER_PAGE } from '../../constants';
import { useDocumentTitle } from '../../useDocumentTitle';
import { ListError } from '../products/ListError';
import { ProductGrid } from '../products/ProductCard';
import styles from './home.module.css';

export function HomePage(): ReactNode {
  useDocumentTitle('Gift Shop: gifts for every occasion');
  const latest = useProductsQuery({ sort: 'newest-to-oldest', 'per-page': HOME_LIST_PER_PAGE });
  return (
    <div className={styles.home}>
      <section aria-labelledby="latest-title">
        <div className={styles.sectionHead}>
          <h2 id="latest-title">Latest Products</h2>
          <Link to="/products?sort=newest-to-oldest">View all</Link>
        </div>
        {latest.isError ? <ListError /> : null}
        {latest.isLoading ? <p aria-busy="true">Loading…</p> : null}
        {latest.data ? <ProductGrid products={latest.data.items} /> : null}
      </section>
    </div>
  );
}
