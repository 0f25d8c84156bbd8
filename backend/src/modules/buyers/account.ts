/**
 * The member area's account side (spec 001 §2.7, §5; spec 000 §7): dashboard stats, the activity
 * log, the profile overview's prompt flags, interests and "how did you hear about us", the
 * profile, the alternate e-mail and the password. Every function works on the caller's own
 * buyer id, taken from the bearer token by the route; nothing here selects a buyer by a body field.
 */
import type { ActivityPage, DashboardStats, InterestOption, Profile, ProfileStats } from '@shop/contract';
import {
  alternateEmailSchema,
  changePasswordSchema,
  hearAboutUsSchema,
  interestsSchema,
  MESSAGES,
  profileSchema,
} from '@shop/contract/validation';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authTokens,
  buyerActivities,
  buyerHearAboutUs,
  buyerInterests,
  buyerMessages,
  buyers,
  cartItems,
  carts,
  countries,
  hearAboutUsOptions,
  interestOptions,
  orders,
  wishlistItems,
} from '../../db/schema';
import { AppError } from '../../errors';
import { hashToken } from '../../services/auth';
import { type AccountServices, checked, endResetLinks } from '../../services/buyers';
import { AGE_GROUPS, GENDERS } from '../../services/referenceLists';

/** Rows of the activity log per page. */
export const ACTIVITIES_PER_PAGE = 10;
/** A password last set longer ago than this makes the overview prompt for a new one. */
export const PASSWORD_MAX_AGE_DAYS = 180;
export const PASSWORD_CHANGED_ACTION = 'Password changed';
export const PROFILE_UPDATED_ACTION = 'Profile updated';

const meta = (totalCount: number, page: number, perPage: number) => ({
  totalCount,
  currentPage: page,
  pageCount: Math.ceil(totalCount / perPage),
  perPage,
});

// ---------------------------------------------------------------- dashboard

/** The four boxes: orders, message threads, pieces in the cart, wishlist items. */
export async function dashboardStats(db: Database, buyerId: number): Promise<DashboardStats> {
  const [[ordersRow], [threadsRow], [cartRow], [wishlistRow]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.buyerId, buyerId)),
    db
      .select({ n: count() })
      .from(buyerMessages)
      .where(and(eq(buyerMessages.buyerId, buyerId), isNull(buyerMessages.replyTo))),
    db
      .select({ n: sum(cartItems.quantity) })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.buyerId, buyerId)),
    db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.buyerId, buyerId)),
  ]);
  return {
    ordersCount: ordersRow?.n ?? 0,
    messagesCount: threadsRow?.n ?? 0,
    cartItemsCount: Number(cartRow?.n ?? 0),
    wishlistItemsCount: wishlistRow?.n ?? 0,
  };
}

/** `buyers-log`: the member's activities, newest first. */
export async function activityLog(db: Database, buyerId: number, page: number): Promise<ActivityPage> {
  const [total] = await db
    .select({ n: count() })
    .from(buyerActivities)
    .where(eq(buyerActivities.buyerId, buyerId));
  const rows = await db
    .select()
    .from(buyerActivities)
    .where(eq(buyerActivities.buyerId, buyerId))
    .orderBy(desc(buyerActivities.actionDatetime), desc(buyerActivities.id))
    .limit(ACTIVITIES_PER_PAGE)
    .offset((page - 1) * ACTIVITIES_PER_PAGE);
  return {
    items: rows.map((row) => ({
      id: row.id,
      action_type: row.actionType,
      order_id: row.orderId,
      action_datetime: row.actionDatetime.toISOString(),
    })),
    _meta: meta(total?.n ?? 0, page, ACTIVITIES_PER_PAGE),
  };
}

// ---------------------------------------------------------------- profile

async function buyerRow(db: Database, buyerId: number) {
  const [buyer] = await db.select().from(buyers).where(eq(buyers.id, buyerId));
  if (!buyer) throw AppError.unauthorized();
  return { buyer, ageGroup: buyer.ageGroup, passwordChangedAt: buyer.passwordChangedAt };
}

export async function profileOf(db: Database, buyerId: number): Promise<Profile> {
  const { buyer, ageGroup } = await buyerRow(db, buyerId);
  return {
    id: buyer.id,
    type: buyer.type,
    first_name: buyer.firstName,
    last_name: buyer.lastName,
    email: buyer.email,
    mobile: buyer.mobile,
    gender: buyer.gender,
    country_id: buyer.countryId,
    age_group: ageGroup,
    alternate_email: buyer.alternateEmail,
  };
}

/**
 * The overview's prompts: the profile lacks mobile, gender, country or age group; no alternate
 * e-mail; no interest chosen; the password was set (changed, reset or, failing both, the account
 * made) more than PASSWORD_MAX_AGE_DAYS ago.
 */
