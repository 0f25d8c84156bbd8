/**
 * Placing an order: a buyer's cart becomes one order, at most once, inside the caller's
 * transaction. Locks: the product rows of the cart's lines in id order, then the cart row — the
 * order every cart call already takes (cart/add, update-quantity, gift options, move-to-cart lock
 * product → cart), so placing never deadlocks with them. Two carts wanting the last piece queue on
 * the product (the second finds the stock short); two placements of one cart queue on its products
 * and then its cart (the second finds the cart empty). The order freezes what the shopper saw:
 * currency, rate, unit prices, customization (the logo as a file of its own), packaging, the
 * address (a copy), shipping, VAT and totals.
 */
import type { Cart, CartItem, ChoosablePaymentMethod, Currency, Order, OrderStatus } from '@shop/contract';
import { formatMoney } from '@shop/contract/money';
import { transferInstructions } from '@shop/contract/payment';
import { MESSAGES } from '@shop/contract/validation';
import { asc, eq, sql } from 'drizzle-orm';
import type { PaymentDetailsSettings } from '../config';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { buyerActivities, cartItems, carts, orderItems, orderLogs, orders, products } from '../db/schema';
import { AppError } from '../errors';
import { escapeHtml } from './buyers';
import { type CartOwner, type CartRow, findCart, presentCart } from './cart';
import type { MailMessage } from './mailer';
import type { Pricing } from './money';
import { CartChanged, lockProducts, type StockRow } from './productLocks';
import type { UploadStore } from './uploads';

export type OrderChannel = 'checkout' | 'chat';

/** Prefix of every order number: 'GS-2611-000042' (Gifts That Speak, year and month, sequence). */
export const ORDER_NUMBER_PREFIX = 'GS';
export const ORDER_NUMBER_PATTERN = /^GS-\d{4}-\d{6,}$/;
/** The first entries of the order log and of the buyer's activities. */
export const ORDER_PLACED_ACTION = 'Order placed';
export const CHAT_ORDER_PLACED_ACTION = 'Order placed through the chat';
/** Chat orders without a payment method on the cart (spec 001: the chat arranges the rest). */
export const CHAT_DEFAULT_PAYMENT_METHOD: ChoosablePaymentMethod = 'Cash On Delivery';

/**
 * A Money Exchange Transfer order waits for the money ('Payment Pending' until the admin confirms
 * the proof of payment); a Cash On Delivery order is 'Pending' (to be dispatched).
 */
export const initialOrderStatus = (method: ChoosablePaymentMethod): OrderStatus =>
  method === 'Money Exchange Transfer' ? 'Payment Pending' : 'Pending';

type OrderRow = typeof orders.$inferSelect;

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  order_id: row.orderNumber,
  created_at: row.createdAt.toISOString(),
  order_status: row.orderStatus,
  payment_status: row.paymentStatus,
  payment_method: row.paymentMethod,
  products_total_cost: row.productsTotal,
  shipping_cost: row.shippingCost,
  total_amount: row.totalAmount,
  vat_rate: row.vatRate,
  vat_amount: row.vatAmount,
  currency: { code: row.currencyCode, symbol: row.currencySymbol },
});

export interface Orderer {
  id: number;
  email: string;
  firstName: string;
  /** A Member uploads a transfer slip under My Orders; a Guest has no member area and e-mails it. */
  type: 'Member' | 'Guest';
}

export interface PlaceOrderInput {
  buyer: Orderer;
  channel: OrderChannel;
  pricing: Pricing;
  paymentDetails: PaymentDetailsSettings;
  /** Where a guest e-mails the transfer slip (the shop's address, also the mail's Reply-To). */
  slipEmail: string;
  uploads: UploadStore;
  /**
   * For a store that cannot join the transaction (a bucket): the order's copies of the cart's
   * logos, made before it (copyCartLogos), by the cart's file name. A line whose logo is not
   * among them changed in between: CartChanged, and the placing runs again.
   */
  logoCopies?: ReadonlyMap<string, string> | null;
}

