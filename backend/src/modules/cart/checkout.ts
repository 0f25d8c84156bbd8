/**
 * Checkout (spec 001 §2.3, §4, §7): the cart's shipping address and payment method, and the two
 * ways to place an order, at checkout (`member-checkout`, signed-in members and express guests)
 * and through the chat (`whatsapp-checkout`, anyone). Placing runs in one transaction with its
 * Idempotency-Key (services/idempotency.ts), the order (services/orders.ts) and, for a guest at
 * checkout, the end of their session; the confirmation mail and the cart's logo files follow the
 * commit.
 */
import type { Cart, ChatCheckout, PlacedOrder, User } from '@shop/contract';
import { messagingAppUrl } from '@shop/contract/messaging';
import { guestCheckoutSchema, paymentMethodSchema } from '@shop/contract/validation';
import { eq, sql } from 'drizzle-orm';
import type { CheckoutSettings } from '../../config';
import type { Database } from '../../db/client';
import { authTokens, buyers, carts, siteConfig } from '../../db/schema';
import { AppError, isConcurrencyFailure, isDatabaseUnavailable } from '../../errors';
import { type Buyer, hashToken } from '../../services/auth';
import {
  type AccountServices,
  type BuyerRow,
  checked,
  createGuestWithin,
  issueBuyerToken,
  toUser,
} from '../../services/buyers';
import { type CartOwner, findCart, presentCart, tokenOf } from '../../services/cart';
import { claimKey, type IdempotencyClaim, storeAnswer } from '../../services/idempotency';
import {
  cartBusy,
  cartEmpty,
  copyCartLogos,
  type OrderChannel,
  type PlacedOrderRecord,
  placeOrderWithin,
} from '../../services/orders';
import { CartChanged } from '../../services/productLocks';
import { ownAddress } from '../../services/shippingAddresses';
import type { UploadStore } from '../../services/uploads';
import { queueShopOrderMail } from '../admin/mails';

export interface CheckoutServices {
  db: Database;
  uploads: UploadStore;
  accounts: AccountServices;
  settings: CheckoutSettings;
}

// ---------------------------------------------------------------- the cart's address and method

/**
 * Ships the buyer's cart to one of the buyer's own addresses (another buyer's: 404). Only a buyer
 * (a member, or an express guest) has addresses: without a bearer token the route answers 401.
 */
export async function setCartShippingAddress(
  db: Database,
  buyerId: number,
  addressId: number,
  settings: CheckoutSettings,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    await ownAddress(tx, buyerId, addressId);
    const cart = await findCart(tx, { buyerId }, true);
    if (!cart) throw cartEmpty();
    const [updated] = await tx
      .update(carts)
      .set({ shippingAddressId: addressId, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id))
      .returning();
    return presentCart(tx, updated, null, settings);
  });
}

/**
 * Cash On Delivery or Money Exchange Transfer (the shared paymentMethodSchema). Bank Transfer is
 * displayed, never offered (spec 001 §1, §9): 422 saying so. A guest cart may hold a method too.
 */
export async function setCartPaymentMethod(
  db: Database,
  owner: CartOwner,
  body: { payment_method?: string | null },
  settings: CheckoutSettings,
): Promise<Cart> {
  if (body.payment_method === 'Bank Transfer') {
    const reason =
      'Bank Transfer is shown for reference only: please choose Cash On Delivery or Money Exchange Transfer.';
    throw AppError.unprocessable('PAYMENT_METHOD_NOT_OFFERED', reason, { payment_method: reason });
  }
  const { payment_method: method } = await checked(paymentMethodSchema, body);
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, owner, true);
    if (!cart) throw cartEmpty();
    const [updated] = await tx
      .update(carts)
      .set({ paymentMethod: method, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id))
      .returning();
    return presentCart(tx, updated, tokenOf(owner), settings);
  });
}

// ---------------------------------------------------------------- placing an order

/** Placing again after the cart changed under it (see placing) at most this often. */
export const PLACING_ATTEMPTS = 3;

/**
 * The placing transaction around `place`: the key claimed first (a repeat answers the stored
 * answer), then the order and its confirmation mail, queued in the same transaction (sent once it
 * commits, by whichever instance's sender claims it); after the commit the cart's logo files go.
 * When the cart gained a product while its lines were being locked (CartChanged), or PostgreSQL picked
 * the transaction as a deadlock victim (a sign-in merging a guest cart into this very cart locks
 * cart → products), nothing was changed and the whole transaction runs again; after
 * PLACING_ATTEMPTS the answer is 409 CART_BUSY, never a 500.
 *
 * The order's copies of the cart's logos: a store in the database writes them in the transaction
 * (undone with it); a bucket's are made before it (copyCartLogos: no request to the bucket while
 * the transaction holds the products' and the cart's locks) and deleted when it fails, except when
 * the database went away (a COMMIT whose answer was lost may have placed the order, which a repeat
 * with the same Idempotency-Key then answers: its logos must still be there).
 */
