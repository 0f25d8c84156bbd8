/**
 * Carts of members (by buyer) and guests (by guest session token). Every change runs in one
 * transaction that locks the product row first, so two requests cannot both take the last piece,
 * and every call answers with the whole cart, priced in the cart's currency.
 */

import type { Cart, CartItem, Currency } from '@shop/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  cartItems,
  carts,
  currencies,
  type PackagingLevel,
  packagings,
  productCustomizations,
  productPackagings,
  products,
} from '../db/schema';
import { AppError } from '../errors';
import { hashToken, newOpaqueToken } from './auth';
import { imageUrl } from './images';
import { convertFromUsd, type Pricing, sumAmounts, vatIncludedIn } from './money';
import { loadProductCards } from './productCards';
import { type AddressRow, addressById, toShippingAddress } from './shippingAddresses';
import { freeShippingOverUsd } from './siteSettings';
import type { UploadStore } from './uploads';

/** Who is asking: a signed-in member, or a guest with (maybe) a token from an earlier cart/add. */
export type CartOwner = { buyerId: number } | { buyerId: null; guestToken: string | null };

export type CartRow = typeof carts.$inferSelect;

const toCurrency = (row: typeof currencies.$inferSelect): Currency => ({
  code: row.code,
  symbol: row.symbol,
  exchange_rate: row.exchangeRate,
  decimal_places: row.decimalPlaces,
});

async function currencyByCode(db: Database, code: string | null): Promise<Currency> {
  const [row] = code
    ? await db.select().from(currencies).where(eq(currencies.code, code))
    : await db.select().from(currencies).where(eq(currencies.isDefault, true));
  if (!row) {
    if (code) {
      throw AppError.unprocessable('UNKNOWN_CURRENCY', `Unknown currency code "${code}".`, {
        selected_currency_code: 'is not a currency of the shop',
      });
    }
    throw new Error('No default currency is configured; run the seed.');
  }
  return toCurrency(row);
}

