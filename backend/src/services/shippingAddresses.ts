/**
 * A buyer's shipping addresses (spec 001 §2.6, §4): members and express guests alike, each only
 * ever seeing their own (another buyer's address is "not found", never "forbidden", so ids reveal
 * nothing). At most one address is primary (a partial unique index); the first one a buyer saves
 * becomes it. Every change of a buyer's addresses runs in one transaction holding that buyer's row
 * (`FOR NO KEY UPDATE`), so two calls at once cannot both decide which address is primary.
 */
import type { ShippingAddress } from '@shop/contract';
import { INT4_MAX } from '@shop/contract/schemas/common';
import { MESSAGES, shippingAddressSchema } from '@shop/contract/validation';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { buyers, countries, shippingAddresses } from '../db/schema';
import { AppError } from '../errors';
import { checked } from './buyers';

/** Enough for family and office addresses; a cap keeps one account from filling the table. */
export const MAX_ADDRESSES_PER_BUYER = 20;

export interface ShippingAddressInput {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  mobile?: string | null;
  country_id?: number | string | null;
  city?: string | null;
  address?: string | null;
  is_primary?: boolean;
}

const addressNotFound = () => AppError.notFound('Shipping address not found.');

const columns = {
  id: shippingAddresses.id,
  buyerId: shippingAddresses.buyerId,
  firstName: shippingAddresses.firstName,
  lastName: shippingAddresses.lastName,
  email: shippingAddresses.email,
  mobile: shippingAddresses.mobile,
  countryId: shippingAddresses.countryId,
  country: countries.name,
  shippingFee: countries.shippingFee,
  city: shippingAddresses.city,
  address: shippingAddresses.address,
  isPrimary: shippingAddresses.isPrimary,
};

export type AddressRow = {
  id: number;
  buyerId: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  countryId: number;
  country: string;
  /** The country's flat delivery fee, USD. */
  shippingFee: number;
  city: string;
  address: string;
  isPrimary: boolean;
};

export const toShippingAddress = (row: AddressRow): ShippingAddress => ({
  id: row.id,
  buyer_id: row.buyerId,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  mobile: row.mobile,
  country_id: row.countryId,
  country: row.country,
  city: row.city,
  address: row.address,
  is_primary: row.isPrimary,
});

const selectAddresses = (db: Database) =>
  db
    .select(columns)
    .from(shippingAddresses)
    .innerJoin(countries, eq(countries.id, shippingAddresses.countryId));

/** An address with its country (name and fee), whoever owns it: for the cart that ships to it. */
export async function addressById(db: Database, id: number): Promise<AddressRow | undefined> {
  const [row] = await selectAddresses(db).where(eq(shippingAddresses.id, id));
  return row;
}

/** One of the buyer's own addresses; another buyer's is 404. */
export async function ownAddress(db: Database, buyerId: number, id: number): Promise<AddressRow> {
  const [row] = await selectAddresses(db).where(
    and(eq(shippingAddresses.id, id), eq(shippingAddresses.buyerId, buyerId)),
  );
  if (!row) throw addressNotFound();
  return row;
}

export async function listAddresses(db: Database, buyerId: number): Promise<ShippingAddress[]> {
  const rows = await selectAddresses(db)
    .where(eq(shippingAddresses.buyerId, buyerId))
    .orderBy(desc(shippingAddresses.isPrimary), desc(shippingAddresses.id));
  return rows.map(toShippingAddress);
}

export async function getAddress(db: Database, buyerId: number, id: number): Promise<ShippingAddress> {
  return toShippingAddress(await ownAddress(db, buyerId, id));
}

/**
 * The shared form rules (422 with the form's messages), then the country: one of `countries`
 * (GET delivery-countries), else the same message as "not selected".
 */
async function validAddress(db: Database, body: ShippingAddressInput) {
  const value = await checked(shippingAddressSchema, body);
  const countryId = value.country_id;
  const [country] =
    Number.isSafeInteger(countryId) && countryId <= INT4_MAX
      ? await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))
      : [];
  if (!country) throw AppError.invalidFields({ country_id: MESSAGES.addressCountryRequired });
  return {
    firstName: value.first_name,
    lastName: value.last_name,
    email: value.email,
    mobile: value.mobile,
    countryId,
    city: value.city,
    address: value.address,
  };
}

