/**
 * Accounts: sign-in, sign-out, registration (member, express guest, wishlist-only) and password
 * recovery. Form rules are the shared Yup schemas, so the server answers with the very messages
 * the forms show; everything else (existence, uniqueness, throttling) is checked here.
 */

import type { SignedIn, User, WishlistUserData } from '@shop/contract';
import {
  firstErrors,
  forgotPasswordSchema,
  guestRegistrationSchema,
  isSignUpCountry,
  MESSAGES,
  registrationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpStep1Schema,
  wishlistEmailSchema,
} from '@shop/contract/validation';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { authTokens, buyers, passwordResets, wishlistUsers } from '../db/schema';
import { AppError } from '../errors';
import { hashToken, issueToken, newOpaqueToken, newWishlistToken, TOKEN_TTL_DAYS } from './auth';
import { mergeGuestCart } from './cartMerge';
import type { LoginThrottle } from './loginThrottle';
import type { Mailer, MailMessage } from './mailer';
import type { PasswordHasher } from './passwords';
import { GENDERS } from './referenceLists';
import { takeOverWishlist } from './wishlist';

export const RESET_TTL_MS = 60 * 60 * 1000;
/** At most this many reset mails per account and hour (a mail bomb costs the attacker more). */
export const MAX_RESET_MAILS_PER_HOUR = 5;

export interface AccountServices {
  db: Database;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  /** Admin sign-in (services/admins.ts): its own limits and counters, apart from buyers'. */
  adminThrottle: LoginThrottle;
  mailer: Mailer;
  /** Origin of the reset link, without a trailing slash. */
  publicUrl: string;
  tokenTtlMs: number;
  resetTtlMs: number;
}

export const DEFAULT_TOKEN_TTL_MS = TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;

export type BuyerRow = typeof buyers.$inferSelect;

export const toUser = (row: BuyerRow, token: string): User => ({
  id: row.id,
  token,
  type: row.type,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  mobile: row.mobile,
  gender: row.gender,
  country_id: row.countryId,
  alternate_email: row.alternateEmail,
});

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.signInFailed);
const emailExists = () =>
  AppError.conflict('EMAIL_EXISTS', MESSAGES.emailExists, { email: MESSAGES.emailExists });
const emailRegistered = () =>
  AppError.conflict('EMAIL_REGISTERED', MESSAGES.wishlistEmailRegistered, {
    email: MESSAGES.wishlistEmailRegistered,
  });
const resetLinkGone = () => AppError.notFound('This password reset link is invalid or has expired.');

interface YupLike<T> {
  validate(value: unknown, options: { abortEarly: false }): Promise<T>;
  /** An object schema's own fields. */
  fields?: Record<string, unknown>;
}

/**
 * Only the fields the schema declares reach Yup: its object schema looks a key up in a plain
 * object, so a body key such as `toString` finds Object.prototype's and Yup throws a TypeError
 * (a 500 found by the fuzz suite). Unknown keys are dropped, as Yup would drop them anyway.
 */
function declaredFields(schema: { fields?: Record<string, unknown> }, body: unknown): unknown {
  const { fields } = schema;
  if (!fields || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => Object.hasOwn(fields, key)));
}

/** The cast value (trimmed strings, numbers) or every broken rule's first message per field. */
async function rulesOf<T>(
  schema: YupLike<T>,
  body: unknown,
): Promise<{ ok: true; value: T } | { ok: false; fields: Record<string, string> }> {
  try {
    return { ok: true, value: await schema.validate(declaredFields(schema, body), { abortEarly: false }) };
  } catch (error) {
    const fields = firstErrors(error);
    if (Object.keys(fields).length === 0) throw error;
    return { ok: false, fields };
  }
}

export async function checked<T>(schema: YupLike<T>, body: unknown): Promise<T> {
  const result = await rulesOf(schema, body);
  if (!result.ok) throw AppError.invalidFields(result.fields);
  return result.value;
}

const sameEmail = (email: string) => sql`lower(${buyers.email}) = lower(${email})`;

async function memberByEmail(db: Database, email: string): Promise<BuyerRow | undefined> {
  const [row] = await db
    .select()
    .from(buyers)
    .where(and(sameEmail(email), eq(buyers.type, 'Member')));
  return row;
}