export interface PlacedOrderRecord {
  order: Order;
  /** The confirmation, queued in the placing transaction (sent once it has committed). */
  mail: MailMessage;
  /** Logo files of the emptied cart: delete after commit (the order has its own copies). */
  cartLogos: string[];
  /** The order's logo copies: those of a bucket are deleted if the transaction fails. */
  orderLogos: string[];
}

export const cartEmpty = () =>
  AppError.conflict('CART_EMPTY', 'Your cart is empty: there is nothing to order.');
/**
 * A cart line's logo whose file is gone (an uploads folder of before not copied in, a file removed
 * by hand): the order is refused, never placed without it. The spec's message for a logo chosen
 * without a file (001 §5, 'Upload logo/Image.') names the line's field.
 */
export const logoMissing = (lineId: number, title: string) =>
  AppError.conflict(
    'LOGO_MISSING',
    `The logo for "${title}" is no longer on file. Please upload it again, then place the order.`,
    { [`cart_item_${lineId}`]: MESSAGES.customizationLogoRequired },
  );

export const cartBusy = () =>
  AppError.conflict(
    'CART_BUSY',
    'Your cart changed while the order was being placed. Please check it and try again.',
  );

/**
 * The cart and its lines with every product of them locked: products first (in id order), then
 * the cart (see the file comment). The lines are read once before any lock to know the products,
 * and again under the cart's lock; a product that came in between throws CartChanged.
 */
async function lockCartAndProducts(tx: Database, buyerId: number) {
  const seen = await tx
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.buyerId, buyerId));
  const stock = await lockProducts(
    tx,
    seen.map((line) => line.productId),
  );
  const cart = await findCart(tx, { buyerId }, true);
  if (!cart) throw cartEmpty();
  const lines = await tx
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.id));
  if (lines.length === 0) throw cartEmpty();
  const locked = new Set(stock.map((product) => product.id));
  if (lines.some((line) => !locked.has(line.productId))) throw new CartChanged();
  return { cart, lines, stock };
}

/** 422 naming what checkout still needs; a chat order needs neither (the chat arranges them). */
function assertComplete(cart: CartRow, channel: OrderChannel): ChoosablePaymentMethod {
  if (channel === 'chat') return cart.paymentMethod ?? CHAT_DEFAULT_PAYMENT_METHOD;
  const fields: Record<string, string> = {};
  if (cart.shippingAddressId === null) fields.shipping_address = 'Please choose a shipping address';
  if (cart.paymentMethod === null) fields.payment_method = MESSAGES.paymentMethodRequired;
  if (!cart.paymentMethod || Object.keys(fields).length > 0) {
    const missing = [
      fields.shipping_address ? 'a shipping address' : null,
      fields.payment_method ? 'a payment method' : null,
    ].filter(Boolean);
    throw AppError.unprocessable(
      'CHECKOUT_INCOMPLETE',
      `Please choose ${missing.join(' and ')} before placing the order.`,
      fields,
    );
  }
  return cart.paymentMethod;
}

/**
 * 409 PRODUCT_UNAVAILABLE naming every product of the cart the shop has archived since it was
 * added (no longer sold, whatever its stock); nothing is changed, the shopper removes the line.
 */
function assertStillSold(stock: readonly StockRow[]): void {
  const archived = stock.filter((product) => product.archived);
  if (archived.length === 0) return;
  const names = archived.map((product) => `"${product.title}"`).join(', ');
  throw AppError.conflict(
    'PRODUCT_UNAVAILABLE',
    `${names} ${archived.length === 1 ? 'is' : 'are'} no longer sold. Please remove ${archived.length === 1 ? 'it' : 'them'} from your cart.`,
    Object.fromEntries(archived.map((product) => [`product_${product.id}`, 'no longer sold'])),
  );
}

/**
 * Every product must cover the pieces of all the cart's lines for it (one product may sit in
 * several lines, customized differently). 409 naming every short product; nothing is changed.
 */
