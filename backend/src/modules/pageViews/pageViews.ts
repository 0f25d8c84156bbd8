/**
 * Page-view analytics: the shell reports each page view (route and referrer); only the route is
 * kept, never anything that identifies the shopper. Secrets that live in a path (a password reset
 * link's hash) are replaced by the route's pattern before anything is stored.
 */
import { count, desc, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pageViews } from '../../db/schema';

/** Longest path kept: longer ones are cut (nobody needs more to count a route). */
const PATH_MAX = 300;

/** Path parts that are secrets or one-time tokens: stored as the route's pattern. */
const SECRET_ROUTES: [RegExp, string][] = [[/^\/reset-password\/[^/]+/, '/reset-password/:hash']];

/** The route of a path: no query, no fragment, no secrets, no trailing slash, bounded length. */
export function routeOf(path: string): string {
  let route = path.split(/[?#]/)[0] ?? '/';
  if (!route.startsWith('/')) route = `/${route}`;
  for (const [pattern, replacement] of SECRET_ROUTES) route = route.replace(pattern, replacement);
  if (route.length > 1) route = route.replace(/\/+$/, '');
  return route.slice(0, PATH_MAX) || '/';
}

/**
 * Where the view came from: another page of the shop (its route), another site (its origin
 * only: the rest of a foreign address may carry anything), or nothing.
 */
export function referrerOf(referrer: string | undefined, shopOrigin: string | null): string | null {
  if (!referrer) return null;
  if (referrer.startsWith('/')) return routeOf(referrer);
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (shopOrigin && url.origin === shopOrigin) return routeOf(url.pathname);
    return url.origin;
  } catch {
    return null;
  }
}

export async function recordPageView(
  db: Database,
  view: { path: string; referrer?: string },
  shopOrigin: string | null,
): Promise<void> {
  await db
    .insert(pageViews)
    .values({ path: routeOf(view.path), referrer: referrerOf(view.referrer, shopOrigin) });
}

export interface PageViewCount {
  path: string;
  views: number;
}

/** Views per route since a moment (all time without one), most viewed first. */
export async function pageViewCounts(db: Database, since: Date | null = null): Promise<PageViewCount[]> {
  const views = count();
  const rows = await db
    .select({ path: pageViews.path, views })
    .from(pageViews)
    .where(since ? gte(pageViews.viewedAt, since) : sql`TRUE`)
    .groupBy(pageViews.path)
    .orderBy(desc(views), pageViews.path);
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}
