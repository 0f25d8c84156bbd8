/**
 * The shop's admins: accounts apart from buyers (table admins), created only from the command line
 * (`npm run admin -- create-admin <email>`), signed in with `admin/login`. Their bearer tokens are
 * 'adm.' + an opaque token, stored hashed in admin_tokens with a short expiry: the prefix tells an
 * admin token from a buyer's before any lookup, and each kind is looked up only in its own table,
 * so a buyer token never reaches an admin endpoint and an admin token is no buyer's session.
 *
 * Roles (issue 21): an `owner` (every admin created from the command line, and every admin of
 * before) manages admins, remote releases and the settings and reads the audit log; `staff`
 * (created by an owner, `POST admin/admins`) run the daily work. A disabled admin cannot sign in
 * and their tokens stop working at once.
 */
import { randomBytes } from 'node:crypto';
import { EMAIL_ADDRESS } from '@shop/contract/validation';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { admins, adminTokens } from '../db/schema';
import { AppError } from '../errors';
import { hashToken, newOpaqueToken } from './auth';
import { isUniqueViolation } from './buyers';
import type { LoginThrottle } from './loginThrottle';
import type { PasswordHasher } from './passwords';

export const ADMIN_TOKEN_PREFIX = 'adm.';
export const ADMIN_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
/** An admin password: at least this long (generated ones are 24 characters). */
export const ADMIN_PASSWORD_MIN = 12;

export const isAdminToken = (token: string) => token.startsWith(ADMIN_TOKEN_PREFIX);

export type AdminRole = 'owner' | 'staff';

export interface Admin {
  id: number;
  email: string;
  role: AdminRole;
}

/** An admin account as an owner sees it in the list. */
export interface AdminAccount extends Admin {
  disabled: boolean;
  created_at: string;
}

const adminColumns = { id: admins.id, email: admins.email, role: admins.role };

/**
 * Creates an admin; with no password given, one is generated (answered once, never stored in
 * clear). 409 when the e-mail already has an admin account.
 */
export async function createAdmin(
  db: Database,
  hasher: PasswordHasher,
  rawEmail: string,
  givenPassword?: string,
  options: { role?: AdminRole; createdBy?: number } = {},
): Promise<{ admin: Admin; password: string; generated: boolean }> {
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL_ADDRESS.test(email)) {
    throw AppError.badRequest(`Not an e-mail address: ${rawEmail}`, { email: 'Not an e-mail address' });
  }
  const password = givenPassword ?? randomBytes(18).toString('base64url');
  if (password.length < ADMIN_PASSWORD_MIN) {
    throw AppError.badRequest(`An admin password has at least ${ADMIN_PASSWORD_MIN} characters.`);
  }
  const [existing] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = ${email}`);
  const exists = () =>
    AppError.conflict('ADMIN_EXISTS', `An admin with the e-mail ${email} already exists.`, {
      email: 'An admin with this e-mail already exists',
    });
  if (existing) throw exists();
  const passwordHash = await hasher.hash(password);
  // Two creations of one e-mail at once both pass the check above; the unique index refuses one.
  const [row] = await db
    .insert(admins)
    .values({ email, passwordHash, role: options.role ?? 'owner', createdBy: options.createdBy ?? null })
    .returning(adminColumns)
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? exists() : error;
    });
  if (!row) throw new Error('admin not saved');
  return { admin: row, password, generated: givenPassword === undefined };
}

/**
 * Signs an admin in: throttled like buyers' sign-in but with the admins' own limits and counters
 * (`throttle` is the admin realm's); an unknown e-mail costs a hash too. `audit` writes the
 * sign-in's audit row in the transaction that saves the token.
 */
export async function loginAdmin(
  db: Database,
  services: {
    hasher: PasswordHasher;
    throttle: LoginThrottle;
    audit?: (tx: Database, admin: Admin) => Promise<void>;
    /** A failed sign-in (the e-mail as typed, trimmed and lower-cased), recorded on its own. */
    refused?: (email: string) => Promise<void>;
  },
  ip: string,
  rawEmail: string,
  password: string,
  ttlMs = ADMIN_TOKEN_TTL_MS,
): Promise<{ token: string; expires_at: string; admin: Admin }> {
  const email = rawEmail.trim().toLowerCase();
  const attempt = await services.throttle.begin(ip, email);
  const [row] = await db.select().from(admins).where(sql`lower(${admins.email}) = ${email}`);
  const ok = await services.hasher.verify(password, row?.passwordHash ?? null);
  if (!row || !ok || row.disabledAt) {
    // A disabled account answers like a wrong password: nothing tells it still exists.
    await services.throttle.failed(attempt);
    await services.refused?.(email);
    throw AppError.unauthorized('The e-mail or password is not correct.');
  }
  await services.throttle.succeeded(attempt);
  const token = `${ADMIN_TOKEN_PREFIX}${newOpaqueToken()}`;
  const expiresAt = new Date(Date.now() + ttlMs);
  const admin: Admin = { id: row.id, email: row.email, role: row.role };
  await db.transaction(async (tx) => {
    await tx.insert(adminTokens).values({ adminId: row.id, tokenHash: hashToken(token), expiresAt });
    await services.audit?.(tx, admin);
  });
  return { token, expires_at: expiresAt.toISOString(), admin };
}

/** Sign-out: the token stops working (an unknown one changes nothing). */
export async function logoutAdmin(db: Database, token: string): Promise<void> {
  await db.delete(adminTokens).where(eq(adminTokens.tokenHash, hashToken(token)));
}

/**
 * Ends every session of the admin with this e-mail (a lost laptop, a leaving colleague): all of
 * their tokens are deleted. Answers how many live sessions ended; 404 when no admin has the e-mail.
 */
export async function revokeAdminSessions(db: Database, rawEmail: string): Promise<number> {
  const email = rawEmail.trim().toLowerCase();
  const [admin] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = ${email}`);
  if (!admin) throw AppError.notFound(`No admin has the e-mail ${email}.`);
  const gone = await db
    .delete(adminTokens)
    .where(eq(adminTokens.adminId, admin.id))
    .returning({ expiresAt: adminTokens.expiresAt });
  // Expired tokens go too, but only live ones were sessions.
  const now = Date.now();
  return gone.filter((token) => token.expiresAt.getTime() > now).length;
}

