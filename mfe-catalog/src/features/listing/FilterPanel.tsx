import { type ListingFilters, QUICK_FILTERS, toggleAttribute, toggleQuick } from '@shop/contract/listing';
import { keywordError, SEARCH_TEXT_MAX } from '@shop/contract/validation/keyword';
import type { ProductListing } from '@shop/shared';
import { useBusState } from '@shop/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import styles from './listing.module.css';
import {
  activeUsdBounds,
  BASE_CURRENCY,
  describeUsdBounds,
  hasPriceErrors,
  normalizePriceText,
  type PriceErrors,
  priceValue,
  usdIn,
  validatePrice,
} from './priceRules';

type Apply = (change: Partial<ListingFilters>) => void;
type Facets = ProductListing['filters'];

interface FilterPanelProps {
  filters: ListingFilters;
  facets: Facets | undefined;
  apply: Apply;
}

/** The listing's left column: every control writes to the URL through `apply`. */
export function FilterPanel({ filters, facets, apply }: FilterPanelProps): ReactNode {
  const selectedCode = useBusState('currency')?.code ?? BASE_CURRENCY;
  return (
    <>
      {facets ? <CategoryTree filters={filters} facets={facets} apply={apply} /> : null}
      <QuickFilters filters={filters} apply={apply} />
      {facets ? <AttributeFilters filters={filters} facets={facets} apply={apply} /> : null}
      <PriceFilter
        // A new URL (back/forward, a shared link) or another selected currency starts the form
        // again from the bounds in force.
        key={[
          filters.priceMin,
          filters.priceMax,
          filters.currency,
          filters.priceMinUsd,
          filters.priceMaxUsd,
          selectedCode,
        ].join('|')}
        filters={filters}
        apply={apply}
      />
      <KeywordFilter key={filters.q ?? ''} filters={filters} apply={apply} />
    </>
  );
}

function FacetButton({
  label,
  count,
  selected,
  onClick,
}: {
  label: string;
  count: number;
  selected: boolean;
  onClick: () => void;
}): ReactNode {
  return (
    <button
      type="button"
      className={selected ? `${styles.facet} ${styles.facetSelected}` : styles.facet}
      aria-pressed={selected}
      onClick={onClick}
    >
      {label} <span className={styles.count}>({count})</span>
    </button>
  );
}

