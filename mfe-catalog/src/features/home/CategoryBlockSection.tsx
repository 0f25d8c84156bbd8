import { responsiveImage } from '@shop/contract/media';
import type { CategoryBlock } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import styles from './home.module.css';

export function CategoryBlockSection({ block }: { block: CategoryBlock }): ReactNode {
  const id = `category-block-${block.position}`;
  const typeQuery = `type=${encodeURIComponent(block.product_type_slug)}`;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id={id}>{block.product_type_name}</h2>
        <Link to={`/products?${typeQuery}`}>View all</Link>
      </div>
      <ul className={styles.categoryGrid}>
        {block.categories.map(({ category }) => (
          <li key={category.slug}>
            <Link to={`/products?${typeQuery}&category=${encodeURIComponent(category.slug)}`}>
              <img {...responsiveImage(category.image, 'tile')} alt="" loading="lazy" decoding="async" />
              <span>{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