/** The buyer's row, held until the transaction ends: one address change per buyer at a time. */
async function lockBuyer(tx: Database, buyerId: number): Promise<void> {
  await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).for('no key update');
}

/** Makes `id` the buyer's only primary address (the others lose the flag first: unique index). */
async function makePrimary(tx: Database, buyerId: number, id: number): Promise<void> {
  await tx
    .update(shippingAddresses)
    .set({ isPrimary: false, updatedAt: new Date() })
    .where(
      and(
        eq(shippingAddresses.buyerId, buyerId),
        eq(shippingAddresses.isPrimary, true),
        ne(shippingAddresses.id, id),
      ),
    );
  await tx
    .update(shippingAddresses)
    .set({ isPrimary: true, updatedAt: new Date() })
    .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.buyerId, buyerId)));
}

/** A new address; the buyer's first one, or one sent with `is_primary: true`, becomes primary. */
export async function createAddress(
  db: Database,
  buyerId: number,
  body: ShippingAddressInput,
): Promise<ShippingAddress> {
  const values = await validAddress(db, body);
  return db.transaction(async (tx) => {
    await lockBuyer(tx, buyerId);
    const [existing] = await tx
      .select({ n: count() })
      .from(shippingAddresses)
      .where(eq(shippingAddresses.buyerId, buyerId));
    const n = existing?.n ?? 0;
    if (n >= MAX_ADDRESSES_PER_BUYER) {
      throw AppError.unprocessable(
        'TOO_MANY_ADDRESSES',
        `You can keep at most ${MAX_ADDRESSES_PER_BUYER} addresses. Please delete one first.`,
      );
    }
    const [created] = await tx
      .insert(shippingAddresses)
      .values({ ...values, buyerId, isPrimary: false })
      .returning({ id: shippingAddresses.id });
    if (!created) throw new Error('address not saved');
    if (n === 0 || body.is_primary === true) await makePrimary(tx, buyerId, created.id);
    return toShippingAddress(await ownAddress(tx, buyerId, created.id));
  });
}

/**
 * Replaces the fields of one of the buyer's addresses; `is_primary: true` also makes it the
 * primary one. `false` never takes the flag away: a buyer chooses another address as primary.
 */
export async function updateAddress(
  db: Database,
  buyerId: number,
  id: number,
  body: ShippingAddressInput,
): Promise<ShippingAddress> {
  const values = await validAddress(db, body);
  return db.transaction(async (tx) => {
    await lockBuyer(tx, buyerId);
    await ownAddress(tx, buyerId, id);
    await tx
      .update(shippingAddresses)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.buyerId, buyerId)));
    if (body.is_primary === true) await makePrimary(tx, buyerId, id);
    return toShippingAddress(await ownAddress(tx, buyerId, id));
  });
}

/** Sets one address primary and clears the flag on all the others, in one transaction. */
export async function setPrimaryAddress(
  db: Database,
  buyerId: number,
  id: number,
): Promise<ShippingAddress[]> {
  return db.transaction(async (tx) => {
    await lockBuyer(tx, buyerId);
    await ownAddress(tx, buyerId, id);
    await makePrimary(tx, buyerId, id);
    return listAddresses(tx, buyerId);
  });
}

/**
 * Deletes one of the buyer's addresses. A cart shipping to it loses its address (the foreign
 * key's ON DELETE SET NULL). When it was the primary one, the newest remaining address becomes
 * primary, so a buyer with addresses always has one (checkout applies it to the cart).
 */
export async function deleteAddress(db: Database, buyerId: number, id: number): Promise<ShippingAddress[]> {
  return db.transaction(async (tx) => {
    await lockBuyer(tx, buyerId);
    const address = await ownAddress(tx, buyerId, id);
    await tx
      .delete(shippingAddresses)
      .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.buyerId, buyerId)));
    if (address.isPrimary) {
      const [newest] = await tx
        .select({ id: shippingAddresses.id })
        .from(shippingAddresses)
        .where(eq(shippingAddresses.buyerId, buyerId))
        .orderBy(desc(shippingAddresses.id))
        .limit(1);
      if (newest) await makePrimary(tx, buyerId, newest.id);
    }
    return listAddresses(tx, buyerId);
  });
}
