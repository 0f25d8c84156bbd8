import { responsiveImage } from '@shop/contract/media';
import { type SitemapNode, Skeleton, useBodyScrollLock, useBusState, useDismiss } from '@shop/shared';
import { Link, useLocation } from '@shop/shared/router';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useMediaQuery } from '../../app/useMediaQuery';
import { SITEMAP_IMAGE_BELOW_CHILDREN, TABLET_MAX_WIDTH } from '../../constants';
import styles from './sitemap.module.css';
import { sitemapHref } from './sitemapLinks';

// The slider view (react-slick) loads only when a shopper asks for it, not with every header.
const ExpandedSiteMap = lazy(() => import('./ExpandedSiteMap'));

/**
 * The 'All' button and its site-map menu (spec 000, section 2): three columns on desktop, stacked
 * below the tablet breakpoint, an expanded view sliding through all types. Closes on Escape, a
 * click outside, or navigation; the page does not scroll while it is open.
 */
export function SiteMapMenu(): ReactNode {
  const sitemap = useBusState('startup')?.sitemap ?? [];
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const stacked = useMediaQuery(`(max-width: ${TABLET_MAX_WIDTH - 1}px)`);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();
  useBodyScrollLock(open);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.allButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">☰ </span>All
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {open ? (
          <nav aria-label="All categories">
            <div className={styles.panelHead}>
              {stacked ? null : (
                <button
                  type="button"
                  className={styles.viewToggle}
                  onClick={() => setExpanded((value) => !value)}
                >
                  {expanded ? 'Show columns' : 'Show all types'}
                </button>
              )}
              <button
                type="button"
                className={styles.close}
                aria-label="Close menu"
                onClick={() => {
                  setOpen(false);
                  buttonRef.current?.focus();
                }}
              >
                ×
              </button>
            </div>
            {stacked ? (
              <StackedSiteMap sitemap={sitemap} />
            ) : expanded ? (
              <Suspense fallback={<Skeleton shape="lines" count={6} label="Loading the site map" />}>
                <ExpandedSiteMap sitemap={sitemap} />
              </Suspense>
            ) : (
              <ColumnSiteMap sitemap={sitemap} />
            )}
          </nav>
        ) : null}
      </div>
    </div>
  );
}

function LeafImage({ node }: { node: SitemapNode | undefined }): ReactNode {
  if (!node?.image || node.child.length >= SITEMAP_IMAGE_BELOW_CHILDREN) return null;
  return (
    <img
      {...responsiveImage(node.image, { fixed: 160 })}
      className={styles.leafImage}
      alt={node.name}
      loading="lazy"
      decoding="async"
    />
  );
}

/** Desktop: hovering or focusing a type shows its categories, a category its sub-categories. */
export function ColumnSiteMap({ sitemap }: { sitemap: SitemapNode[] }): ReactNode {
  const [typeSlug, setTypeSlug] = useState(sitemap[0]?.slug);
  const type = sitemap.find((node) => node.slug === typeSlug) ?? sitemap[0];
  const [categorySlug, setCategorySlug] = useState<string | undefined>(undefined);
  const category = type?.child.find((node) => node.slug === categorySlug) ?? type?.child[0];
  if (!type) return null;
  const showType = (slug: string) => {
    setTypeSlug(slug);
    setCategorySlug(undefined);
  };
  return (
    <div className={styles.columns}>
      <ul className={styles.column} aria-label="Types">
        {sitemap.map((node) => (
          <li key={node.id}>
            <Link
              to={sitemapHref(node)}
              className={node === type ? styles.activeItem : undefined}
              aria-current={node === type ? 'true' : undefined}
              onMouseEnter={() => showType(node.slug)}
              onFocus={() => showType(node.slug)}
            >
              {node.name}
              {node.child.length > 0 ? <span aria-hidden="true"> ›</span> : null}
            </Link>
          </li>
        ))}
      </ul>
      <ul className={styles.column} aria-label={`Categories of ${type.name}`}>
        {type.child.map((node) => (
          <li key={node.id}>
            <Link
              to={sitemapHref(type, node)}
              className={node === category ? styles.activeItem : undefined}
              aria-current={node === category ? 'true' : undefined}
              onMouseEnter={() => setCategorySlug(node.slug)}
              onFocus={() => setCategorySlug(node.slug)}
            >
              {node.name}
              {node.child.length > 0 ? <span aria-hidden="true"> ›</span> : null}
            </Link>
          </li>
        ))}
        <li>
          <LeafImage node={type} />
        </li>
      </ul>
      <ul
        className={styles.column}
        aria-label={category ? `Sub-categories of ${category.name}` : 'Sub-categories'}
      >
        {category
          ? category.child.map((node) => (
              <li key={node.id}>
                <Link to={sitemapHref(type, category, node)}>{node.name}</Link>
              </li>
            ))
          : null}
        <li>
          <LeafImage node={category} />
        </li>
      </ul>
    </div>
  );
}

export function StackedSiteMap({ sitemap }: { sitemap: SitemapNode[] }): ReactNode {
  const [typeSlug, setTypeSlug] = useState<string | null>(null);
  const [categorySlug, setCategorySlug] = useState<string | null>(null);
  return (
    <ul className={styles.stacked}>
      {sitemap.map((type) => {
        const typeOpen = type.slug === typeSlug;
        return (
          <li key={type.id}>
            <button
              type="button"
              aria-expanded={typeOpen}
              onClick={() => {
                setTypeSlug(typeOpen ? null : type.slug);
                setCategorySlug(null);
              }}
            >
              {type.name}
            </button>
            {typeOpen ? (
              <ul>
                <li>
                  <Link to={sitemapHref(type)}>All {type.name}</Link>
                </li>
                {type.child.map((category) => {
                  const categoryOpen = category.slug === categorySlug;
                  if (category.child.length === 0) {
                    return (
                      <li key={category.id}>
                        <Link to={sitemapHref(type, category)}>{category.name}</Link>
                      </li>
                    );
                  }
                  return (
                    <li key={category.id}>
                      <button
                        type="button"
                        aria-expanded={categoryOpen}
                        onClick={() => setCategorySlug(categoryOpen ? null : category.slug)}
                      >
                        {category.name}
                      </button>
                      {categoryOpen ? (
                        <ul>
                          <li>
                            <Link to={sitemapHref(type, category)}>All {category.name}</Link>
                          </li>
                          {category.child.map((sub) => (
                            <li key={sub.id}>
                              <Link to={sitemapHref(type, category, sub)}>{sub.name}</Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
