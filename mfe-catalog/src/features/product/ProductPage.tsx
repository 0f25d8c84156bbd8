import { productPageMeta, productStructuredData, toScriptJson } from '@shop/contract/seo';
import { ErrorPanel, type GalleryEntry, type ProductDetail, Skeleton, shownData } from '@shop/shared';
import { Link, Navigate, useParams } from '@shop/shared/router';
import { type TabSpec, Tabs } from '@shop/shared/tabs';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useProductBySlugQuery } from '../../api';
import { SafeHtml } from '../../app/SafeHtml';
import { useNearViewport } from '../../app/useNearViewport';
import { NOT_FOUND_PATH } from '../../constants';
import { usePageMeta } from '../../usePageMeta';
import { AddToCartButton } from '../products/AddToCartButton';
import { Price } from '../products/Price';
import { StarRating } from '../products/StarRating';
import { WishlistHeart } from '../products/WishlistHeart';
import { useProductGalleryQuery, useProductGroupsQuery } from './api';
import { Gallery } from './Gallery';
import { GroupedProducts } from './GroupedProducts';
import styles from './product.module.css';
import { ShareButton } from './ShareDialog';

// Forms (Formik, Yup) and the lists below the product load in chunks of their own.
const BelowTheFold = lazy(() => import('./BelowTheFold'));
const NotifyMe = lazy(() => import('./NotifyMe').then((module) => ({ default: module.NotifyMe })));

/**
 * /product/:slug — an unknown slug goes to /pagenotfound; a slug the product had before (the
 * back office changed it) answers the product, and the address moves to its slug now.
 */