/** The admin of a bearer token, or null (not an admin token, unknown, expired or disabled). */
export async function resolveAdmin(db: Database, token: string): Promise<Admin | null> {
  if (!isAdminToken(token)) return null;
  const [row] = await db
    .select(adminColumns)
    .from(adminTokens)
    .innerJoin(admins, eq(admins.id, adminTokens.adminId))
    .where(
      and(
        eq(adminTokens.tokenHash, hashToken(token)),
        gt(adminTokens.expiresAt, new Date()),
        isNull(admins.disabledAt),
      ),
    );
  return row ?? null;
}

/** Every admin account, oldest first (owners only read it). */
export async function listAdmins(db: Database): Promise<AdminAccount[]> {
  const rows = await db
    .select({ ...adminColumns, disabledAt: admins.disabledAt, createdAt: admins.createdAt })
    .from(admins)
    .orderBy(asc(admins.id));
  return rows.map(({ disabledAt, createdAt, ...admin }) => ({
    ...admin,
    disabled: disabledAt !== null,
    created_at: createdAt.toISOString(),
  }));
}

/**
 * Disables (or enables again) a staff account; the admin's tokens are deleted in the same
 * transaction either way (an enabled account starts with no session of before). An owner cannot be disabled here (nor can one disable oneself): 409 ADMIN_IS_OWNER.
 */
export async function setAdminDisabled(
  db: Database,
  adminId: number,
  disabled: boolean,
): Promise<AdminAccount> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(admins).where(eq(admins.id, adminId)).for('update');
    if (!row) throw AppError.notFound('Admin not found.');
    if (row.role === 'owner') {
      throw AppError.conflict('ADMIN_IS_OWNER', 'An owner cannot be disabled from the back office.');
    }
    const [updated] = await tx
      .update(admins)
      .set({ disabledAt: disabled ? (row.disabledAt ?? new Date()) : null })
      .where(eq(admins.id, adminId))
      .returning();
    if (!updated) throw new Error('admin not updated');
    // Disabling ends every session; enabling again too ends any token made before it (one written
    // while the account was disabled, by a sign-in racing the disable), so no old session returns.
    await tx.delete(adminTokens).where(eq(adminTokens.adminId, adminId));
    return {
      id: updated.id,
      email: updated.email,
      role: updated.role,
      disabled: updated.disabledAt !== null,
      created_at: updated.createdAt.toISOString(),
    };
  });
}
