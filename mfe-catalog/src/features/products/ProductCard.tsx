import { responsiveImage } from '@shop/contract/media';
import { discountPercent, type ProductCard as Product, type Specification } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { memo, type ReactNode } from 'react';
import { QUICK_VIEW_MAX_SPECS } from '../../constants';
import { AddToCartButton } from './AddToCartButton';
import { Price } from './Price';
import styles from './products.module.css';
import { StarRating } from './StarRating';
import { WishlistHeart } from './WishlistHeart';

/** Up to 5 specifications flagged for the quick view: the product's own first, then its sub-category's. */
export function quickViewSpecs(product: Product): Specification[] {
  return [...product.specifications.product, ...product.specifications.sub_category]
    .filter((spec) => spec.show_in_quick_view === 1)
    .slice(0, QUICK_VIEW_MAX_SPECS);
}

/** The level of a card's title: one below the heading of the list the card is in (WCAG 1.3.1). */
export type CardHeadingLevel = 2 | 3;

/**
 * `eager`: the card is in the first screen, so its picture is not left to lazy loading.
 * `headingLevel`: 3 under a section's h2 (home sliders, related products), 2 right under a page's h1.
 */
export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
}: {
  product: Product;
  eager?: boolean;
  headingLevel?: CardHeadingLevel;
}): ReactNode {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const discount = discountPercent(product.price, product.old_price);
  const specs = quickViewSpecs(product);
  const titleId = `product-${product.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.media}>
        <Link to={`/product/${product.slug}`} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
          <img
            {...responsiveImage(product.image, 'card')}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={eager ? 'high' : 'auto'}
          />
        </Link>
        {specs.length > 0 ? (
          // Shown over the image on hover, and to keyboard users when anything in the card has focus.
          <dl className={styles.quickView} aria-label="Quick view">
            {specs.map((spec) => (
              <div key={spec.name}>
                <dt>{spec.name}</dt>
                <dd>{spec.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <WishlistHeart productId={product.id} title={product.title} placement="corner" />
      </div>
      <div className={styles.badges}>
        {discount ? <span className={styles.badge}>-{discount}%</span> : null}
        {product.is_customizable ? <span className={styles.badge}>Customizable</span> : null}
        {!product.in_stock ? <span className={styles.badgeDark}>Out of Stock</span> : null}
      </div>
      <p className={styles.category}>{product.category.name || product.type.name}</p>
      <Title className={styles.title} id={titleId}>
        <Link to={`/product/${product.slug}`}>{product.title}</Link>
      </Title>
      {product.last_piece_message ? <p className={styles.lastPiece}>{product.last_piece_message}</p> : null}
      <StarRating rating={product.reviews.rating} count={product.reviews.count} />
      <Price usd={product.price} oldUsd={product.old_price} />
      <AddToCartButton productId={product.id} inStock={product.in_stock} />
    </article>
  );
}

/** Cards a page's main grid shows first (its first row at most widths): their pictures load at once. */
export const FIRST_ROW_CARDS = 4;

/**
 * Memoised: a parent that re-renders (a ticking countdown, a list arriving) leaves the cards be.
 * `eagerCards`: how many leading cards are in the first screen, so their pictures skip lazy loading.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  eagerCards = 0,
  headingLevel = 3,
}: {
  products: Product[];
  eagerCards?: number;
  headingLevel?: CardHeadingLevel;
}): ReactNode {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCards} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
});
