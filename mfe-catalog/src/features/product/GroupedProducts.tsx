import { responsiveImage } from '@shop/contract/media';
import type { ProductGroup } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import styles from './product.module.css';

/** Other variants of this product (colour, size…), each a link to its own page. */
export function GroupedProducts({
  groups,
  slug,
}: {
  groups: readonly ProductGroup[];
  slug: string;
}): ReactNode {
  return groups
    .filter((group) => group.products.length > 0)
    .map((group) => (
      <section key={group.groupName} className={styles.group} aria-label={group.groupName}>
        <h2 className={styles.groupName}>{group.groupName}</h2>
        <ul className={styles.groupList}>
          {group.products.map((product) => (
            <li key={product.slug}>
              <Link
                to={`/product/${product.slug}`}
                className={styles.groupLink}
                aria-current={product.slug === slug ? 'page' : undefined}
                title={product.title}
              >
                {/* The link's text names it; the image would repeat the title to screen readers. */}
                <img
                  {...responsiveImage(product.image, { fixed: 56 })}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <span className="visually-hidden">{product.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    ));
}