/** The owner's cart, locked for the rest of the transaction when `lock` is set. */
export async function findCart(db: Database, owner: CartOwner, lock: boolean): Promise<CartRow | undefined> {
  let where: ReturnType<typeof eq>;
  if (owner.buyerId !== null) where = eq(carts.buyerId, owner.buyerId);
  else if (owner.guestToken) where = eq(carts.guestTokenHash, hashToken(owner.guestToken));
  else return undefined;
  const query = db.select().from(carts).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * An unknown guest token (an expired or wiped cart) starts a new cart under a fresh token: the
 * server never adopts a token the client made up.
 */
async function findOrCreateCart(
  db: Database,
  owner: CartOwner,
  currencyCode: string,
): Promise<{ cart: CartRow; guestToken: string | null }> {
  const existing = await findCart(db, owner, true);
  if (existing) return { cart: existing, guestToken: owner.buyerId === null ? owner.guestToken : null };
  if (owner.buyerId !== null) {
    // ON CONFLICT: two first adds of one member at once end in one cart.
    await db.insert(carts).values({ buyerId: owner.buyerId, currencyCode }).onConflictDoNothing();
    const cart = await findCart(db, owner, true);
    if (!cart) throw new Error('Member cart vanished while being created');
    return { cart, guestToken: null };
  }
  const guestToken = newOpaqueToken();
  const [cart] = await db
    .insert(carts)
    .values({ guestTokenHash: hashToken(guestToken), currencyCode })
    .returning();
  if (!cart) throw new Error('Guest cart was not created');
  return { cart, guestToken };
}

/**
 * The product, locked. An archived one is no longer sold: adding it is refused like an unknown
 * product (404), unless `archived` allows it (a line already in the cart may still change or go).
 */
export async function lockProduct(
  db: Database,
  productId: number,
  archived: 'refused' | 'allowed' = 'refused',
) {
  const [product] = await db
    .select({
      id: products.id,
      title: products.title,
      stockQuantity: products.stockQuantity,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product || (product.archivedAt !== null && archived === 'refused')) {
    throw AppError.notFound('Product not found.');
  }
  return product;
}

/** 409: the stock cannot cover the quantity; the message names the product. */
function assertInStock(product: { title: string; stockQuantity: number }, quantity: number) {
  if (product.stockQuantity <= 0) {
    throw AppError.conflict('OUT_OF_STOCK', `"${product.title}" is out of stock.`);
  }
  if (quantity > product.stockQuantity) {
    throw AppError.conflict(
      'INSUFFICIENT_STOCK',
      `Only ${product.stockQuantity} of "${product.title}" left in stock.`,
      { quantity: `must be at most ${product.stockQuantity}` },
    );
  }
}

/**
 * The whole cart as the API returns it; an absent cart is an empty one in the default currency.
 * Invoice: the lines' sum, the delivery country's flat fee (see shippingFeeUsd), their total (what
 * the shopper pays; prices include VAT) and the VAT part of it at `pricing.vatRate`.
 */
export async function presentCart(
  db: Database,
  cart: CartRow | undefined,
  guestToken: string | null,
  pricing: Pricing,
): Promise<Cart> {
  const currency = await currencyByCode(db, cart?.currencyCode ?? null);
  const lines = cart
    ? await db.select().from(cartItems).where(eq(cartItems.cartId, cart.id)).orderBy(asc(cartItems.id))
    : [];
  const productIds = lines.map((line) => line.productId);
  // One after another: presentCart mostly runs inside a transaction, i.e. on one connection, where
  // concurrent queries only queue up (and pg warns that pg@9 will refuse a third one queued).
  const cards = await loadProductCards(db, productIds);
  const customizationPrices = await customizationPricesOf(db, productIds);
  const packagingsByLine = await packagingsOf(db, lines);
  const items: CartItem[] = [];
  for (const line of lines) {
    const product = cards.get(line.productId);
    if (!product) continue;
    // Unit prices are converted first, so unit × quantity always equals the line amounts shown.
    const price = convertFromUsd(product.price, currency);
    const customization = customizationOf(line, customizationPrices.get(line.productId), currency);
    const packaging = packagingsByLine.get(line.id);
    const packagingPrice = packaging
      ? convertFromUsd(packaging.price, currency) * (packaging.level === 'item' ? line.quantity : 1)
      : 0;
    const customizationPrice = customization?.price ?? 0;
    const packagingAmount = sumAmounts([packagingPrice], currency);
    items.push({
      id: line.id,
      quantity: line.quantity,
      product,
      price,
      total: sumAmounts([price * line.quantity, customizationPrice, packagingAmount], currency),
      stock_problem:
        line.quantity > product.stock_quantity ? { available: Math.max(0, product.stock_quantity) } : null,
      customization,
      customization_id: customization ? line.id : null,
      customization_logo: line.customizationLogo ? CUSTOMIZATION_LOGO_PATH : null,
      customization_to_whom: customization?.toWhom ?? null,
      customization_from: customization?.from ?? null,
      customization_note: customization?.note ?? null,
      customization_brief: customization?.brief ?? null,
      customization_price: customizationPrice,
      packaging: packaging
        ? {
            packaging_id: packaging.packagingId,
            title: packaging.title,
            image: imageUrl('packaging', packaging.packagingId),
            packaging_level: packaging.level,
            price: packagingAmount,
          }
        : null,
      packaging_id: packaging?.packagingId ?? null,
      packaging_price: packagingAmount,
      package_price: packagingAmount,
    });
  }
  const subTotal = sumAmounts(
    items.map((item) => item.total),
    currency,
  );
  const address = cart?.shippingAddressId ? await addressById(db, cart.shippingAddressId) : undefined;
  const freeOver = await freeShippingOverUsd(db, pricing.freeShippingOverUsd ?? null);
  const reachesFreeShipping = freeOver !== null && subTotal >= convertFromUsd(freeOver, currency);
  const shippingCharges = reachesFreeShipping ? 0 : convertFromUsd(shippingFeeUsd(address, items), currency);
  const total = sumAmounts([subTotal, shippingCharges], currency);
  return {
    items,
    invoice: {
      subTotal,
      subTotalWithAdditional: subTotal,
      shippingCharges,
      total,
      vatRate: pricing.vatRate,
      vatIncluded: vatIncludedIn(total, pricing.vatRate, currency),
    },
    selectedCurrency: currency,
    shippingAddress: address ? toShippingAddress(address) : null,
    paymentMethod: cart?.paymentMethod ?? null,
    guest_session_token: cart ? guestToken : null,
  };
}

/**
 * Delivery is a flat fee per destination country (countries.shipping_fee, USD): nothing until the
 * cart has an address, and nothing when every line's product ships free (an empty cart too). The
 * shop's free-shipping threshold (an owner's, else FREE_SHIPPING_OVER_USD: services/siteSettings.ts)
 * is applied by presentCart, on the subtotal in the cart's currency against the threshold
 * converted the same way.
 */
export function shippingFeeUsd(address: AddressRow | undefined, items: readonly CartItem[]): number {
  if (!address) return 0;
  if (items.every((item) => item.product.free_delivery)) return 0;
  return address.shippingFee;
}

/** Where the owner of a line fetches its saved logo (POST, with the line id and guest token). */
export const CUSTOMIZATION_LOGO_PATH = '/backend/api/cart/customization-logo';

type CartLine = typeof cartItems.$inferSelect;

/** Customization price per piece (USD) of each product that offers customization. */
async function customizationPricesOf(db: Database, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productCustomizations.productId, price: productCustomizations.price })
    .from(productCustomizations)
    .where(inArray(productCustomizations.productId, productIds));
  return new Map(rows.map((row) => [row.productId, row.price]));
}