async function placing<T>(
  services: CheckoutServices,
  claim: IdempotencyClaim | null,
  owner: CartOwner,
  place: (
    tx: Database,
    logoCopies: ReadonlyMap<string, string> | null,
  ) => Promise<{ answer: T; record: PlacedOrderRecord; stored: unknown }>,
  replay: (tx: Database, stored: unknown) => Promise<T>,
): Promise<T> {
  const { uploads } = services;
  for (let attempt = 1; ; attempt++) {
    const logoCopies = await copyCartLogos(services.db, uploads, owner);
    const dropCopies = (keep: readonly string[] = []) =>
      Promise.all(
        [...(logoCopies?.values() ?? [])]
          .filter((name) => !keep.includes(name))
          .map((name) => uploads.remove(name)),
      );
    let record: PlacedOrderRecord | null = null;
    let answer: T;
    try {
      answer = await services.db.transaction(async (tx) => {
        if (claim) {
          const first = await claimKey(tx, claim);
          if (first) return replay(tx, first.answer);
        }
        const placed = await place(tx, logoCopies);
        record = placed.record;
        await services.accounts.mailer.queue(tx, placed.record.mail);
        // The shop's own mail about the new order (issue 21), to the back office's order_email.
        await queueShopOrderMail(tx, placed.record.order, services.settings.shopEmail);
        if (claim) await storeAnswer(tx, claim, placed.stored);
        return placed.answer;
      });
    } catch (error) {
      if (!isDatabaseUnavailable(error)) await dropCopies();
      const retryable = error instanceof CartChanged || isConcurrencyFailure(error);
      if (retryable && attempt < PLACING_ATTEMPTS) continue;
      if (retryable) throw cartBusy();
      throw error;
    }
    const placed = record as PlacedOrderRecord | null;
    // Copies no line took (a line gone since), or all of them when a repeat was answered.
    await dropCopies(placed?.orderLogos);
    if (placed) {
      await Promise.all(placed.cartLogos.map((name) => uploads.remove(name)));
      services.accounts.mailer.wake();
    }
    return answer;
  }
}

const orderer = (buyer: Pick<Buyer, 'id' | 'email' | 'firstName' | 'type'>) => ({
  id: buyer.id,
  email: buyer.email,
  firstName: buyer.firstName,
  type: buyer.type,
});

const placeInput = (
  services: CheckoutServices,
  buyer: Buyer | BuyerRow,
  channel: OrderChannel,
  logoCopies: ReadonlyMap<string, string> | null,
) => ({
  buyer: orderer(buyer),
  channel,
  pricing: services.settings,
  paymentDetails: services.settings.paymentDetails,
  slipEmail: services.settings.shopEmail,
  uploads: services.uploads,
  logoCopies,
});

const buyerScope = (buyerId: number) => `buyer:${buyerId}`;

/**
 * `cart/member-checkout`: the signed-in buyer's cart becomes an order (address and payment method
 * required). An express guest's session ends with it: every token of the Guest is revoked in the
 * same transaction (spec 001 §4, §6: a Guest is logged out after placing an order).
 */
export async function memberCheckout(
  services: CheckoutServices,
  buyer: Buyer,
  idempotencyKey: string | null,
): Promise<PlacedOrder> {
  const claim = idempotencyKey
    ? { scope: buyerScope(buyer.id), key: idempotencyKey, endpoint: 'cart/member-checkout' }
    : null;
  return placing<PlacedOrder>(
    services,
    claim,
    { buyerId: buyer.id },
    async (tx, logoCopies) => {
      const record = await placeOrderWithin(tx, placeInput(services, buyer, 'checkout', logoCopies));
      if (buyer.type === 'Guest') await tx.delete(authTokens).where(eq(authTokens.buyerId, buyer.id));
      const answer = { order_id: record.order.order_id, order: record.order };
      return { answer, record, stored: answer };
    },
    async (_tx, stored) => stored as PlacedOrder,
  );
}

/**
 * The chat link: the shop's configured phone (startup content's config.phone), the order named; the
 * link format is @shop/contract/messaging's, the header's and the chat button's. Without a
 * configured phone, wa.me lets the shopper pick the contact, which is better than no link at all.
 */
