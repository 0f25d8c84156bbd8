/**
 * Members ready to order, made straight in the database: each with a token, a primary address, a
 * payment method and a cart of a few lines. Used by the order-placement benchmark and the database
 * fault test, which both need many carts that one request each turns into an order.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { authTokens, buyers, cartItems, carts, shippingAddresses } from '../src/db/schema';

export interface PreparedCart {
  buyerId: number;
  token: string;
  currency: 'USD' | 'AED';
  lines: { productId: number; quantity: number }[];
}

export interface CartPlan {
  /** Groups of carts (one per client connection); each group orders its own products. */
  connections: number;
  perConnection: number;
  linesPerCart: number;
  /** Every product's stock is set to this, so no order runs short. */
  ampleStock: number;
  /** Makes the e-mails unique when one database gets several plans. */
  label?: string;
}

const chunked = <T>(rows: T[], size = 500) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/** Members with a token, an address, and a cart ready to order, per connection. */
export async function prepareCarts(db: Database, plan: CartPlan): Promise<PreparedCart[][]> {
  const { connections, perConnection, linesPerCart, ampleStock } = plan;
  const label = plan.label ?? 'orders';
  await db.execute(sql`UPDATE products SET stock_quantity = ${ampleStock}`);
  const idRows = await db.execute(sql`SELECT id FROM products ORDER BY id`);
  const productIds = (idRows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  const groups = Array.from({ length: connections }, (_, c) => {
    const own = productIds.filter((_, index) => index % connections === c);
    return Array.from({ length: perConnection }, (_, i) => ({
      email: `${label}.${c}.${i}@example.com`,
      token: randomBytes(32).toString('base64url'),
      currency: (i % 2 === 0 ? 'USD' : 'AED') as 'USD' | 'AED',
      lines: Array.from({ length: linesPerCart }, (_, j) => ({
        productId: own[(i * linesPerCart + j) % own.length] ?? 1,
        quantity: 1 + ((i + j) % 2),
      })),
      countryId: 1 + (i % 3),
      method: i % 3 === 0 ? ('Money Exchange Transfer' as const) : ('Cash On Delivery' as const),
    }));
  });
  const flat = groups.flat();
  const buyerIds: number[] = [];
  for (const rows of chunked(flat)) {
    const inserted = await db
      .insert(buyers)
      .values(
        rows.map((row) => ({
          email: row.email,
          firstName: 'Bench',
          lastName: 'Buyer',
          type: 'Member' as const,
        })),
      )
      .returning({ id: buyers.id });
    buyerIds.push(...inserted.map((row) => row.id));
  }
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  for (const rows of chunked(flat.map((row, i) => ({ row, buyerId: buyerIds[i] ?? 0 })))) {
    await db
      .insert(authTokens)
      .values(rows.map(({ row, buyerId }) => ({ buyerId, tokenHash: hash(row.token), expiresAt })));
  }
  const addressIds: number[] = [];
  for (const rows of chunked(flat.map((row, i) => ({ row, buyerId: buyerIds[i] ?? 0 })))) {
    const inserted = await db
      .insert(shippingAddresses)
      .values(
        rows.map(({ row, buyerId }) => ({
          buyerId,
          firstName: 'Bench',
          lastName: 'Buyer',
          email: row.email,
          mobile: '+971 501234567',
          countryId: row.countryId,
          city: 'Dubai',
          address: 'Bench Street 1',
          isPrimary: true,
        })),
      )
      .returning({ id: shippingAddresses.id });
    addressIds.push(...inserted.map((row) => row.id));
  }
  const cartIds: number[] = [];
  for (const rows of chunked(flat.map((row, i) => ({ row, i })))) {
    const inserted = await db
      .insert(carts)
      .values(
        rows.map(({ row, i }) => ({
          buyerId: buyerIds[i] ?? 0,
          currencyCode: row.currency,
          shippingAddressId: addressIds[i] ?? null,
          paymentMethod: row.method,
        })),
      )
      .returning({ id: carts.id });
    cartIds.push(...inserted.map((row) => row.id));
  }
  const lines = flat.flatMap((row, i) => row.lines.map((line) => ({ cartId: cartIds[i] ?? 0, ...line })));
  for (const rows of chunked(lines)) await db.insert(cartItems).values(rows);
  let next = 0;
  return groups.map((connection) =>
    connection.map((row) => {
      const buyerId = buyerIds[next++] ?? 0;
      return { buyerId, token: row.token, currency: row.currency, lines: row.lines };
    }),
  );
}