/** PostgreSQL's unique_violation, wherever the driver or Drizzle put it in the cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** 'female' → 'Female'; null when it is not one of the offered genders. */
const canonicalGender = (gender: string | null | undefined) =>
  GENDERS.find((name) => name.toLowerCase() === (gender ?? '').trim().toLowerCase()) ?? null;

// ---------------------------------------------------------------- sign-in / sign-out

export interface LoginInput {
  body: {
    email?: string;
    password?: string;
    guest_cart_session_token?: string | null;
    /** The wishlist-e-mail user's token the browser holds: their wishlist joins the member's. */
    wishlist_token?: string | null;
  };
  ip: string;
}

export async function login(services: AccountServices, { body, ip }: LoginInput): Promise<SignedIn> {
  const { db, hasher, throttle } = services;
  const { email, password } = await checked(signInSchema, body);
  const attempt = await throttle.begin(ip, email);
  const buyer = await memberByEmail(db, email);
  // An unknown e-mail is checked against a dummy hash: same time, same answer.
  const ok = await hasher.verify(password, buyer?.passwordHash ?? null);
  if (!buyer || !ok) {
    await throttle.failed(attempt);
    throw invalidCredentials();
  }
  await throttle.succeeded(attempt);
  if (buyer.passwordHash && hasher.needsRehash(buyer.passwordHash)) {
    const passwordHash = await hasher.hash(password);
    await db.update(buyers).set({ passwordHash }).where(eq(buyers.id, buyer.id));
  }
  return db.transaction(async (tx) => {
    const token = await issueBuyerToken(tx, buyer.id, services.tokenTtlMs);
    const adjustments = await mergeGuestCart(tx, buyer.id, body.guest_cart_session_token);
    await takeOverWishlist(tx, buyer.id, body.wishlist_token);
    return { user: toUser(buyer, token), cart_adjustments: adjustments };
  });
}

/** A new token; the buyer's expired ones are pruned on the way. */
export async function issueBuyerToken(db: Database, buyerId: number, ttlMs: number): Promise<string> {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.buyerId, buyerId), sql`${authTokens.expiresAt} <= now()`));
  return issueToken(db, buyerId, ttlMs);
}

export async function logout(db: Database, token: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
}

export async function isMemberEmail(db: Database, body: { email?: string }): Promise<boolean> {
  const { email } = await checked(signUpStep1Schema, body);
  return (await memberByEmail(db, email)) !== undefined;
}

// ---------------------------------------------------------------- registration

export interface RegisterBodyInput {
  type?: 'Registration';
  first_name?: string;
  last_name?: string;
  email?: string;
  password?: string;
  confirm_password?: string;
  mobile?: string;
  country_id?: number | string | null;
  gender?: string;
  guest_cart_session_token?: string | null;
  /** The wishlist-e-mail user's token the browser holds: their wishlist becomes the member's. */
  wishlist_token?: string | null;
}