function assertStock(lines: readonly (typeof cartItems.$inferSelect)[], stock: readonly StockRow[]): void {
  assertStillSold(stock);
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  const short = stock.filter((product) => (wanted.get(product.id) ?? 0) > product.stockQuantity);
  if (short.length === 0) return;
  const soldOut = short.filter((product) => product.stockQuantity <= 0);
  const parts = short.map((product) =>
    product.stockQuantity <= 0
      ? `"${product.title}" is out of stock`
      : `only ${product.stockQuantity} of "${product.title}" left in stock`,
  );
  const message = `${parts.join('; ')}. Please update your cart.`;
  throw AppError.conflict(
    soldOut.length > 0 ? 'OUT_OF_STOCK' : 'INSUFFICIENT_STOCK',
    message.charAt(0).toUpperCase() + message.slice(1),
    Object.fromEntries(
      short.map((product) => [`product_${product.id}`, `${Math.max(0, product.stockQuantity)} in stock`]),
    ),
  );
}

async function nextOrderNumber(tx: Database): Promise<string> {
  const result = await tx.execute(
    sql`SELECT nextval('order_number_seq')::text AS n, to_char(now() AT TIME ZONE 'UTC', 'YYMM') AS yymm`,
  );
  const [row] = rowsOf<{ n: string; yymm: string }>(result);
  if (!row) throw new Error('no order number');
  return `${ORDER_NUMBER_PREFIX}-${row.yymm}-${row.n.padStart(6, '0')}`;
}

/**
 * Places the buyer's cart as an order, inside the caller's transaction (which also does what the
 * caller adds: idempotency, the end of a guest's session). Refusals throw before anything changes:
 * 409 CART_EMPTY, 422 CHECKOUT_INCOMPLETE (checkout only), 409 PRODUCT_UNAVAILABLE (archived),
 * 409 OUT_OF_STOCK / INSUFFICIENT_STOCK.
 */
export async function placeOrderWithin(tx: Database, input: PlaceOrderInput): Promise<PlacedOrderRecord> {
  const { buyer, channel, pricing, uploads } = input;
  const { cart, lines, stock } = await lockCartAndProducts(tx, buyer.id);
  const paymentMethod = assertComplete(cart, channel);
  assertStock(lines, stock);
  const view = await presentCart(tx, cart, null, pricing);
  const currency = view.selectedCurrency;
  const address = view.shippingAddress;

  const orderNumber = await nextOrderNumber(tx);
  const [row] = await tx
    .insert(orders)
    .values({
      orderNumber,
      buyerId: buyer.id,
      channel,
      orderStatus: initialOrderStatus(paymentMethod),
      paymentStatus: 'Pending',
      paymentMethod,
      currencyCode: currency.code,
      currencySymbol: currency.symbol,
      exchangeRate: currency.exchange_rate,
      decimalPlaces: currency.decimal_places,
      productsTotal: view.invoice.subTotalWithAdditional,
      shippingCost: view.invoice.shippingCharges,
      vatRate: view.invoice.vatRate,
      vatAmount: view.invoice.vatIncluded,
      totalAmount: view.invoice.total,
      shipFirstName: address?.first_name ?? null,
      shipLastName: address?.last_name ?? null,
      shipEmail: address?.email ?? null,
      shipMobile: address?.mobile ?? null,
      shipCountryId: address?.country_id ?? null,
      shipCountry: address?.country ?? null,
      shipCity: address?.city ?? null,
      shipAddress: address?.address ?? null,
    })
    .returning();
  if (!row) throw new Error('order not saved');

  const cartLogos: string[] = [];
  const orderLogos: string[] = [];
  const lineById = new Map(lines.map((line) => [line.id, line]));
  const values: (typeof orderItems.$inferInsert)[] = [];
  for (const item of view.items) {
    const line = lineById.get(item.id);
    if (!line) continue;
    let logo: string | null = null;
    if (line.customizationLogo) {
      cartLogos.push(line.customizationLogo);
      if (uploads.files.transactional) {
        // Written in this transaction: undone with it if anything below fails.
        logo = await uploads.keepForOrder(line.customizationLogo, tx);
        if (!logo) throw logoMissing(line.id, item.product.title);
      } else {
        logo = input.logoCopies?.get(line.customizationLogo) ?? null;
        // A logo uploaded since the copies were made: copy again, outside the transaction.
        if (!logo) throw new CartChanged();
      }
      orderLogos.push(logo);
    }
    values.push(orderItemOf(row.id, item, logo));
  }
  if (values.length === 0) throw cartEmpty();
  await tx.insert(orderItems).values(values);
  await takeFromStock(tx, lines, row.orderNumber);
  await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
  await tx
    .update(carts)
    .set({ shippingAddressId: null, paymentMethod: null, updatedAt: sql`now()` })
    .where(eq(carts.id, cart.id));
  const action = channel === 'chat' ? CHAT_ORDER_PLACED_ACTION : ORDER_PLACED_ACTION;
  await tx.insert(orderLogs).values({ orderId: row.id, action, createdAt: row.createdAt });
  await tx
    .insert(buyerActivities)
    .values({ buyerId: buyer.id, actionType: action, orderId: row.id, actionDatetime: row.createdAt });
  const order = toOrder(row);
  return {
    order,
    mail: confirmationMail(buyer, order, view, input.paymentDetails, input.slipEmail),
    cartLogos,
    orderLogos,
  };
}