/** Type > category > sub-category, each level with its product counts. */
export function CategoryTree({
  filters,
  facets,
  apply,
}: {
  filters: ListingFilters;
  facets: Facets;
  apply: Apply;
}) {
  const subCategories = filters.category ? (
    <ul>
      {facets.productSubCategories.map((sub) => (
        <li key={sub.slug}>
          <FacetButton
            label={sub.name}
            count={sub.products_count}
            selected={filters.subCategory === sub.slug}
            onClick={() => apply({ subCategory: filters.subCategory === sub.slug ? null : sub.slug })}
          />
        </li>
      ))}
    </ul>
  ) : null;
  const categories = filters.type ? (
    <ul>
      {facets.productCategories.map((category) => (
        <li key={category.slug}>
          <FacetButton
            label={category.name}
            count={category.products_count}
            selected={filters.category === category.slug}
            onClick={() =>
              apply({
                category: filters.category === category.slug ? null : category.slug,
                subCategory: null,
              })
            }
          />
          {filters.category === category.slug ? subCategories : null}
        </li>
      ))}
    </ul>
  ) : null;
  return (
    <section className={styles.filterGroup} aria-labelledby="filter-categories">
      <h2 id="filter-categories">Categories</h2>
      <ul className={styles.tree}>
        {facets.productTypes.map((type) => (
          <li key={type.slug}>
            <FacetButton
              label={type.name}
              count={type.products_count}
              selected={filters.type === type.slug}
              onClick={() =>
                apply({
                  type: filters.type === type.slug ? null : type.slug,
                  category: null,
                  subCategory: null,
                })
              }
            />
            {filters.type === type.slug ? categories : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function QuickFilters({ filters, apply }: { filters: ListingFilters; apply: Apply }): ReactNode {
  return (
    <fieldset className={styles.filterGroup}>
      <legend>Quick filters</legend>
      {QUICK_FILTERS.map(({ param, label }) => (
        <label key={param} className={styles.check}>
          <input
            type="checkbox"
            checked={filters.quick.includes(param)}
            onChange={() => apply({ quick: toggleQuick(filters.quick, param) })}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Attribute checkboxes with the server's counts. Values are OR-ed within an attribute and AND-ed
 * across attributes; a selected value stays listed (count 0) so it can always be unticked.
 */
export function AttributeFilters({
  filters,
  facets,
  apply,
}: {
  filters: ListingFilters;
  facets: Facets;
  apply: Apply;
}) {
  const names = new Set([...facets.attributes.map((a) => a.name), ...Object.keys(filters.attributes)]);
  return (
    <>
      {[...names].map((name) => {
        const listed = facets.attributes.find((a) => a.name === name)?.values ?? [];
        const selected = filters.attributes[name] ?? [];
        const values = [
          ...listed,
          ...selected
            .filter((v) => !listed.some((l) => l.value === v))
            .map((value) => ({ value, products_count: 0 })),
        ];
        return (
          <fieldset key={name} className={styles.filterGroup}>
            <legend>{name}</legend>
            {values.map(({ value, products_count }) => (
              <label key={value} className={styles.check}>
                <input
                  type="checkbox"
                  checked={selected.includes(value)}
                  onChange={() => apply({ attributes: toggleAttribute(filters.attributes, name, value) })}
                />
                {value} <span className={styles.count}>({products_count})</span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </>
  );
}

/**
 * Price From/To in the shopper's selected currency (the header's selector; prices are USD in the
 * API). The form starts from the bounds in force, converted into that currency, and a line states
 * them in USD as the listing applies them, whichever currency or kind of bound the URL used.
 */
export function PriceFilter({ filters, apply }: { filters: ListingFilters; apply: Apply }): ReactNode {
  const currency = useBusState('currency');
  const currencies = useBusState('startup')?.currencies.list;
  const code = currency?.code ?? BASE_CURRENCY;
  const rate = currency?.exchange_rate ?? 1;
  const decimals = currency?.decimal_places ?? 2;
  const bounds = activeUsdBounds(filters, (other) => currencies?.[other]?.exchange_rate);
  const inForce = describeUsdBounds(bounds);
  const shown = (usd: number | null) => (usd === null ? '' : String(usdIn(usd, rate, decimals)));
  const [min, setMin] = useState(shown(bounds.min));
  const [max, setMax] = useState(shown(bounds.max));
  const [errors, setErrors] = useState<PriceErrors>({});
  const id = useId();
  const change = (field: 'min' | 'max', raw: string) => {
    const text = normalizePriceText(raw);
    const next = field === 'min' ? { min: text, max } : { min, max: text };
    if (field === 'min') setMin(text);
    else setMax(text);
    setErrors(validatePrice(next, field));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasPriceErrors(errors)) return;
    const priceMin = priceValue(min);
    const priceMax = priceValue(max);
    apply({
      priceMin,
      priceMax,
      currency: priceMin === null && priceMax === null ? null : code,
      priceMinUsd: null,
      priceMaxUsd: null,
    });
  };
  return (
    <form className={styles.filterGroup} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Price ({code})</h2>
      {inForce ? <p className={styles.priceInForce}>Showing prices {inForce}</p> : null}
      <div className={styles.priceRow}>
        <label htmlFor={`${id}-min`}>From</label>
        <input
          id={`${id}-min`}
          inputMode="decimal"
          value={min}
          onChange={(event) => change('min', event.target.value)}
          aria-invalid={errors.min ? true : undefined}
          aria-describedby={errors.min ? `${id}-min-error` : undefined}
          size={6}
        />
        <label htmlFor={`${id}-max`}>To</label>
        <input
          id={`${id}-max`}
          inputMode="decimal"
          value={max}
          onChange={(event) => change('max', event.target.value)}
          aria-invalid={errors.max ? true : undefined}
          aria-describedby={errors.max ? `${id}-max-error` : undefined}
          size={6}
        />
        <button type="submit" disabled={hasPriceErrors(errors)}>
          Go
        </button>
      </div>
      {errors.min ? (
        <p id={`${id}-min-error`} className={styles.fieldError} role="alert">
          {errors.min}
        </p>
      ) : null}
      {errors.max ? (
        <p id={`${id}-max-error`} className={styles.fieldError} role="alert">
          {errors.max}
        </p>
      ) : null}
    </form>
  );
}

export function KeywordFilter({ filters, apply }: { filters: ListingFilters; apply: Apply }): ReactNode {
  const [text, setText] = useState(filters.q ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = keywordError(text);
    setError(message);
    if (!message) apply({ q: text.trim() });
  };
  const clear = () => {
    setText('');
    setError(null);
    if (filters.q) apply({ q: null });
  };
  return (
    <form className={styles.filterGroup} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-keyword`} className={styles.groupLabel}>
        Keyword
      </label>
      <div className={styles.priceRow}>
        <input
          id={`${id}-keyword`}
          type="text"
          maxLength={SEARCH_TEXT_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(keywordError(event.target.value));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-keyword-error` : undefined}
        />
        <button type="submit">Apply</button>
        <button type="button" onClick={clear}>
          Clear
        </button>
      </div>
      {error ? (
        <p id={`${id}-keyword-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
