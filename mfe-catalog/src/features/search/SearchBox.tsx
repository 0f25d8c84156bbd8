import { responsiveImage } from '@shop/contract/media';
import { SEARCH_TEXT_MAX } from '@shop/contract/validation/keyword';
import { MESSAGES } from '@shop/contract/validation/messages';
import { useBodyScrollLock } from '@shop/shared';
import { useLocation, useNavigate, useSearchParams } from '@shop/shared/router';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { SUGGESTIONS_DEBOUNCE_MS, SUGGESTIONS_MIN_EXCLUSIVE } from '../../constants';
import styles from './search.module.css';
import { useSuggestionsQuery, useTopSearchedQuery } from './searchApi';
import { hasMatches, suggestionGroups } from './suggestionOptions';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * Header search (a combobox): Enter goes to /products?q=…; on /products only the query changes.
 * Past 2 characters a suggestions overlay opens; arrow keys move through it, Escape closes it.
 */
export function SearchBox(): ReactNode {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLElement>(null);
  const listId = useId();
  const onListing = location.pathname.replace(/\/$/, '') === '/products';
  const currentQ = onListing ? (params.get('q') ?? '') : null;
  useEffect(() => {
    if (currentQ !== null) setText(currentQ);
  }, [currentQ]);
  // Any navigation closes the overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each location change on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SUGGESTIONS_DEBOUNCE_MS);
  const longEnough = typed.length > SUGGESTIONS_MIN_EXCLUSIVE;
  const ask = open && longEnough && debounced.length > SUGGESTIONS_MIN_EXCLUSIVE;
  const suggestionsRead = useSuggestionsQuery(debounced, ask);
  const topRead = useTopSearchedQuery(ask);
  // The current text's answers only, never the last text's.
  const suggestions = suggestionsRead.status === 'ready' ? suggestionsRead.data : undefined;
  const top = topRead.status === 'ready' ? topRead.data : undefined;
  const groups = ask ? suggestionGroups(suggestions, top) : [];
  const options = groups.flatMap((group) => group.options);
  const showOverlay = ask && (suggestions !== undefined || top !== undefined);
  useBodyScrollLock(showOverlay);
  const noMatch = suggestions !== undefined && !hasMatches(suggestions);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    const q = text.trim();
    if (onListing) {
      // Spec 000 §2: on /products only the query changes; an empty query reloads the plain list.
      const next = q ? new URLSearchParams(location.search) : new URLSearchParams();
      if (q) next.set('q', q);
      next.delete('page');
      navigate({ pathname: '/products', search: next.toString() });
    } else {
      navigate(q ? `/products?q=${encodeURIComponent(q)}` : '/products');
    }
  };

  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // A search input clears itself on Escape; with the overlay open, Escape only closes it.
      if (showOverlay) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!showOverlay) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Cycles through the options and back to the text itself (-1).
      setActive((current) => {
        const next = current + step;
        if (next >= options.length) return -1;
        if (next < -1) return options.length - 1;
        return next;
      });
      return;
    }
    if (event.key === 'Enter' && showOverlay && active >= 0 && options[active]) {
      event.preventDefault();
      go(options[active].to);
    }
  };

  // Clicks outside close the overlay.
  useEffect(() => {
    if (!showOverlay) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [showOverlay]);

  const activeOption = showOverlay && active >= 0 ? options[active] : undefined;
  let index = -1;
  return (
    <search className={styles.search} ref={rootRef}>
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor="shop-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="shop-search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showOverlay}
          aria-controls={listId}
          aria-activedescendant={activeOption?.id}
          className={styles.input}
          placeholder="Search for gifts, brands and more"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(event.target.value.trim().length > SUGGESTIONS_MIN_EXCLUSIVE);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          // The API's limit: longer text is stopped here, never sent and refused.
          maxLength={SEARCH_TEXT_MAX}
        />
        <button type="submit" className={styles.button}>
          Search
        </button>
      </form>
      <div className={styles.overlay} hidden={!showOverlay}>
        {noMatch ? <p className={styles.noMatch}>{MESSAGES.noMatching}</p> : null}
        <div id={listId} role="listbox" aria-label="Search suggestions">
          {groups.map((group, groupIndex) => (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox group, not a form fieldset
            <div
              key={group.title}
              role="group"
              aria-labelledby={`${listId}-group-${groupIndex}`}
              className={styles.group}
            >
              <div id={`${listId}-group-${groupIndex}`} className={styles.groupTitle}>
                {group.title}
              </div>
              {group.options.map((option) => {
                index += 1;
                const selected = index === active;
                return (
                  // Keyboard use goes through the combobox (arrow keys + Enter, aria-activedescendant).
                  // biome-ignore lint/a11y/useKeyWithClickEvents: options never take focus themselves
                  <div
                    key={option.id}
                    id={option.id}
                    role="option"
                    tabIndex={-1}
                    aria-selected={selected}
                    className={selected ? `${styles.option} ${styles.optionActive}` : styles.option}
                    // mousedown keeps focus in the input; click navigates.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => go(option.to)}
                  >
                    {option.image ? (
                      <img {...responsiveImage(option.image, { fixed: 36 })} alt="" decoding="async" />
                    ) : null}
                    <span>
                      {option.label}
                      {option.context ? <span className={styles.context}> in {option.context}</span> : null}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </search>
  );
}
