import { discountPercent, type ProductCard as Product } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AddToCartButton } from './AddToCartButton';
import { Price } from './Price';
import styles from './products.module.css';

export function ProductCard({ product }: { product: Product }): ReactNode {
  const discount = discountPercent(product.price, product.old_price);
  return (
    <article className={styles.card} aria-labelledby={`product-${product.id}`}>
      <Link to={`/product/${product.slug}`} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        <img src={product.image} alt="" width={240} height={240} loading="lazy" />
      </Link>
      <div className={styles.badges}>
        {discount ? <span className={styles.badge}>-{discount}%</span> : null}
        {product.is_customizable ? <span className={styles.badge}>Customizable</span> : null}
        {!product.in_stock ? <span className={styles.badgeDark}>Out of Stock</span> : null}
      </div>
      <p className={styles.category}>{product.category.name || product.type.name}</p>
      <h3 className={styles.title} id={`product-${product.id}`}>
        <Link to={`/product/${product.slug}`}>{product.title}</Link>
      </h3>
      {product.last_piece_message ? <p className={styles.lastPiece}>{product.last_piece_message}</p> : null}
      <Price usd={product.price} oldUsd={product.old_price} />
      <AddToCartButton productId={product.id} inStock={product.in_stock} />
    </article>
  );
}

export function ProductGrid({ products }: { products: Product[] }): ReactNode {
  return (
    <ul className={styles.grid}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