/** A line's customization, priced for the whole line: per piece × quantity. */
function customizationOf(
  line: CartLine,
  unitPriceUsd: number | undefined,
  currency: Currency,
): CartItem['customization'] {
  const selectedItems = line.customizationOptions ?? [];
  if (selectedItems.length === 0) return null;
  const unit = unitPriceUsd === undefined ? 0 : convertFromUsd(unitPriceUsd, currency);
  return {
    selectedItems,
    hasLogo: line.customizationLogo !== null,
    toWhom: line.customizationToWhom,
    from: line.customizationFrom,
    note: line.customizationNote,
    brief: line.customizationBrief,
    price: sumAmounts([unit * line.quantity], currency),
  };
}

interface LinePackaging {
  packagingId: number;
  title: string;
  price: number;
  level: PackagingLevel;
}

/** The chosen packaging of each line, with the product's price and level for it. */
async function packagingsOf(db: Database, lines: CartLine[]): Promise<Map<number, LinePackaging>> {
  const packaged = lines.filter((line) => line.packagingId !== null);
  if (packaged.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productPackagings.productId,
      packagingId: productPackagings.packagingId,
      price: productPackagings.price,
      level: productPackagings.packagingLevel,
      title: packagings.title,
    })
    .from(productPackagings)
    .innerJoin(packagings, eq(packagings.id, productPackagings.packagingId))
    .where(
      inArray(
        productPackagings.productId,
        packaged.map((line) => line.productId),
      ),
    );
  const byLine = new Map<number, LinePackaging>();
  for (const line of packaged) {
    const row = rows.find((r) => r.productId === line.productId && r.packagingId === line.packagingId);
    if (row)
      byLine.set(line.id, {
        packagingId: row.packagingId,
        title: row.title,
        price: row.price,
        level: row.level,
      });
  }
  return byLine;
}

export async function getCart(db: Database, owner: CartOwner, pricing: Pricing): Promise<Cart> {
  const cart = await findCart(db, owner, false);
  return presentCart(db, cart, owner.buyerId === null ? owner.guestToken : null, pricing);
}

export interface AddToCart {
  productId: number;
  quantity: number;
  currencyCode: string | null;
}

/** Adding a product already in the cart adds to that line's quantity. */
export async function addToCart(
  db: Database,
  owner: CartOwner,
  input: AddToCart,
  pricing: Pricing,
): Promise<Cart> {
  return db.transaction((tx) => addToCartWithin(tx, owner, input, pricing));
}

/**
 * addToCart inside the caller's transaction, for calls that add to the cart as one step of more
 * (wishlist/move-to-cart adds and removes from the wishlist at once). Locks the product, then the
 * cart; a refusal (409 on stock) throws, so the caller's whole transaction rolls back.
 */
