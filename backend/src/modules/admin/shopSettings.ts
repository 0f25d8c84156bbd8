/**
 * What an owner changes of the shop beyond its catalogue (issue 22): the currencies and their
 * rates, each country's shipping fee and the free-shipping threshold, and the site settings (phone,
 * hashtag, social channels). Nothing here is cached: the storefront reads these tables on every
 * answer (startup content, the cart, checkout-terms), so a change is in the next answer of every
 * instance. Each function runs in the caller's transaction (the route's `audited`), and each has a
 * `…Snapshot` reader giving the audit row the object's state before and after.
 *
 * Prices are stored in USD (PRICE_CURRENCY) and a rate is units per one USD
 * (@shop/contract/money's convertFromUsd). So USD's rate stays 1 and USD stays; the default
 * currency (exactly one: the unique index currencies_one_default) is the one a new shopper sees
 * first and may have any rate. Moving the default elsewhere moves no price.
 */
import {
  type AdminCurrencyView,
  type AdminShippingInput,
  type AdminShippingView,
  type AdminSiteSettingsInput,
  type AdminSiteSettingsView,
  type CreateCurrencyInput,
  EXCHANGE_RATE_DECIMALS,
  PRICE_CURRENCY,
  SOCIAL_CHANNEL_NAMES,
  type UpdateCurrencyInput,
} from '@shop/contract/schemas/shopSettings';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carts, countries, currencies, siteConfig, socialChannels } from '../../db/schema';
import { AppError } from '../../errors';
import { freeShippingOverUsd, setFreeShippingOverUsd } from '../../services/siteSettings';

/** The places a USD amount is stored with (numeric(12, 2)). */
const USD_DECIMALS = 2;

/**
 * At most `places` decimals: the number is the one written with that many (1.005 is not 1.00 in
 * binary either, and 1e-74 is not 0.000000, which numeric(18, 6) would store and its CHECK refuse).
 */
const hasAtMostDecimals = (value: number, places: number): boolean => Number(value.toFixed(places)) === value;

// ---------------------------------------------------------------- currencies

const toView = (row: typeof currencies.$inferSelect): AdminCurrencyView => ({
  code: row.code,
  symbol: row.symbol,
  exchange_rate: row.exchangeRate,
  decimal_places: row.decimalPlaces,
  position: row.position,
  is_default: row.isDefault,
});

export async function listAdminCurrencies(db: Database): Promise<AdminCurrencyView[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.code));
  return rows.map(toView);
}

/** One currency, locked for the rest of the transaction; 404 when there is none. */
async function lockedCurrency(db: Database, code: string): Promise<AdminCurrencyView> {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code)).for('update');
  if (!row) throw AppError.notFound(`No currency ${code}.`);
  return toView(row);
}

/** The audit's view of a currency (null when there is none). */
export async function currencySnapshot(db: Database, code: string): Promise<AdminCurrencyView | null> {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
  return row ? toView(row) : null;
}

/** Which currency is the default: the audit's view of a change of default. */
export async function defaultCurrencySnapshot(db: Database): Promise<{ default: string | null }> {
  const [row] = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.isDefault, true));
  return { default: row?.code ?? null };
}

/** 400 naming the field for a rate the shop cannot keep (USD's other than 1, too many decimals). */
function checkRate(code: string, rate: number): void {
  if (!hasAtMostDecimals(rate, EXCHANGE_RATE_DECIMALS)) {
    throw AppError.badRequest(`An exchange rate has at most ${EXCHANGE_RATE_DECIMALS} decimals.`, {
      exchange_rate: `at most ${EXCHANGE_RATE_DECIMALS} decimals`,
    });
  }
  if (code === PRICE_CURRENCY && rate !== 1) {
    throw AppError.badRequest(`Prices are kept in ${PRICE_CURRENCY}: its rate is 1.`, {
      exchange_rate: `${PRICE_CURRENCY} is the currency of prices: its rate is 1`,
    });
  }
}

/** Adds a currency (not the default); 409 CURRENCY_EXISTS for a code already there. */
export async function createCurrency(db: Database, input: CreateCurrencyInput): Promise<AdminCurrencyView> {
  checkRate(input.code, input.exchange_rate);
  const position =
    input.position ??
    ((
      await db.select({ last: sql<number>`coalesce(max(${currencies.position}), -1)::int` }).from(currencies)
    )[0]?.last ?? -1) + 1;
  const [row] = await db
    .insert(currencies)
    .values({
      code: input.code,
      symbol: input.symbol.trim(),
      exchangeRate: input.exchange_rate,
      decimalPlaces: input.decimal_places,
      position,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw AppError.conflict('CURRENCY_EXISTS', `The shop has ${input.code} already.`, {
      code: 'is a currency of the shop already',
    });
  }
  return toView(row);
}

/** Changes a currency's symbol, rate, decimals and position (the code stays). */
export async function updateCurrency(
  db: Database,
  code: string,
  input: UpdateCurrencyInput,
): Promise<AdminCurrencyView> {
  const current = await lockedCurrency(db, code);
  checkRate(code, input.exchange_rate);
  const [row] = await db
    .update(currencies)
    .set({
      symbol: input.symbol.trim(),
      exchangeRate: input.exchange_rate,
      decimalPlaces: input.decimal_places,
      position: input.position ?? current.position,
    })
    .where(eq(currencies.code, code))
    .returning();
  if (!row) throw AppError.notFound(`No currency ${code}.`);
  return toView(row);
}

/**
 * Removes a currency: 409 for the default (choose another first) and for USD, the currency of
 * prices. Carts in it move to the default currency (their lines are priced from USD on every
 * answer, so nothing else changes); orders keep their own copy of code, symbol and rate.
 */
export async function removeCurrency(db: Database, code: string): Promise<AdminCurrencyView[]> {
  const current = await lockedCurrency(db, code);
  if (current.is_default) {
    throw AppError.conflict(
      'DEFAULT_CURRENCY',
      `${code} is the default currency: choose another default before removing it.`,
    );
  }
  if (code === PRICE_CURRENCY) {
    throw AppError.conflict('PRICE_CURRENCY', `Prices are kept in ${PRICE_CURRENCY}: it cannot be removed.`);
  }
  const [fallback] = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.isDefault, true));
  if (!fallback) throw new Error('no default currency');
  await db
    .update(carts)
    .set({ currencyCode: fallback.code, updatedAt: sql`now()` })
    .where(eq(carts.currencyCode, code));
  await db.delete(currencies).where(eq(currencies.code, code));
  return listAdminCurrencies(db);
}