export async function profileStats(db: Database, buyerId: number, now = new Date()): Promise<ProfileStats> {
  const { buyer, ageGroup, passwordChangedAt } = await buyerRow(db, buyerId);
  const [interests] = await db
    .select({ n: count() })
    .from(buyerInterests)
    .where(eq(buyerInterests.buyerId, buyerId));
  const passwordSetAt = passwordChangedAt ?? buyer.createdAt;
  return {
    profileUpdateRequired: !buyer.mobile || !buyer.gender || buyer.countryId === null || ageGroup === null,
    alternateEmailUpdateRequired: !buyer.alternateEmail,
    interestsUpdatedRequired: (interests?.n ?? 0) === 0,
    passwordUpdatedRequired:
      now.getTime() - passwordSetAt.getTime() > PASSWORD_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
  };
}

export interface ProfileBody {
  first_name?: string;
  last_name?: string;
  mobile?: string;
  country_id?: number | string | null;
  gender?: string;
  age_group?: number | string | null;
}

/**
 * `buyers/update/{id}`: only the caller's own id (403 otherwise); the e-mail is never changed
 * here. Country, gender and age group must be ones the lists offer (same messages as "not
 * selected").
 */
export async function updateProfile(
  db: Database,
  buyerId: number,
  targetId: number,
  body: ProfileBody,
): Promise<Profile> {
  if (targetId !== buyerId) throw AppError.forbidden('You may only update your own profile.');
  const fields: Record<string, string> = {};
  let input: Awaited<ReturnType<typeof profileSchema.validate>> | null = null;
  try {
    input = await checked(profileSchema, body);
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    Object.assign(fields, error.fields);
  }
  const gender = GENDERS.find(
    (name) =>
      name.toLowerCase() ===
      String(body.gender ?? '')
        .trim()
        .toLowerCase(),
  );
  if (!fields.gender && !gender) fields.gender = MESSAGES.genderRequired;
  // Checked on the body itself, so these are reported beside any other broken rule.
  const ageGroup = Number(body.age_group);
  if (!fields.age_group && !AGE_GROUPS.some((group) => group.id === ageGroup))
    fields.age_group = MESSAGES.ageGroupRequired;
  const countryId = Number(body.country_id);
  if (!fields.country_id) {
    const possible = Number.isInteger(countryId) && countryId > 0 && countryId <= 2_147_483_647;
    const [country] = possible
      ? await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))
      : [];
    if (!country) fields.country_id = MESSAGES.countryRequired;
  }
  if (!input || Object.keys(fields).length > 0) throw AppError.invalidFields(fields);
  const values = input;
  await db.transaction(async (tx) => {
    await tx
      .update(buyers)
      .set({
        firstName: values.first_name,
        lastName: values.last_name,
        mobile: values.mobile,
        countryId: values.country_id,
        gender: gender ?? null,
        updatedAt: new Date(),
      })
      .where(eq(buyers.id, buyerId));
    await tx.update(buyers).set({ ageGroup: values.age_group }).where(eq(buyers.id, buyerId));
    await tx.insert(buyerActivities).values({ buyerId, actionType: PROFILE_UPDATED_ACTION });
  });
  return profileOf(db, buyerId);
}

/**
 * The alternate e-mail: optional (empty clears it), valid when given, never the member's own
 * primary e-mail nor any other member's primary or alternate e-mail.
 */
export async function updateAlternateEmail(
  db: Database,
  buyerId: number,
  body: { alternate_email?: string | null },
): Promise<Profile> {
  const { alternate_email: email } = await checked(alternateEmailSchema, {
    alternate_email: body.alternate_email ?? '',
  });
  if (email) {
    const { buyer } = await buyerRow(db, buyerId);
    if (buyer.email.toLowerCase() === email.toLowerCase())
      throw AppError.invalidFields({ alternate_email: MESSAGES.alternateEmailSameAsPrimary });
    const [taken] = await db
      .select({ id: buyers.id })
      .from(buyers)
      .where(
        and(
          ne(buyers.id, buyerId),
          eq(buyers.type, 'Member'),
          sql`(lower(${buyers.email}) = lower(${email}) OR lower(${buyers.alternateEmail}) = lower(${email}))`,
        ),
      )
      .limit(1);
    if (taken) throw AppError.invalidFields({ alternate_email: MESSAGES.alternateEmailTaken });
  }
  await db
    .update(buyers)
    .set({ alternateEmail: email ?? null, updatedAt: new Date() })
    .where(eq(buyers.id, buyerId));
  return profileOf(db, buyerId);
}

// ---------------------------------------------------------------- password