export async function addToCartWithin(
  tx: Database,
  owner: CartOwner,
  input: AddToCart,
  pricing: Pricing,
): Promise<Cart> {
  const product = await lockProduct(tx, input.productId);
  const currency = input.currencyCode ? await currencyByCode(tx, input.currencyCode) : null;
  if (product.stockQuantity <= 0) assertInStock(product, input.quantity);
  const defaultCode = currency?.code ?? (await currencyByCode(tx, null)).code;
  const { cart, guestToken } = await findOrCreateCart(tx, owner, defaultCode);
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, product.id)))
    .orderBy(asc(cartItems.id))
    .limit(1);
  const quantity = (line?.quantity ?? 0) + input.quantity;
  assertInStock(product, quantity);
  if (line) await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
  else await tx.insert(cartItems).values({ cartId: cart.id, productId: product.id, quantity });
  const [updated] = await tx
    .update(carts)
    .set({ currencyCode: currency?.code ?? cart.currencyCode, updatedAt: sql`now()` })
    .where(eq(carts.id, cart.id))
    .returning();
  return presentCart(tx, updated, guestToken, pricing);
}

/** A line of this owner's cart, locked; another cart's line is "not found", never touched. */
export async function lockOwnLine(db: Database, owner: CartOwner, itemId: number) {
  const cart = await findCart(db, owner, true);
  if (!cart) throw AppError.notFound('Cart item not found.');
  const [line] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
    .for('update');
  if (!line) throw AppError.notFound('Cart item not found.');
  return { cart, line };
}

export const tokenOf = (owner: CartOwner) => (owner.buyerId === null ? owner.guestToken : null);

/**
 * The product of a line, locked: the first lock of a line change that also needs its product, in
 * the order addToCart takes them (product → cart), so the two cannot deadlock each other.
 */
export async function lockProductOfLine(db: Database, itemId: number) {
  const [target] = await db
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .where(eq(cartItems.id, itemId));
  if (!target) throw AppError.notFound('Cart item not found.');
  return lockProduct(db, target.productId, 'allowed');
}

/**
 * One change of one of the owner's lines, inside the caller's transaction: the line is locked
 * (another cart's is "not found"), changed, the cart's updated_at touched, and the whole cart
 * answered. A refusal thrown by `change` rolls the caller's transaction back.
 */
export async function changeOwnLine(
  tx: Database,
  owner: CartOwner,
  itemId: number,
  pricing: Pricing,
  change: (line: CartLine) => Promise<void>,
): Promise<Cart> {
  const { cart, line } = await lockOwnLine(tx, owner, itemId);
  await change(line);
  await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
  return presentCart(tx, cart, tokenOf(owner), pricing);
}

/** Removing a line also deletes its customization logo, once the removal is committed. */
export async function removeFromCart(
  db: Database,
  uploads: Pick<UploadStore, 'remove'>,
  owner: CartOwner,
  itemId: number,
  pricing: Pricing,
): Promise<Cart> {
  let logo: string | null = null;
  const answer = await db.transaction((tx) =>
    changeOwnLine(tx, owner, itemId, pricing, async (line) => {
      logo = line.customizationLogo;
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    }),
  );
  await uploads.remove(logo);
  return answer;
}

export async function updateQuantity(
  db: Database,
  owner: CartOwner,
  itemId: number,
  quantity: number,
  pricing: Pricing,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    const product = await lockProductOfLine(tx, itemId);
    return changeOwnLine(tx, owner, itemId, pricing, async (line) => {
      assertInStock(product, quantity);
      await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
    });
  });
}

/**
 * Re-prices the cart in another currency (the shopper switched it in the header). Without a cart
 * there is nothing to re-price: the answer is the empty cart in that currency, and the first add
 * will carry the code.
 */
export async function changeCurrency(
  db: Database,
  owner: CartOwner,
  currencyCode: string,
  pricing: Pricing,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    const currency = await currencyByCode(tx, currencyCode);
    const cart = await findCart(tx, owner, true);
    if (!cart) {
      const empty = await presentCart(tx, undefined, null, pricing);
      return { ...empty, selectedCurrency: currency };
    }
    const [updated] = await tx
      .update(carts)
      .set({ currencyCode: currency.code, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id))
      .returning();
    return presentCart(tx, updated, tokenOf(owner), pricing);
  });
}