/**
 * Makes `code` the default. Both rows are locked in code order (every change of default takes
 * them the same way), the old default is cleared before the new one is set: the unique index
 * allows one default at any moment, and a concurrent change waits for this one.
 */
export async function setDefaultCurrency(db: Database, code: string): Promise<AdminCurrencyView[]> {
  const locked = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(sql`${currencies.code} = ${code} OR ${currencies.isDefault}`)
    .orderBy(asc(currencies.code))
    .for('update');
  if (!locked.some((row) => row.code === code)) throw AppError.notFound(`No currency ${code}.`);
  await db
    .update(currencies)
    .set({ isDefault: false })
    .where(sql`${currencies.isDefault} AND ${currencies.code} <> ${code}`);
  await db.update(currencies).set({ isDefault: true }).where(eq(currencies.code, code));
  return listAdminCurrencies(db);
}

// ---------------------------------------------------------------- shipping

/**
 * Every country's fee and the threshold in effect (`configured`: FREE_SHIPPING_OVER_USD), read
 * as the cart charges them and as checkout-terms states them.
 */
export async function readShipping(db: Database, configured: number | null): Promise<AdminShippingView> {
  const fees = await db
    .select({ country_id: countries.id, country: countries.name, fee: countries.shippingFee })
    .from(countries)
    .orderBy(asc(countries.position), asc(countries.id));
  return { fees, free_shipping_over: await freeShippingOverUsd(db, configured) };
}

/**
 * Sets the fees of the countries named (others keep theirs) and the free-shipping threshold
 * (null: none, whatever FREE_SHIPPING_OVER_USD says). 400 naming the entry for an unknown
 * country, a country named twice, or an amount with more than two decimals.
 */
export async function writeShipping(
  db: Database,
  input: AdminShippingInput,
  configured: number | null,
): Promise<AdminShippingView> {
  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  input.fees.forEach((entry, index) => {
    if (!hasAtMostDecimals(entry.fee, USD_DECIMALS)) fields[`fees.${index}.fee`] = 'at most two decimals';
    if (seen.has(entry.country_id)) fields[`fees.${index}.country_id`] = 'is named twice';
    seen.add(entry.country_id);
  });
  if (input.free_shipping_over !== null && !hasAtMostDecimals(input.free_shipping_over, USD_DECIMALS)) {
    fields.free_shipping_over = 'at most two decimals';
  }
  const ids = [...seen];
  const known =
    ids.length === 0
      ? new Set<number>()
      : new Set(
          (await db.select({ id: countries.id }).from(countries).where(inArray(countries.id, ids))).map(
            (row) => row.id,
          ),
        );
  input.fees.forEach((entry, index) => {
    if (!known.has(entry.country_id)) fields[`fees.${index}.country_id`] = 'is not a country of the shop';
  });
  if (Object.keys(fields).length > 0) {
    throw AppError.badRequest(Object.values(fields)[0] ?? 'Invalid shipping.', fields);
  }
  for (const entry of input.fees) {
    await db.update(countries).set({ shippingFee: entry.fee }).where(eq(countries.id, entry.country_id));
  }
  await setFreeShippingOverUsd(db, input.free_shipping_over);
  return readShipping(db, configured);
}

// ---------------------------------------------------------------- site settings

const SITE_KEYS = ['phone', 'hashtag'] as const;

export async function readSiteSettings(db: Database): Promise<AdminSiteSettingsView> {
  const [configRows, channelRows] = await Promise.all([
    db
      .select()
      .from(siteConfig)
      .where(inArray(siteConfig.key, [...SITE_KEYS])),
    db.select().from(socialChannels),
  ]);
  const config = new Map(configRows.map((row) => [row.key, row.value]));
  const urls = new Map(channelRows.map((row) => [row.channel, row.url]));
  const social = Object.fromEntries(
    SOCIAL_CHANNEL_NAMES.map((channel) => [channel, urls.get(channel) ?? null]),
  ) as AdminSiteSettingsView['social_channels'];
  return { phone: config.get('phone') ?? '', hashtag: config.get('hashtag') ?? '', social_channels: social };
}

/** Sets the phone, the hashtag and every channel's address (null hides the channel). */
export async function writeSiteSettings(
  db: Database,
  input: AdminSiteSettingsInput,
): Promise<AdminSiteSettingsView> {
  for (const key of SITE_KEYS) {
    const value = input[key].trim();
    await db
      .insert(siteConfig)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value } });
  }
  for (const channel of SOCIAL_CHANNEL_NAMES) {
    const url = input.social_channels[channel]?.trim() || null;
    await db
      .insert(socialChannels)
      .values({ channel, url })
      .onConflictDoUpdate({ target: socialChannels.channel, set: { url } });
  }
  return readSiteSettings(db);
}
