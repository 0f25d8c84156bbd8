/**
 * The shop's admins: accounts apart from buyers (table admins), created only from the command line
 * (`npm run admin -- create-admin <email>`), signed in with `admin/login`. Their bearer tokens are
 * 'adm.' + an opaque token, stored hashed in admin_tokens with a short expiry: the prefix tells an
 * admin token from a buyer's before any lookup, and each kind is looked up only in its own table,
 * so a buyer token never reaches an admin endpoint and an admin token is no buyer's session.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { admins, adminTokens } from '../db/schema';
import { AppError } from '../errors';
import { hashToken, newOpaqueToken } from './auth';
import type { LoginThrottle } from './loginThrottle';
import type { PasswordHasher } from './passwords';

export const ADMIN_TOKEN_PREFIX = 'adm.';
export const ADMIN_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
/** An admin password: at least this long (generated ones are 24 characters). */
export const ADMIN_PASSWORD_MIN = 12;

export const isAdminToken = (token: string) => token.startsWith(ADMIN_TOKEN_PREFIX);

export interface Admin {
  id: number;
  email: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates an admin; with no password given, one is generated (answered once, never stored in
 * clear). 409 when the e-mail already has an admin account.
 */
export async function createAdmin(
  db: Database,
  hasher: PasswordHasher,
  rawEmail: string,
  givenPassword?: string,
): Promise<{ admin: Admin; password: string; generated: boolean }> {
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL.test(email)) throw AppError.badRequest(`Not an e-mail address: ${rawEmail}`);
  const password = givenPassword ?? randomBytes(18).toString('base64url');
  if (password.length < ADMIN_PASSWORD_MIN) {
    throw AppError.badRequest(`An admin password has at least ${ADMIN_PASSWORD_MIN} characters.`);
  }
  const [existing] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = ${email}`);
  if (existing) throw AppError.conflict('ADMIN_EXISTS', `An admin with the e-mail ${email} already exists.`);
  const [row] = await db
    .insert(admins)
    .values({ email, passwordHash: await hasher.hash(password) })
    .returning({ id: admins.id, email: admins.email });
  if (!row) throw new Error('admin not saved');
  return { admin: row, password, generated: givenPassword === undefined };
}

/**
 * Signs an admin in: throttled like buyers' sign-in but with the admins' own limits and counters
 * (`throttle` is the admin realm's); an unknown e-mail costs a hash too.
 */
export async function loginAdmin(
  db: Database,
  services: { hasher: PasswordHasher; throttle: LoginThrottle },
  ip: string,
  rawEmail: string,
  password: string,
  ttlMs = ADMIN_TOKEN_TTL_MS,
): Promise<{ token: string; expires_at: string; admin: Admin }> {
  const email = rawEmail.trim().toLowerCase();
  const attempt = await services.throttle.begin(ip, email);
  const [row] = await db.select().from(admins).where(sql`lower(${admins.email}) = ${email}`);
  const ok = await services.hasher.verify(password, row?.passwordHash ?? null);
  if (!row || !ok) {
    await services.throttle.failed(attempt);
    throw AppError.unauthorized('The e-mail or password is not correct.');
  }
  await services.throttle.succeeded(attempt);
  const token = `${ADMIN_TOKEN_PREFIX}${newOpaqueToken()}`;
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(adminTokens).values({ adminId: row.id, tokenHash: hashToken(token), expiresAt });
  return { token, expires_at: expiresAt.toISOString(), admin: { id: row.id, email: row.email } };
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

/** The admin of a bearer token, or null (not an admin token, unknown or expired). */
export async function resolveAdmin(db: Database, token: string): Promise<Admin | null> {
  if (!isAdminToken(token)) return null;
  const [row] = await db
    .select({ id: admins.id, email: admins.email })
    .from(adminTokens)
    .innerJoin(admins, eq(admins.id, adminTokens.adminId))
    .where(and(eq(adminTokens.tokenHash, hashToken(token)), gt(adminTokens.expiresAt, new Date())));
  return row ?? null;
}
