/**
 * Shop settings kept in site_config that more than one module reads: the free-shipping threshold
 * (the cart charges by it, checkout-terms states it, the back office changes it). An owner's
 * choice is a row; without one, FREE_SHIPPING_OVER_USD (the config) applies, as SHOP_EMAIL does
 * for the order e-mail. Read on every use, so a change is in the next answer of every instance.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteConfig } from '../db/schema';

/** site_config key: a USD amount, or '' for "no free shipping" (which overrides the config). */
export const FREE_SHIPPING_SETTING = 'free_shipping_over_usd';

/** The threshold in effect: the owner's choice, else `configured` (FREE_SHIPPING_OVER_USD). */
export async function freeShippingOverUsd(db: Database, configured: number | null): Promise<number | null> {
  const [row] = await db
    .select({ value: siteConfig.value })
    .from(siteConfig)
    .where(eq(siteConfig.key, FREE_SHIPPING_SETTING));
  if (!row) return configured;
  const amount = Number(row.value);
  return row.value.trim() !== '' && Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** The owner's threshold (null: none, whatever the config says). */
export async function setFreeShippingOverUsd(db: Database, amount: number | null): Promise<void> {
  const value = amount === null ? '' : String(amount);
  await db
    .insert(siteConfig)
    .values({ key: FREE_SHIPPING_SETTING, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value } });
}