/**
 * For a store that cannot join a transaction (files.transactional false: a bucket), the order's
 * copies of the cart's logos, made before the placing transaction so no network call runs while
 * it holds the products' and the cart's locks: a map from the cart's file name to the copy's.
 * null for a store that can (the copies are then written in the transaction). A logo whose file
 * is gone: the copies made are deleted and the order refused (logoMissing). The caller deletes
 * the copies if the transaction fails, and those no line took once it has committed.
 */
export async function copyCartLogos(
  db: Database,
  uploads: UploadStore,
  owner: CartOwner,
): Promise<Map<string, string> | null> {
  if (uploads.files.transactional) return null;
  const cart = await findCart(db, owner, false);
  const copies = new Map<string, string>();
  if (!cart) return copies;
  const lines = await db
    .select({ id: cartItems.id, logo: cartItems.customizationLogo, title: products.title })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.id));
  try {
    for (const line of lines) {
      if (!line.logo || copies.has(line.logo)) continue;
      const copy = await uploads.keepForOrder(line.logo);
      if (!copy) throw logoMissing(line.id, line.title);
      copies.set(line.logo, copy);
    }
  } catch (error) {
    await Promise.all([...copies.values()].map((name) => uploads.remove(name)));
    throw error;
  }
  return copies;
}

/** A cart line as the order keeps it: the product's names, the prices and the gift options then. */
function orderItemOf(orderId: number, item: CartItem, logo: string | null): typeof orderItems.$inferInsert {
  return {
    orderId,
    productId: item.product.id,
    title: item.product.title,
    slug: item.product.slug,
    typeName: item.product.type.name,
    categoryName: item.product.category.name,
    subCategoryName: item.product.subCategory.name,
    quantity: item.quantity,
    unitPriceUsd: item.product.price,
    unitPrice: item.price,
    customizationOptions: item.customization ? item.customization.selectedItems : null,
    customizationLogo: logo,
    customizationToWhom: item.customization_to_whom,
    customizationFrom: item.customization_from,
    customizationNote: item.customization_note,
    customizationBrief: item.customization_brief,
    customizationPrice: item.customization_price,
    packagingId: item.packaging?.packaging_id ?? null,
    packagingTitle: item.packaging?.title ?? null,
    packagingLevel: item.packaging?.packaging_level ?? null,
    packagingPrice: item.packaging_price,
    lineTotal: item.total,
  };
}

/**
 * One statement for every product of the order (rows already locked, stock already checked), its
 * stock log rows written by the same statement (migration 0031, services/stock.ts).
 */
