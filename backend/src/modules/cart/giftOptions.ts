/**
 * Gift customization and packaging (spec 001 §2.4, §2.5): what each product offers, and a cart
 * line's choice of them. Every change is a changeOwnLine of services/cart.ts (customizing locks the
 * product row first, in the order the other cart calls use) and answers the whole cart.
 */
import type {
  Cart,
  CustomizationOptions,
  PackagingKind,
  PackagingLevel,
  PackagingOption,
} from '@shop/contract';
import { type CustomizationOption, customizationSchema, MESSAGES } from '@shop/contract/validation';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartItems, packagings, productCustomizations, productPackagings, products } from '../../db/schema';
import { AppError } from '../../errors';
import { checked } from '../../services/buyers';
import { type CartOwner, changeOwnLine, lockOwnLine, lockProductOfLine } from '../../services/cart';
import { imageUrl } from '../../services/images';
import type { Pricing } from '../../services/money';
import type { UploadStore } from '../../services/uploads';

async function productExists(db: Database, productId: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw AppError.notFound('Product not found.');
}

/** null: the product exists but offers no customization. */
export async function customizationOptionsOf(
  db: Database,
  productId: number,
): Promise<CustomizationOptions | null> {
  await productExists(db, productId);
  const [row] = await db
    .select()
    .from(productCustomizations)
    .where(eq(productCustomizations.productId, productId));
  if (!row) return null;
  return {
    logo_customization: row.logo,
    to_whom_customization: row.toWhom,
    from_customization: row.sender,
    message_customization: row.message,
    price: row.price,
  };
}

const OFFERED: Record<CustomizationOption, keyof CustomizationOptions> = {
  logo: 'logo_customization',
  to_whom: 'to_whom_customization',
  from: 'from_customization',
  message: 'message_customization',
};

/** A product's packaging options; the level is null when it offers none. */
export async function packagingOptionsOf(
  db: Database,
  productId: number,
): Promise<{ packagingLevel: PackagingLevel | null; options: PackagingOption[] }> {
  await productExists(db, productId);
  const rows = await db
    .select({
      id: productPackagings.id,
      packagingId: productPackagings.packagingId,
      price: productPackagings.price,
      level: productPackagings.packagingLevel,
      title: packagings.title,
    })
    .from(productPackagings)
    .innerJoin(packagings, eq(packagings.id, productPackagings.packagingId))
    .where(eq(productPackagings.productId, productId))
    .orderBy(asc(packagings.position), asc(packagings.id));
  return {
    packagingLevel: rows[0]?.level ?? null,
    options: rows.map((row) => ({
      id: row.id,
      packaging_id: row.packagingId,
      packaging: { id: row.packagingId, title: row.title, image: imageUrl('packaging', row.packagingId) },
      price: row.price,
    })),
  };
}

export async function packagingKinds(db: Database): Promise<PackagingKind[]> {
  const rows = await db.select().from(packagings).orderBy(asc(packagings.position), asc(packagings.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    image: imageUrl('packaging', row.id),
    price: row.price,
  }));
}

export interface CustomizationInput {
  cartItemId: number;
  /** When sent, it must be the line's product. */
  productId: number | null;
  /** The raw `selectedItems` field: JSON text of a list of options. */
  selectedItems: string;
  toWhom: string;
  from: string;
  note: string;
  brief: string;
  /** A new logo's bytes, when one was uploaded. */
  logo: Buffer | null;
}

function parseSelectedItems(text: string): unknown {
  try {
    return JSON.parse(text || '[]');
  } catch {
    throw AppError.invalidFields({ selectedItems: MESSAGES.customizationSelectOne });
  }
}

/**
 * Saves a line's customization after the dialog's own rules (shared Yup schema). Only the options
 * the product offers may be chosen; a logo chosen without a new file keeps the saved one. Fields of
 * options not chosen are cleared.
 */