export async function register(services: AccountServices, body: RegisterBodyInput): Promise<SignedIn> {
  const { db } = services;
  const result = await rulesOf(registrationSchema, body);
  // Country and gender must be ones the form offers; same messages as "not selected".
  const fields = result.ok ? {} : { ...result.fields };
  // Sign-up offers a static list of countries (spec 000 §9); nothing else is accepted here.
  if (!fields.country_id && !isSignUpCountry(Number(body.country_id)))
    fields.country_id = MESSAGES.countryRequired;
  const gender = canonicalGender(body.gender);
  if (!fields.gender && !gender) fields.gender = MESSAGES.genderRequired;
  if (!result.ok || Object.keys(fields).length > 0) throw AppError.invalidFields(fields);
  const input = result.value;

  const passwordHash = await services.hasher.hash(input.password);
  const values = {
    type: 'Member' as const,
    email: input.email,
    passwordHash,
    firstName: input.first_name,
    lastName: input.last_name,
    mobile: input.mobile,
    gender,
    countryId: input.country_id,
    updatedAt: new Date(),
  };
  try {
    // Guests who checked out with this e-mail stay separate buyers: typing an e-mail at express
    // checkout proves nothing, so a new member never inherits their carts or details. What the
    // shopper's browser holds is theirs: the guest cart of its token, the wishlist of its
    // wishlist token.
    return await db.transaction(async (tx) => {
      if (await memberByEmail(tx, input.email)) throw emailExists();
      const [buyer] = await tx.insert(buyers).values(values).returning();
      if (!buyer) throw new Error('buyer not saved');
      const token = await issueBuyerToken(tx, buyer.id, services.tokenTtlMs);
      const adjustments = await mergeGuestCart(tx, buyer.id, input.guest_cart_session_token);
      await takeOverWishlist(tx, buyer.id, body.wishlist_token);
      return { user: toUser(buyer, token), cart_adjustments: adjustments };
    });
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index (members only) lets one through.
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

export interface RegisterGuestInput {
  type?: 'Express';
  first_name?: string;
  last_name?: string | null;
  email?: string;
  mobile?: string | null;
  gender?: string | null;
  create_my_profile?: boolean | number | string | null;
  continue_as_guest?: boolean;
  guest_cart_session_token?: string | null;
}

/**
 * Express checkout: a NEW Guest buyer with a token, every time. Knowing an e-mail must never
 * hand out anybody's token, cart or details, so nothing is looked up by the e-mail except
 * whether a member owns it (409 'Email is already exist': the panel recommends signing in, or
 * continuing as a guest, which the shopper confirms with `continue_as_guest`: the new Guest
 * identity shares the e-mail and nothing else).
 * What the guest brings is the cart whose guest_cart_session_token they hold. Joining a guest's
 * earlier orders to an account needs proof of e-mail ownership (a later issue), never this form.
 * `create_my_profile` is accepted and ignored: a profile needs a password, which this form does
 * not ask for.
 */
export async function registerGuest(services: AccountServices, body: RegisterGuestInput): Promise<SignedIn> {
  const { db } = services;
  const result = await rulesOf(guestRegistrationSchema, body);
  const fields = result.ok ? {} : { ...result.fields };
  const gender = body.gender ? canonicalGender(body.gender) : null;
  if (body.gender && !gender) fields.gender = MESSAGES.genderRequired;
  if (!result.ok || Object.keys(fields).length > 0) throw AppError.invalidFields(fields);
  const { email, first_name: firstName } = result.value;
  const details = {
    firstName,
    ...(body.last_name?.trim() ? { lastName: body.last_name.trim() } : {}),
    ...(body.mobile?.trim() ? { mobile: body.mobile.trim() } : {}),
    ...(gender ? { gender } : {}),
  };
  return db.transaction(async (tx) => {
    const { user, cart_adjustments } = await createGuestWithin(
      tx,
      { ...details, email },
      body.guest_cart_session_token,
      services.tokenTtlMs,
      { allowMemberEmail: body.continue_as_guest === true },
    );
    return { user, cart_adjustments };
  });
}

export interface GuestDetails {
  email: string;
  firstName: string;
  lastName?: string;
  mobile?: string;
  gender?: string;
}

/**
 * A new Guest buyer with a bearer token, owning the guest cart of `guestCartToken` (merged as at
 * sign-in), inside the caller's transaction: express checkout and the chat-message checkout. An
 * e-mail a Member owns is 409 EMAIL_EXISTS.
 */
export async function createGuestWithin(
  tx: Database,
  details: GuestDetails,
  guestCartToken: string | null | undefined,
  tokenTtlMs: number,
  options: { allowMemberEmail?: boolean } = {},
): Promise<SignedIn & { buyer: BuyerRow }> {
  if (!options.allowMemberEmail && (await memberByEmail(tx, details.email))) throw emailExists();
  const [buyer] = await tx
    .insert(buyers)
    .values({ ...details, type: 'Guest' })
    .returning();
  if (!buyer) throw new Error('guest not saved');
  const token = await issueBuyerToken(tx, buyer.id, tokenTtlMs);
  const adjustments = await mergeGuestCart(tx, buyer.id, guestCartToken);
  return { buyer, user: toUser(buyer, token), cart_adjustments: adjustments };
}

/**
 * Wishlist-only registration: just an e-mail, answered with the wishlist's own bearer token (see
 * newWishlistToken; only its hash is kept). Taken by a wishlist user or a member → 409.
 */
export async function registerWishlist(db: Database, body: { email?: string }): Promise<WishlistUserData> {
  const { email } = await checked(wishlistEmailSchema, body);
  if (await memberByEmail(db, email)) throw emailRegistered();
  const token = newWishlistToken();
  try {
    const [row] = await db
      .insert(wishlistUsers)
      .values({ email, tokenHash: hashToken(token) })
      .onConflictDoNothing()
      .returning({ id: wishlistUsers.id, email: wishlistUsers.email });
    if (!row) throw emailRegistered();
    return { ...row, token };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailRegistered();
    throw error;
  }
}

// ---------------------------------------------------------------- password recovery

/**
 * Sends a reset link when the e-mail belongs to a member; answers the same either way, after the
 * same database work and without waiting for the mail, so the answer says nothing about accounts.
 *
 * DELIBERATE deviation from spec 001 ("the response hash is stored locally"): the hash is never
 * part of the response. Whoever asks would otherwise get a working reset link for any account.
 */
export async function requestPasswordReset(
  services: AccountServices,
  body: { email?: string },
  log: FastifyBaseLogger,
): Promise<void> {
  const { db } = services;
  const { email } = await checked(forgotPasswordSchema, body);
  const buyer = await memberByEmail(db, email);
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.buyerId, buyer?.id ?? 0),
        gt(passwordResets.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
      ),
    );
  if (!buyer) return;
  if ((recent?.n ?? 0) >= MAX_RESET_MAILS_PER_HOUR) {
    log.warn({ buyerId: buyer.id }, 'password reset mail limit reached; not sending');
    return;
  }
  const hash = newOpaqueToken();
  // The link and its mail together; the request waits for no SMTP (a sender sends it after).
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      buyerId: buyer.id,
      hashSha256: hashToken(hash),
      expiresAt: new Date(Date.now() + services.resetTtlMs),
    });
    await services.mailer.queue(tx, resetMail(buyer, `${services.publicUrl}/reset-password/${hash}`));
  });
  services.mailer.wake();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function resetMail(buyer: BuyerRow, link: string): MailMessage {
  const name = buyer.firstName || 'there';
  const minutes = 'one hour';
  return {
    // The link signs in whoever holds it: never kept for an operator to send again.
    carriesSecret: true,
    to: buyer.email,
    subject: 'Reset your password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Gifts That Speak account.',
      `Open this link within ${minutes} to choose a new password:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      '<p>Someone (hopefully you) asked to reset the password of your Gifts That Speak account.</p>',
      `<p>Open this link within ${minutes} to choose a new password:</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
    ].join('\n'),
  };
}