async function takeFromStock(
  tx: Database,
  lines: readonly (typeof cartItems.$inferSelect)[],
  orderNumber: string,
): Promise<void> {
  const sold = new Map<number, number>();
  for (const line of lines) sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantity);
  const ids = [...sold.keys()];
  const quantities = ids.map((id) => sold.get(id) ?? 0);
  await tx.execute(sql`
    WITH moved AS (
      UPDATE products SET stock_quantity = products.stock_quantity - sold.quantity,
        sales_count = products.sales_count + sold.quantity
      FROM unnest(${`{${ids.join(',')}}`}::int[], ${`{${quantities.join(',')}}`}::int[]) AS sold (id, quantity)
      WHERE products.id = sold.id
      RETURNING products.id, products.stock_quantity + sold.quantity AS stock_before, products.stock_quantity AS stock_after)
    INSERT INTO product_stock_log (product_id, source, stock_before, stock_after, reason)
      SELECT id, 'checkout', stock_before, stock_after, ${`Order ${orderNumber} placed`} FROM moved`);
}

// ---------------------------------------------------------------- the confirmation e-mail

function lineText(item: CartItem, currency: Currency): string[] {
  const money = (amount: number) => formatMoney(amount, currency);
  const out = [`${item.quantity} × ${item.product.title}: ${money(item.total)}`];
  const c = item.customization;
  if (c) {
    const parts = [
      c.hasLogo ? 'logo' : null,
      c.toWhom ? `to ${c.toWhom}` : null,
      c.from ? `from ${c.from}` : null,
      c.note ? `note "${c.note}"` : null,
    ].filter(Boolean);
    out.push(`    customization (${parts.join(', ')}): ${money(item.customization_price)}`);
  }
  if (item.packaging) out.push(`    packaging ${item.packaging.title}: ${money(item.packaging_price)}`);
  return out;
}

/** The order number, lines and totals; how to pay a transfer; where it goes (or that the chat arranges it). */
export function confirmationMail(
  buyer: Orderer,
  order: Order,
  cart: Cart,
  paymentDetails: PaymentDetailsSettings,
  slipEmail: string,
): MailMessage {
  const currency = cart.selectedCurrency;
  const money = (amount: number) => formatMoney(amount, currency);
  const address = cart.shippingAddress;
  // Spec 001 §2.7: whom to pay, and where the slip goes (a guest e-mails it; a member uploads it).
  const transferLines = () => {
    const steps = transferInstructions({
      amount: money(order.total_amount),
      orderNumber: order.order_id,
      payee: paymentDetails.personal,
      placedBy: buyer.type,
      slipEmail,
    });
    return [steps.payTo, steps.slip];
  };
  const lines = [
    `Hello ${buyer.firstName || 'there'},`,
    '',
    'Your order has been received and will be processed soon.',
    '',
    `Order number: ${order.order_id}`,
    '',
    ...cart.items.flatMap((item) => lineText(item, currency)),
    '',
    `Subtotal: ${money(order.products_total_cost)}`,
    `Shipping Fee: ${money(order.shipping_cost)}`,
    `Total inclusive of VAT: ${money(order.total_amount)} (VAT ${order.vat_rate}%: ${money(order.vat_amount)})`,
    '',
    `Payment method: ${order.payment_method}`,
    ...(order.payment_method === 'Money Exchange Transfer' ? transferLines() : []),
    '',
    address
      ? `Delivery to: ${address.first_name} ${address.last_name}, ${address.address}, ${address.city}, ${address.country} (${address.mobile})`
      : 'Delivery: we arrange the address with you in the chat.',
    '',
    'Thank you for shopping with Gifts That Speak.',
  ];
  return {
    to: buyer.email,
    subject: `Your order ${order.order_id} has been received`,
    text: lines.join('\n'),
    html: lines.map((line) => (line === '' ? '<br>' : `<p>${escapeHtml(line)}</p>`)).join('\n'),
  };
}
