import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styles from './search.module.css';

/** Header search: Enter goes to /products?q=…; on /products only the query changes. */
export function SearchBox(): ReactNode {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const onListing = location.pathname.replace(/\/$/, '') === '/products';
  const currentQ = onListing ? (params.get('q') ?? '') : null;
  useEffect(() => {
    if (currentQ !== null) setText(currentQ);
  }, [currentQ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (onListing) {
      const next = new URLSearchParams(location.search);
      if (q) next.set('q', q);
      else next.delete('q');
      next.delete('page');
      navigate({ pathname: '/products', search: next.toString() });
    } else {
      navigate(q ? `/products?q=${encodeURIComponent(q)}` : '/products');
    }
  };
  return (
    <search className={styles.search}>
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor="shop-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="shop-search"
          type="search"
          className={styles.input}
          placeholder="Search for gifts, brands and more"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
        <button type="submit" className={styles.button}>
          Search
        </button>
      </form>
    </search>
  );
}
