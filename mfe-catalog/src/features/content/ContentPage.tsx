import { ErrorPanel, Skeleton, shownData } from '@shop/shared';
import { useLocation } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { htmlToText, SafeHtml } from '../../app/SafeHtml';
import { PAGE_DESCRIPTION_MAX } from '../../constants';
import { usePageMeta } from '../../usePageMeta';
import { useExclusiveProductsQuery } from '../home/homeApi';
import { ProductSlider } from '../home/ProductSlider';
import { PromoBanners } from '../home/PromoBanners';
import { usePageContentQuery } from './api';
import { CheckoutTermsFacts, isTermsPage } from './CheckoutTermsFacts';
import styles from './content.module.css';

/** The content pages the shop serves; the page name is the path (spec 001, section 2.1). */
export const CONTENT_PAGES = ['about', 'payments', 'shipping', 'cancellation-returns'] as const;

/** /about, /payments, /shipping, /cancellation-returns: heading and rich content of that page. */
export function ContentPage(): ReactNode {
  const { pathname } = useLocation();
  const page = pathname.replace(/^\/+|\/+$/g, '');
  // Any failure, a 404 included, is 'failed page data' (spec 001, section 8): these routes are fixed.
  const content = usePageContentQuery(page);
  // Between two pages the last one stays until the next one comes.
  const data = shownData(content);
  return (
    <div className={styles.page}>
      {content.status === 'failed' ? <ErrorPanel onRetry={content.retry} /> : null}
      {data === undefined && content.status === 'loading' ? (
        <Skeleton shape="lines" count={6} label="Loading the page" />
      ) : null}
      {data ? <ContentBody heading={data.heading} html={data.content} /> : null}
      {isTermsPage(page) ? <CheckoutTermsFacts page={page} /> : null}
      {page === 'about' ? <AboutExtras /> : null}
    </div>
  );
}

function ContentBody({ heading, html }: { heading: string; html: string }): ReactNode {
  usePageMeta(heading, htmlToText(html).slice(0, PAGE_DESCRIPTION_MAX));
  return (
    <article aria-labelledby="content-heading">
      <h1 id="content-heading">{heading}</h1>
      <SafeHtml html={html} className={styles.content} />
    </article>
  );
}

/** /about also shows the exclusive slider and the promo banners (spec 000, section 2). */
function AboutExtras(): ReactNode {
  const exclusive = useExclusiveProductsQuery();
  return (
    <>
      <ProductSlider
        id="about-exclusive"
        title="Exclusive Products"
        items={shownData(exclusive)?.items}
        isError={exclusive.status === 'failed'}
        isLoading={exclusive.status === 'loading'}
        onRetry={exclusive.retry}
      />
      <PromoBanners />
    </>
  );
}