export async function chatUrlFor(db: Database, orderNumber: string): Promise<string> {
  const [phone] = await db
    .select({ value: siteConfig.value })
    .from(siteConfig)
    .where(eq(siteConfig.key, 'phone'));
  const message = `Hello! I would like to confirm my order ${orderNumber}.`;
  return messagingAppUrl(phone?.value ?? '', message) ?? `https://wa.me/?text=${encodeURIComponent(message)}`;
}

export interface ChatCheckoutBody {
  name?: string | null;
  email?: string | null;
  mobile?: string | null;
  /** The guest cart's token (the text 'null' already read as none). */
  guest_session_token?: string | null;
}

/** The user part of a stored chat answer: everything but the token, which is never stored. */
type StoredChatCheckout = Omit<ChatCheckout, 'user'> & { user: Omit<User, 'token'> };

const withoutToken = (answer: ChatCheckout): StoredChatCheckout => {
  const { token: _token, ...user } = answer.user;
  return { ...answer, user };
};

/** "Maya Haddad" → Maya / Haddad; one word is a first name alone. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * `cart/whatsapp-checkout`: an order through the chat. A signed-in buyer (bearer) just orders
 * their cart. A shopper not signed in gives the Guest Checkout panel's name, e-mail and mobile
 * with their guest cart's token: a NEW Guest identity is made for them (as `register-guest`; a
 * Member's e-mail is 409 EMAIL_EXISTS: sign in instead), the guest cart becomes theirs, and the
 * order is placed, all in one transaction. A chat order needs no address (the chat arranges it;
 * the cart's, if any, is used) and takes the cart's payment method, else Cash On Delivery. The
 * guest's session does not end: the answer carries the guest's user with a token.
 */
export async function chatCheckout(
  services: CheckoutServices,
  caller: { buyer: Buyer; token: string } | null,
  body: ChatCheckoutBody,
  idempotencyKey: string | null,
): Promise<ChatCheckout> {
  const endpoint = 'cart/whatsapp-checkout';
  if (caller) {
    const { buyer, token } = caller;
    const claim = idempotencyKey ? { scope: buyerScope(buyer.id), key: idempotencyKey, endpoint } : null;
    return placing<ChatCheckout>(
      services,
      claim,
      { buyerId: buyer.id },
      async (tx, logoCopies) => {
        const [row] = await tx.select().from(buyers).where(eq(buyers.id, buyer.id));
        if (!row) throw AppError.unauthorized();
        const record = await placeOrderWithin(tx, placeInput(services, row, 'chat', logoCopies));
        const answer = await chatAnswer(tx, record, toUser(row, token));
        return { answer, record, stored: withoutToken(answer) };
      },
      async (_tx, stored) => {
        const first = stored as StoredChatCheckout;
        return { ...first, user: { ...first.user, token } };
      },
    );
  }

  const input = await checked(guestCheckoutSchema, body);
  const guestCartToken = body.guest_session_token ?? null;
  if (!guestCartToken) throw cartEmpty();
  const claim = idempotencyKey
    ? { scope: `guest-cart:${hashToken(guestCartToken)}`, key: idempotencyKey, endpoint }
    : null;
  return placing<ChatCheckout>(
    services,
    claim,
    { buyerId: null, guestToken: guestCartToken },
    async (tx, logoCopies) => {
      const guest = await createGuestWithin(
        tx,
        { email: input.email, mobile: input.mobile, ...splitName(input.name) },
        guestCartToken,
        services.accounts.tokenTtlMs,
      );
      if (guest.cart_adjustments.length > 0) {
        const names = guest.cart_adjustments.map((cut) =>
          cut.kept === 0
            ? `"${cut.title}" is out of stock`
            : `only ${cut.kept} of "${cut.title}" left in stock`,
        );
        const message = `${names.join('; ')}. Please update your cart.`;
        throw AppError.conflict(
          guest.cart_adjustments.some((cut) => cut.kept === 0) ? 'OUT_OF_STOCK' : 'INSUFFICIENT_STOCK',
          message.charAt(0).toUpperCase() + message.slice(1),
        );
      }
      const record = await placeOrderWithin(tx, placeInput(services, guest.buyer, 'chat', logoCopies));
      const answer = await chatAnswer(tx, record, guest.user);
      return { answer, record, stored: withoutToken(answer) };
    },
    // The stored answer holds no token: the guest who repeats the request gets a new one.
    async (tx, stored) => {
      const first = stored as StoredChatCheckout;
      const token = await issueBuyerToken(tx, first.user.id, services.accounts.tokenTtlMs);
      return { ...first, user: { ...first.user, token } };
    },
  );
}

async function chatAnswer(tx: Database, record: PlacedOrderRecord, user: User): Promise<ChatCheckout> {
  return {
    order_id: record.order.order_id,
    order: record.order,
    user,
    chat_url: await chatUrlFor(tx, record.order.order_id),
  };
}