export function ProductPage(): ReactNode {
  const { slug = '' } = useParams();
  const read = useProductBySlugQuery(slug);
  if (read.status === 'failed') {
    if (read.httpStatus === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
    return <ErrorPanel onRetry={read.retry} />;
  }
  if (read.status === 'ready' && read.data.item.slug !== slug) {
    return <Navigate to={`/product/${encodeURIComponent(read.data.item.slug)}`} replace />;
  }
  // Moving to a grouped product keeps the last one on screen until the next one comes.
  const product = shownData(read)?.item;
  if (!product) return <Skeleton shape="page" label="Loading the product" />;
  // Keyed by product: moving to a grouped product starts its gallery, tabs and lists afresh.
  return <ProductDetails key={product.id} product={product} />;
}

function ProductDetails({ product }: { product: ProductDetail }): ReactNode {
  const meta = productPageMeta(product);
  usePageMeta(meta.title, meta.description);
  const gallery = useProductGalleryQuery(product.id);
  const groups = useProductGroupsQuery(product.id);
  const galleryItems = shownData(gallery)?.items;
  const entries: GalleryEntry[] = useMemo(() => {
    const items = galleryItems ?? [];
    return items.length > 0
      ? items
      : [{ id: 0, type: 'Image', image: product.image, video_link: null, caption: null }];
  }, [galleryItems, product.image]);
  const images = entries.filter((entry) => entry.type === 'Image').map((entry) => entry.image);
  // The page shows once its gallery has answered (the server preloads both): the picture a
  // shopper sees first is the gallery's, never a stand-in swapped a moment later.
  if (gallery.status === 'loading' && galleryItems === undefined)
    return <Skeleton shape="page" label="Loading the product" />;

  return (
    <article className={styles.page} aria-labelledby="product-title">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: toScriptJson escapes <, >, & and U+2028/9, so the JSON cannot close the script
        dangerouslySetInnerHTML={{
          __html: toScriptJson(productStructuredData(product, images, window.location.href)),
        }}
      />
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link to="/">Home</Link> &gt; <Link to="/products">Products</Link> &gt;{' '}
        <Link to={`/products?type=${product.type.slug}`}>{product.type.name}</Link> &gt;{' '}
        <Link to={`/products?type=${product.type.slug}&category=${product.category.slug}`}>
          {product.category.name}
        </Link>
      </nav>
      <div className={styles.layout}>
        {gallery.status === 'failed' ? (
          // The product's own picture stands in; the panel says the other pictures failed.
          <div>
            <Gallery title={product.title} entries={entries} />
            <ErrorPanel onRetry={gallery.retry} />
          </div>
        ) : (
          <Gallery title={product.title} entries={entries} />
        )}
        <div className={styles.info}>
          <p className={styles.category}>{product.category.name}</p>
          <h1 id="product-title">{product.title}</h1>
          <ul className={styles.flags} aria-label="Product flags">
            <li>{product.in_stock ? 'In Stock' : 'Out of Stock'}</li>
            {product.is_customizable ? <li>Customizable</li> : null}
            {product.has_packaging ? <li>Packaging</li> : null}
          </ul>
          <div className={styles.ratingRow}>
            {product.reviews.count > 0 ? (
              <p className={styles.rating}>
                <StarRating rating={product.reviews.rating} /> {product.reviews.count}{' '}
                {product.reviews.count === 1 ? 'review' : 'reviews'}
              </p>
            ) : null}
            <WishlistHeart productId={product.id} />
            <ShareButton title={product.title} />
          </div>
          {product.last_piece_message ? (
            <p className={styles.lastPiece}>{product.last_piece_message}</p>
          ) : null}
          <div className={styles.price}>
            <Price usd={product.price} oldUsd={product.old_price} />
          </div>
          <div className={styles.actions}>
            <AddToCartButton productId={product.id} inStock={product.in_stock} />
            {product.in_stock ? null : (
              <Suspense fallback={null}>
                <NotifyMe productId={product.id} />
              </Suspense>
            )}
          </div>
          {groups.status === 'failed' ? <ErrorPanel onRetry={groups.retry} /> : null}
          {groups.status === 'ready' ? (
            <GroupedProducts groups={groups.data.items} slug={product.slug} />
          ) : null}
          <Tabs label="Product information" tabs={informationTabs(product)} />
          {product.supplier ? (
            <section className={styles.supplier} aria-labelledby="supplier-title">
              <h2 id="supplier-title">Supplier</h2>
              <p>
                Sold by{' '}
                <Link to={`/products?supplier_id=${product.supplier.id}`}>{product.supplier.name}</Link>
              </p>
            </section>
          ) : null}
        </div>
      </div>
      <BelowTheFoldWhenNear product={product} />
    </article>
  );
}

/** Overview always; Specification only when the product has specifications. */
function informationTabs(product: ProductDetail): TabSpec[] {
  const specifications = [...product.specifications.product, ...product.specifications.sub_category];
  const tabs: TabSpec[] = [
    {
      key: 'overview',
      label: 'Overview',
      content: (
        <>
          <p>{product.short_description}</p>
          {product.hint ? (
            <p className={styles.hint}>
              <strong>Hint:</strong> {product.hint}
            </p>
          ) : null}
          <SafeHtml html={product.details} className={styles.details} />
        </>
      ),
    },
  ];
  if (specifications.length > 0) {
    tabs.push({
      key: 'specification',
      label: 'Specification',
      content: (
        <dl className={styles.specs}>
          {specifications.map((spec) => (
            <div key={`${spec.name}:${spec.value}`}>
              <dt>{spec.name}</dt>
              <dd>{spec.value}</dd>
            </div>
          ))}
        </dl>
      ),
    });
  }
  return tabs;
}

/**
 * Q&A, reviews and the product sliders: their code and their answers load when the shopper
 * scrolls near them, in space kept for them. A visit that never scrolls down never pays for them.
 */
function BelowTheFoldWhenNear({ product }: { product: ProductDetail }): ReactNode {
  const [ref, near] = useNearViewport();
  return (
    <div ref={ref} className={near ? undefined : styles.belowTheFold}>
      {near ? (
        <Suspense fallback={null}>
          <BelowTheFold product={product} />
        </Suspense>
      ) : null}
    </div>
  );
}
