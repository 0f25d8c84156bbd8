import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import { responsiveImage } from '@shop/contract/media';
import type { SitemapNode } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import Slider from 'react-slick';
import { SITEMAP_TYPES_PER_SLIDE } from '../../constants';
import styles from './sitemap.module.css';
import { sitemapHref } from './sitemapLinks';

/** Expanded view: a horizontal slider of all types, 6 per slide, each with its categories. */
export default function ExpandedSiteMap({ sitemap }: { sitemap: SitemapNode[] }): ReactNode {
  return (
    <div className={styles.expanded}>
      <Slider
        slidesToShow={Math.min(SITEMAP_TYPES_PER_SLIDE, sitemap.length)}
        slidesToScroll={SITEMAP_TYPES_PER_SLIDE}
        infinite={false}
        accessibility
      >
        {sitemap.map((type) => (
          <div key={type.id} className={styles.typeCard}>
            <Link to={sitemapHref(type)} className={styles.typeTitle}>
              {type.image ? (
                <img {...responsiveImage(type.image, { fixed: 96 })} alt="" loading="lazy" decoding="async" />
              ) : null}
              {type.name}
            </Link>
            <ul>
              {type.child.map((category) => (
                <li key={category.id}>
                  <Link to={sitemapHref(type, category)}>{category.name}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Slider>
    </div>
  );
}

/** Mobile and tablet: an accordion, type > category > sub-category. */