export async function addCustomization(
  db: Database,
  uploads: UploadStore,
  owner: CartOwner,
  input: CustomizationInput,
  pricing: Pricing,
): Promise<Cart> {
  // The file is checked and stored before the transaction: a refused file changes nothing.
  const newLogo = input.logo ? await uploads.saveImage(input.logo) : null;
  let replacedLogo: string | null = null;
  try {
    const cart = await db.transaction(async (tx) => {
      await lockProductOfLine(tx, input.cartItemId);
      return changeOwnLine(tx, owner, input.cartItemId, pricing, async (line) => {
        if (input.productId !== null && input.productId !== line.productId) {
          throw AppError.badRequest('product_id is not the product of this cart item.', {
            product_id: 'is not the product of this cart item',
          });
        }
        const offered = await customizationOptionsOf(tx, line.productId);
        if (!offered) {
          throw AppError.unprocessable('NOT_CUSTOMIZABLE', 'This product cannot be customized.');
        }
        const value = await checked(customizationSchema, {
          selectedItems: parseSelectedItems(input.selectedItems),
          hasLogo: newLogo !== null || line.customizationLogo !== null,
          toWhom: input.toWhom,
          from: input.from,
          note: input.note,
          brief: input.brief,
        });
        const selected = [...new Set(value.selectedItems)];
        const refused = selected.filter((option) => !offered[OFFERED[option]]);
        if (refused.length > 0) {
          throw AppError.unprocessable(
            'OPTION_NOT_OFFERED',
            `This product does not offer: ${refused.join(', ')}.`,
            {
              selectedItems: `not offered: ${refused.join(', ')}`,
            },
          );
        }
        const has = (option: CustomizationOption) => selected.includes(option);
        const logo = has('logo') ? (newLogo ?? line.customizationLogo) : null;
        if (line.customizationLogo !== logo) replacedLogo = line.customizationLogo;
        await tx
          .update(cartItems)
          .set({
            customizationOptions: selected,
            customizationLogo: logo,
            customizationToWhom: has('to_whom') ? (value.toWhom ?? null) : null,
            customizationFrom: has('from') ? (value.from ?? null) : null,
            customizationNote: has('message') ? (value.note ?? null) : null,
            customizationBrief: value.brief ? value.brief : null,
          })
          .where(eq(cartItems.id, line.id));
      });
    });
    await uploads.remove(replacedLogo);
    return cart;
  } catch (error) {
    await uploads.remove(newLogo);
    throw error;
  }
}

export async function removeCustomization(
  db: Database,
  uploads: UploadStore,
  owner: CartOwner,
  cartItemId: number,
  pricing: Pricing,
): Promise<Cart> {
  let oldLogo: string | null = null;
  const cart = await db.transaction((tx) =>
    changeOwnLine(tx, owner, cartItemId, pricing, async (line) => {
      oldLogo = line.customizationLogo;
      await tx
        .update(cartItems)
        .set({
          customizationOptions: null,
          customizationLogo: null,
          customizationToWhom: null,
          customizationFrom: null,
          customizationNote: null,
          customizationBrief: null,
        })
        .where(eq(cartItems.id, line.id));
    }),
  );
  await uploads.remove(oldLogo);
  return cart;
}

/** The saved logo of one of the caller's own lines. */
export async function customizationLogo(
  db: Database,
  uploads: UploadStore,
  owner: CartOwner,
  cartItemId: number,
) {
  const { line } = await db.transaction((tx) => lockOwnLine(tx, owner, cartItemId));
  if (!line.customizationLogo) throw AppError.notFound('Logo not found.');
  return uploads.read(line.customizationLogo);
}

export async function addPackaging(
  db: Database,
  owner: CartOwner,
  input: { cartItemId: number; packagingId: number; packagingLevel: PackagingLevel | null },
  pricing: Pricing,
): Promise<Cart> {
  return db.transaction((tx) =>
    changeOwnLine(tx, owner, input.cartItemId, pricing, async (line) => {
      const [option] = await tx
        .select({ level: productPackagings.packagingLevel })
        .from(productPackagings)
        .where(
          and(
            eq(productPackagings.productId, line.productId),
            eq(productPackagings.packagingId, input.packagingId),
          ),
        );
      if (!option) {
        throw AppError.unprocessable('PACKAGING_NOT_OFFERED', MESSAGES.packagingRequired, {
          packaging_id: MESSAGES.packagingRequired,
        });
      }
      if (input.packagingLevel !== null && input.packagingLevel !== option.level) {
        throw AppError.unprocessable('PACKAGING_LEVEL', `This product's packaging is per ${option.level}.`, {
          packaging_level: `must be ${option.level}`,
        });
      }
      await tx.update(cartItems).set({ packagingId: input.packagingId }).where(eq(cartItems.id, line.id));
    }),
  );
}

export async function removePackaging(
  db: Database,
  owner: CartOwner,
  cartItemId: number,
  pricing: Pricing,
): Promise<Cart> {
  return db.transaction((tx) =>
    changeOwnLine(tx, owner, cartItemId, pricing, async (line) => {
      await tx.update(cartItems).set({ packagingId: null }).where(eq(cartItems.id, line.id));
    }),
  );
}
