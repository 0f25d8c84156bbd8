/** Orders made straight in the database, and multipart bodies, for the member-orders and admin suites. */
import type { OrderStatus, PaymentMethodName, PaymentStatus } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { orderItems, orderLogs, orders, products } from '../src/db/schema';

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body as a browser's FormData sends it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

let orderCounter = 0;

export interface OrderSpec {
  status?: OrderStatus;
  payment?: PaymentStatus;
  method?: PaymentMethodName;
  daysAgo?: number;
  productId?: number;
  quantity?: number;
  logo?: string | null;
  packaging?: boolean;
}

/** An order of one line (product `productId`, default 1) as checkout would have frozen it. */
export async function insertOrder(database: DatabaseHandle, buyerId: number, spec: OrderSpec = {}) {
  orderCounter += 1;
  const createdAt = new Date(Date.now() - (spec.daysAgo ?? 0) * 86_400_000 - orderCounter * 1000);
  const [order] = await database.db
    .insert(orders)
    .values({
      orderNumber: `GS-TEST-${String(orderCounter).padStart(6, '0')}-${buyerId}`,
      buyerId,
      channel: 'checkout',
      orderStatus: spec.status ?? 'Pending',
      paymentStatus: spec.payment ?? 'Pending',
      paymentMethod: spec.method ?? 'Cash On Delivery',
      currencyCode: 'USD',
      currencySymbol: '$',
      exchangeRate: 1,
      decimalPlaces: 2,
      productsTotal: 20,
      shippingCost: 5,
      vatRate: 5,
      vatAmount: 1.19,
      totalAmount: 25,
      shipFirstName: 'Layla',
      shipLastName: 'Nasser',
      shipMobile: '+971 501234567',
      shipCountry: 'United Arab Emirates',
      shipCity: 'Dubai',
      shipAddress: 'Villa 12, Al Wasl Road',
      createdAt,
    })
    .returning();
  if (!order) throw new Error('order not inserted');
  const productId = spec.productId ?? 1;
  const [product] = await database.db.select().from(products).where(eq(products.id, productId));
  const [item] = await database.db
    .insert(orderItems)
    .values({
      orderId: order.id,
      productId,
      title: product?.title ?? 'Gift',
      slug: product?.slug ?? 'gift',
      typeName: 'Gifts',
      categoryName: 'Flowers',
      subCategoryName: 'Roses',
      quantity: spec.quantity ?? 2,
      unitPriceUsd: 10,
      unitPrice: 10,
      customizationOptions: spec.logo !== undefined ? ['logo', 'to_whom'] : null,
      customizationLogo: spec.logo ?? null,
      customizationToWhom: spec.logo !== undefined ? 'Sami' : null,
      customizationPrice: spec.logo !== undefined ? 3 : 0,
      packagingId: spec.packaging ? 1 : null,
      packagingTitle: spec.packaging ? 'Gift box' : null,
      packagingLevel: spec.packaging ? 'line' : null,
      packagingPrice: spec.packaging ? 2 : 0,
      lineTotal: 20,
    })
    .returning();
  if (!item) throw new Error('order item not inserted');
  await database.db.insert(orderLogs).values({ orderId: order.id, action: 'Order placed', createdAt });
  return { order, item };
}
