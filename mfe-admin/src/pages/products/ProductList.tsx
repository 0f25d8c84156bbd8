import type { AdminProductListItem } from '@shop/contract/schemas/adminCatalogue';
import { shownData, useDocumentTitle } from '@shop/shared';
import { Link, useSearchParams } from '@shop/shared/router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { FailedListRead, ListCount } from '../../app/ListRead';
import { Pager } from '../../app/Pager';
import { pageOf } from '../../app/pageOf';
import styles from './products.module.css';
import { PRODUCT_TEXTS } from './productTexts';

/** The products, newest first: a search by title or slug, live or archived ones, paged. */
export function ProductList(): ReactNode {
  useDocumentTitle(PRODUCT_TEXTS.title);
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const archived = search.get('archived') === 'true';
  const page = pageOf(search);
  const [typed, setTyped] = useState(q);
  const list = useAdminRead('admin/products', {
    query: { page, ...(q ? { q } : {}), ...(archived ? { archived: true } : {}) },
  });
  const show = (next: { q: string; archived: boolean; page: number }) => {
    const params = new URLSearchParams();
    if (next.q) params.set('q', next.q);
    if (next.archived) params.set('archived', 'true');
    if (next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ q: typed.trim(), archived, page: 1 });
  };
  const loaded = shownData(list);

  return (
    <section aria-labelledby={`${id}-title`} className={styles.page}>
      <div className={styles.head}>
        <h1 id={`${id}-title`}>{PRODUCT_TEXTS.title}</h1>
        <Link to="/admin/products/new" className={styles.link}>
          {PRODUCT_TEXTS.newProduct}
        </Link>
      </div>
      <form aria-label="Search products" className={styles.filters} onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={`${id}-q`}>{PRODUCT_TEXTS.search}</label>
          <input
            id={`${id}-q`}
            type="search"
            maxLength={100}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className={styles.check}>
          <input
            id={`${id}-archived`}
            type="checkbox"
            checked={archived}
            onChange={(event) => show({ q, archived: event.target.checked, page: 1 })}
          />
          <label htmlFor={`${id}-archived`}>{PRODUCT_TEXTS.onlyArchived}</label>
        </div>
        <button type="submit">{PRODUCT_TEXTS.searchButton}</button>
      </form>
      {list.status === 'failed' ? (
        <FailedListRead failed={list} />
      ) : !loaded ? (
        <p role="status">{PRODUCT_TEXTS.loading}</p>
      ) : loaded.items.length === 0 ? (
        <p>{archived ? PRODUCT_TEXTS.emptyArchived : PRODUCT_TEXTS.empty}</p>
      ) : (
        <div aria-busy={list.status === 'loading'}>
          <ListCount meta={loaded._meta} noun={{ one: 'product', many: 'products' }} />
          <ul className={styles.list}>
            {loaded.items.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ul>
          <Pager
            meta={loaded._meta}
            label="Product pages"
            onPage={(next) => show({ q, archived, page: next })}
          />
        </div>
      )}
    </section>
  );
}

function ProductCard({ product }: { product: AdminProductListItem }): ReactNode {
  return (
    <li className={styles.card} data-testid="product">
      <img src={product.image} alt="" width={64} height={64} className={styles.thumb} />
      <div className={styles.cardText}>
        <div className={styles.title}>
          <Link to={`/admin/products/${product.id}`}>{product.title}</Link>
          {product.archived_at ? <span className={styles.badge}>{PRODUCT_TEXTS.archivedBadge}</span> : null}
        </div>
        <div className={styles.muted}>
          {product.slug} · {product.type} › {product.category} › {product.sub_category}
        </div>
        <div className={styles.muted}>
          USD {product.price.toFixed(2)} · {PRODUCT_TEXTS.stockNow(product.stock_quantity)}
        </div>
      </div>
    </li>
  );
}
