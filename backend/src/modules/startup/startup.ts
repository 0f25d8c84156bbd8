/** The startup content every page of the storefront needs before it renders. */

import type { Currency, SitemapNode, SocialChannel, StartupContent } from '@shop/contract';
import { asc, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  categories,
  currencies,
  frontendMessages,
  productTypes,
  siteConfig,
  socialChannels,
  subCategories,
} from '../../db/schema';
import { type ImageKind, pictureUrl } from '../../services/images';

export async function listCurrencies(db: Database): Promise<{ list: Currency[]; defaultCode: string }> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.code));
  const list = rows.map((row) => ({
    code: row.code,
    symbol: row.symbol,
    exchange_rate: row.exchangeRate,
    decimal_places: row.decimalPlaces,
  }));
  const defaultCode = rows.find((row) => row.isDefault)?.code ?? rows[0]?.code ?? 'USD';
  return { list, defaultCode };
}

type TaxonomyRow = { id: number; name: string; slug: string; imageId: number | null };

function sitemapNode(row: TaxonomyRow, kind: ImageKind, children?: Map<number, SitemapNode[]>): SitemapNode {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: pictureUrl(kind, row.id, row.imageId),
    child: children?.get(row.id) ?? [],
  };
}

/** Sitemap nodes of one level, keyed by their parent's id, in the rows' order. */
function groupNodes<R extends TaxonomyRow>(
  rows: readonly R[],
  kind: ImageKind,
  parentOf: (row: R) => number,
  children?: Map<number, SitemapNode[]>,
): Map<number, SitemapNode[]> {
  const byParent = new Map<number, SitemapNode[]>();
  for (const row of rows) {
    const siblings = byParent.get(parentOf(row)) ?? [];
    siblings.push(sitemapNode(row, kind, children));
    byParent.set(parentOf(row), siblings);
  }
  return byParent;
}

export async function getStartupContent(db: Database): Promise<StartupContent> {
  const [configRows, channelRows, typeRows, categoryRows, subCategoryRows, messageRows, currencyList] =
    await Promise.all([
      db.select().from(siteConfig),
      db.select().from(socialChannels).where(isNotNull(socialChannels.url)),
      db.select().from(productTypes).orderBy(asc(productTypes.position), asc(productTypes.id)),
      db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
      db.select().from(subCategories).orderBy(asc(subCategories.position), asc(subCategories.id)),
      db.select().from(frontendMessages).orderBy(asc(frontendMessages.id)),
      listCurrencies(db),
    ]);

  const config = Object.fromEntries(configRows.map((row) => [row.key, row.value]));
  const socialChannelUrls: Partial<Record<SocialChannel, string>> = {};
  for (const row of channelRows) if (row.url) socialChannelUrls[row.channel] = row.url;

  const subCategoryNodes = groupNodes(subCategoryRows, 'sub-categories', (row) => row.categoryId);
  const categoryNodes = groupNodes(categoryRows, 'categories', (row) => row.typeId, subCategoryNodes);

  return {
    config: { phone: config.phone ?? '', hashtag: config.hashtag ?? '' },
    socialChannels: socialChannelUrls,
    footerProductTypes: typeRows.map((row) => ({ name: row.name, slug: row.slug })),
    sitemap: typeRows.map((row) => sitemapNode(row, 'types', categoryNodes)),
    frontendMessages: messageRows.map((row) => ({
      section: row.section,
      component: row.component,
      name: row.name,
      type: row.type,
      texts: row.texts,
    })),
    currencies: {
      list: Object.fromEntries(currencyList.list.map((currency) => [currency.code, currency])),
      default: currencyList.defaultCode,
    },
  };
}