/**
 * Changes the password after checking the old one, ends every OTHER session of the member
 * (their other tokens are deleted; the one making this call keeps working) and voids every reset
 * link mailed before. A wrong old password
 * is 422 on old_password with the server's text; guesses are throttled like sign-in (429).
 */
export async function changePassword(
  services: AccountServices,
  buyerId: number,
  currentToken: string,
  ip: string,
  body: { old_password?: string; new_password?: string; confirm_password?: string },
): Promise<void> {
  const { db, hasher, throttle } = services;
  const input = await checked(changePasswordSchema, body);
  const { buyer } = await buyerRow(db, buyerId);
  // Guesses of the old password (a stolen session) count with sign-in guesses of this e-mail.
  const attempt = await throttle.begin(ip, buyer.email);
  if (!(await hasher.verify(input.old_password, buyer.passwordHash ?? null))) {
    await throttle.failed(attempt);
    throw AppError.unprocessable('OLD_PASSWORD_WRONG', MESSAGES.oldPasswordWrong, {
      old_password: MESSAGES.oldPasswordWrong,
    });
  }
  await throttle.succeeded(attempt);
  const passwordHash = await hasher.hash(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(buyers).set({ passwordHash, updatedAt: new Date() }).where(eq(buyers.id, buyerId));
    await tx.update(buyers).set({ passwordChangedAt: new Date() }).where(eq(buyers.id, buyerId));
    await endResetLinks(tx, buyerId);
    await tx
      .delete(authTokens)
      .where(and(eq(authTokens.buyerId, buyerId), ne(authTokens.tokenHash, hashToken(currentToken))));
    await tx.insert(buyerActivities).values({ buyerId, actionType: PASSWORD_CHANGED_ACTION });
  });
}

// ---------------------------------------------------------------- interests and source survey

type OptionTable = typeof interestOptions | typeof hearAboutUsOptions;

async function optionsWithChoices(
  db: Database,
  table: OptionTable,
  chosen: Set<number>,
): Promise<InterestOption[]> {
  const rows = await db.select().from(table).orderBy(asc(table.position), asc(table.id));
  return rows.map((row) => ({ id: row.id, name: row.name, isChecked: chosen.has(row.id) }));
}

async function chosenInterests(db: Database, buyerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: buyerInterests.interestId })
    .from(buyerInterests)
    .where(eq(buyerInterests.buyerId, buyerId));
  return new Set(rows.map((row) => row.id));
}

async function chosenSources(db: Database, buyerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: buyerHearAboutUs.optionId })
    .from(buyerHearAboutUs)
    .where(eq(buyerHearAboutUs.buyerId, buyerId));
  return new Set(rows.map((row) => row.id));
}

export async function interestOptionsOf(db: Database, buyerId: number): Promise<InterestOption[]> {
  return optionsWithChoices(db, interestOptions, await chosenInterests(db, buyerId));
}

export async function hearAboutUsOptionsOf(db: Database, buyerId: number): Promise<InterestOption[]> {
  return optionsWithChoices(db, hearAboutUsOptions, await chosenSources(db, buyerId));
}

/** The chosen ids, every one an offered option (an unknown id is 422 like an empty choice). */
async function knownIds(db: Database, table: OptionTable, ids: number[], field: string): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  if (rows.length !== unique.length) throw AppError.invalidFields({ [field]: MESSAGES.selectOneOption });
  return unique;
}

/** Replaces the member's interests (at least one: 'Select at-least one option'). */
export async function updateInterests(
  db: Database,
  buyerId: number,
  body: { interests?: unknown },
): Promise<InterestOption[]> {
  const { interests } = await checked(interestsSchema, body);
  const ids = await knownIds(db, interestOptions, interests, 'interests');
  await db.transaction(async (tx) => {
    await tx.delete(buyerInterests).where(eq(buyerInterests.buyerId, buyerId));
    await tx.insert(buyerInterests).values(ids.map((interestId) => ({ buyerId, interestId })));
  });
  return interestOptionsOf(db, buyerId);
}

/** Replaces the member's "how did you hear about us" answers (at least one). */
export async function updateHearAboutUs(
  db: Database,
  buyerId: number,
  body: { options?: unknown },
): Promise<InterestOption[]> {
  const { options } = await checked(hearAboutUsSchema, body);
  const ids = await knownIds(db, hearAboutUsOptions, options, 'options');
  await db.transaction(async (tx) => {
    await tx.delete(buyerHearAboutUs).where(eq(buyerHearAboutUs.buyerId, buyerId));
    await tx.insert(buyerHearAboutUs).values(ids.map((optionId) => ({ buyerId, optionId })));
  });
  return hearAboutUsOptionsOf(db, buyerId);
}