const liveReset = (hash: string) =>
  and(
    eq(passwordResets.hashSha256, hashToken(hash)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, new Date()),
  );

export async function assertResetHashValid(db: Database, hash: string): Promise<void> {
  const [row] = hash
    ? await db.select({ id: passwordResets.id }).from(passwordResets).where(liveReset(hash))
    : [];
  if (!row) throw resetLinkGone();
}

/**
 * A new password voids every reset link mailed before it (a link in an old mail, or one an
 * attacker requested, must not undo the change): each open one is marked used. Called in the
 * transaction that sets the password (reset and change-password).
 */
export async function endResetLinks(tx: Database, buyerId: number): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.buyerId, buyerId), isNull(passwordResets.usedAt)));
}

/** Sets the new password, uses the hash up (and every other open one) and signs out everywhere. */
export async function resetPassword(
  services: AccountServices,
  body: { hash: string; password?: string; confirm_password?: string },
): Promise<void> {
  const { db } = services;
  const { password } = await checked(resetPasswordSchema, body);
  // Checked before hashing, so a made-up hash costs no scrypt work; checked again under lock.
  await assertResetHashValid(db, body.hash);
  const passwordHash = await services.hasher.hash(password);
  const email = await db.transaction(async (tx) => {
    const [reset] = await tx.select().from(passwordResets).where(liveReset(body.hash)).for('update');
    if (!reset) throw resetLinkGone();
    const [buyer] = await tx
      .update(buyers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(buyers.id, reset.buyerId))
      .returning({ email: buyers.email });
    // The profile overview's password-age prompt (0013) counts from here.
    await tx.update(buyers).set({ passwordChangedAt: new Date() }).where(eq(buyers.id, reset.buyerId));
    await endResetLinks(tx, reset.buyerId);
    await tx.delete(authTokens).where(eq(authTokens.buyerId, reset.buyerId));
    return buyer?.email;
  });
  if (email) await services.throttle.clearEmail(email);
}
