import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useProductBySlugQuery } from '../../api';
import { NOT_FOUND_PATH } from '../../constants';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AddToCartButton } from './AddToCartButton';
import { ListError } from './ListError';
import { Price } from './Price';
import styles from './product-page.module.css';

export function ProductPage(): ReactNode {
  const { slug = '' } = useParams();
  const { data, error, isLoading } = useProductBySlugQuery(slug);
  const product = data?.item;
  useDocumentTitle(product?.title);
  if (error && 'httpStatus' in error && error.httpStatus === 404) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  if (error) return <ListError />;
  if (isLoading || !product) return <p aria-busy="true">Loading…</p>;
  const specifications = [...product.specifications.product, ...product.specifications.sub_category];
  return (
    <article className={styles.page} aria-labelledby="product-title">
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link to="/">Home</Link> &gt; <Link to="/products">Products</Link> &gt;{' '}
        <Link to={`/products?type=${product.type.slug}`}>{product.type.name}</Link> &gt;{' '}
        <Link to={`/products?type=${product.type.slug}&category=${product.category.slug}`}>
          {product.category.name}
        </Link>
      </nav>
      <div className={styles.layout}>
        <img className={styles.image} src={product.image} alt={product.title} width={480} height={480} />
        <div className={styles.info}>
          <p className={styles.category}>{product.category.name}</p>
          <h1 id="product-title">{product.title}</h1>
          <ul className={styles.flags} aria-label="Product flags">
            <li>{product.in_stock ? 'In Stock' : 'Out of Stock'}</li>
            {product.is_customizable ? <li>Customizable</li> : null}
            {product.has_packaging ? <li>Packaging</li> : null}
          </ul>
          {product.reviews.count > 0 ? (
            <p>
              Rated {product.reviews.rating.toFixed(1)} of 5 ({product.reviews.count} reviews)
            </p>
          ) : null}
          {product.last_piece_message ? (
            <p className={styles.lastPiece}>{product.last_piece_message}</p>
          ) : null}
          <div className={styles.price}>
            <Price usd={product.price} oldUsd={product.old_price} />
          </div>
          <AddToCartButton productId={product.id} inStock={product.in_stock} />
          <section aria-labelledby="overview-title">
            <h2 id="overview-title">Overview</h2>
            <p>{product.short_description}</p>
            {product.hint ? <p className={styles.hint}>Hint: {product.hint}</p> : null}
          </section>
          {specifications.length > 0 ? (
            <section aria-labelledby="specification-title">
              <h2 id="specification-title">Specification</h2>
              <dl className={styles.specs}>
                {specifications.map((spec) => (
                  <div key={`${spec.name}:${spec.value}`}>
                    <dt>{spec.name}</dt>
                    <dd>{spec.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {product.supplier ? <p>Sold by {product.supplier.name}</p> : null}
        </div>
      </div>
    </article>
  );
}
