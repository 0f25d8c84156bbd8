import type { Suggestions, TopSearched } from '@shop/shared';
import { SUGGESTIONS_MAX_EACH } from '../../constants';

export interface SuggestionOption {
  id: string;
  label: string;
  /** Shown under the label (e.g. 'in Gifts > Mugs'). */
  context?: string;
  image?: string;
  to: string;
}
export interface SuggestionGroup {
  title: 'Suggestions' | 'Matching Results In' | 'Top Searched';
  options: SuggestionOption[];
}

const listing = (parts: Record<string, string>) => `/products?${new URLSearchParams(parts).toString()}`;

/** The overlay's groups in display order; an empty group is left out. */
export function suggestionGroups(
  suggestions: Suggestions | undefined,
  top: TopSearched | undefined,
): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [];
  if (suggestions) {
    const products = suggestions.products.slice(0, SUGGESTIONS_MAX_EACH).map((p) => ({
      id: `s-product-${p.id}`,
      label: p.title,
      image: p.image,
      to: `/product/${p.slug}`,
    }));
    if (products.length > 0) groups.push({ title: 'Suggestions', options: products });
    const matching: SuggestionOption[] = [
      ...suggestions.types.slice(0, SUGGESTIONS_MAX_EACH).map((t) => ({
        id: `s-type-${t.slug}`,
        label: t.name,
        to: listing({ type: t.slug }),
      })),
      ...suggestions.categories.slice(0, SUGGESTIONS_MAX_EACH).map((c) => ({
        id: `s-category-${c.type.slug}-${c.slug}`,
        label: c.name,
        context: c.type.name,
        to: listing({ type: c.type.slug, category: c.slug }),
      })),
      ...suggestions.sub_categories.slice(0, SUGGESTIONS_MAX_EACH).map((s) => ({
        id: `s-sub-${s.type.slug}-${s.category.slug}-${s.slug}`,
        label: s.name,
        context: `${s.type.name} > ${s.category.name}`,
        to: listing({ type: s.type.slug, category: s.category.slug, subCategory: s.slug }),
      })),
    ];
    if (matching.length > 0) groups.push({ title: 'Matching Results In', options: matching });
  }
  if (top && top.items.length > 0) {
    groups.push({
      title: 'Top Searched',
      options: top.items.map((p) => ({
        id: `s-top-${p.id}`,
        label: p.title,
        image: p.image,
        to: `/product/${p.slug}`,
      })),
    });
  }
  return groups;
}

export function hasMatches(suggestions: Suggestions): boolean {
  return (
    suggestions.products.length +
      suggestions.types.length +
      suggestions.categories.length +
      suggestions.sub_categories.length >
    0
  );
}
