/** The startup content every page of the storefront needs before it renders. */

import type { Currency, SitemapNode, SocialChannel, StartupContent } from '@shop/shared/api-types';
import { asc, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  categories,
  currencies,
  frontendMessages,
  productTypes,
  siteConfig,
  socialChannels,
  subCategories,
} from '../db/schema';
import { imageUrl } from './images';

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

  const subCategoryNodes = new Map<number, SitemapNode[]>();
  for (const row of subCategoryRows) {
    const siblings = subCategoryNodes.get(row.categoryId) ?? [];
    siblings.push({
      id: row.id,
      name: row.name,
      slug: row.slug,
      image: imageUrl('sub-categories', row.id),
      child: [],
    });
    subCategoryNodes.set(row.categoryId, siblings);
  }
  const categoryNodes = new Map<number, SitemapNode[]>();
  for (const row of categoryRows) {
    const siblings = categoryNodes.get(row.typeId) ?? [];
    siblings.push({
      id: row.id,
      name: row.name,
      slug: row.slug,
      image: imageUrl('categories', row.id),
      child: subCategoryNodes.get(row.id) ?? [],
    });
    categoryNodes.set(row.typeId, siblings);
  }

  return {
    config: { phone: config.phone ?? '', hashtag: config.hashtag ?? '' },
    socialChannels: socialChannelUrls,
    footerProductTypes: typeRows.map((row) => ({ name: row.name, slug: row.slug })),
    sitemap: typeRows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      image: imageUrl('types', row.id),
      child: categoryNodes.get(row.id) ?? [],
    })),
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
