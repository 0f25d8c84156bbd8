/**
 * Old listing links after a type, category or sub-category got another slug (issue 22): the back
 * office keeps the old slug in taxonomy_slug_redirects (modules/admin/categoryTree.ts), and a
 * listing asked with it answers for the entry under its current slug. A current slug costs
 * nothing (the catalogue index knows it); only a slug it does not know is looked up, one indexed
 * query for the levels concerned.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/migrate';
import type { CatalogueIndex } from './catalogueIndex';

/** A listing's taxonomy selection, as the query names it. */
export interface TaxonomySelection {
  type?: string;
  category?: string;
  subCategory?: string;
}

const LEVELS = [
  ['type', 'types', 'product_types'],
  ['category', 'categories', 'categories'],
  ['subCategory', 'sub-categories', 'sub_categories'],
] as const;

/** The selection with every old slug replaced by its entry's current one (an unknown slug stays). */
export async function currentTaxonomySlugs(
  db: Database,
  index: CatalogueIndex,
  selection: TaxonomySelection,
): Promise<TaxonomySelection> {
  const unknown = LEVELS.filter(([key]) => {
    const slug = selection[key];
    return slug !== undefined && !index.hasSlug(key, slug);
  });
  if (unknown.length === 0) return selection;
  const current = { ...selection };
  const lookups = unknown.map(
    ([key, level, table]) => sql`SELECT ${key}::text AS key, e.slug FROM taxonomy_slug_redirects r
      JOIN ${sql.raw(table)} e ON e.id = r.target_id WHERE r.level = ${level} AND r.old_slug = ${selection[key] ?? ''}`,
  );
  const rows = rowsOf<{ key: keyof TaxonomySelection; slug: string }>(
    await db.execute(sql.join(lookups, sql` UNION ALL `)),
  );
  for (const row of rows) current[row.key] = row.slug;
  return current;
}
