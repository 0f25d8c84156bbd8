/**
 * The admin guard and the audit log (issue 21). `guardAdminRoutes` puts on a plugin's routes the
 * admin token check (401 none or expired, 403 a buyer's; with role 'owner', 403 a staff admin's).
 *
 * The audit: every admin action that changes something (every route but GET/HEAD) writes one row
 * to admin_audit_log inside the action's own transaction, through `audited` (or `auditIn`, for an
 * action that opens its transaction later, like a remote release's change): who, what (the
 * endpoint), which object (the route's parameters), the reason where the body gives one, and the
 * rest of the body (no key naming a password, token or secret, at any depth; long texts cut).
 * So the action and its row are both written or neither: a failed audit insert rolls the action
 * back and answers the error. A mutating route that answers success without an audit row is a
 * bug: it is logged as an error (and test/admin-audit.test.ts calls every one).
 * The command line writes its rows as the actor `CLI_ACTOR`.
 *
 * Refusals leave a trace too: a failed sign-in (401) and an admin's request refused 403 (a staff
 * admin at an owners-only route, or a staff reason for an unpaid dispatch) write a row of the same
 * shape on their own, outside the refused action's transaction (rolled back, or never begun): the
 * action reads `refused <method> <endpoint>`, the details carry the answer's status and the body
 * without secrets (a sign-in's password never). A refusal row that cannot be written is logged and
 * the refusal is answered all the same.
 */
import type { AuditEntry, AuditPage, AuditQuery } from '@shop/contract/schemas/backOffice';
import { and, count, desc, ilike } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyRequest,
  onErrorAsyncHookHandler,
  onRequestAsyncHookHandler,
  onResponseAsyncHookHandler,
} from 'fastify';
import type { Database } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { AppError } from '../../errors';
import { requireAdmin } from '../../hooks/requireAdmin';
import type { Admin, AdminRole } from '../../services/admins';
import { pageMeta } from '../../services/memberOrders';
import { containing, withinDays } from './listFilters';

export const AUDIT_PER_PAGE = 50;
/** A body's text kept in the audit's details up to this length. */
const DETAIL_TEXT_MAX = 300;
const API_PATH = /^\/backend\/api\//;

export interface AuditRecord {
  action: string;
  objectType: string | null;
  objectId: string | null;
  reason: string | null;
  details: Record<string, unknown> | null;
  /** The changed object's editable fields before the change (null: a creation, or not given). */
  before?: unknown;
  /** … and after it (null: a removal, or not given). */
  after?: unknown;
}

/** Who did it: an admin, or the command line (no admin id). */
export interface AuditActor {
  id: number | null;
  email: string;
}

/** The actor of the command line's rows (`npm run admin`). */
export const CLI_ACTOR: AuditActor = { id: null, email: 'cli' };

/** Writes one audit row, in the caller's transaction. */
export async function writeAudit(db: Database, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: actor.id,
    adminEmail: actor.email,
    action: record.action,
    objectType: record.objectType,
    objectId: record.objectId,
    reason: record.reason,
    details: record.details,
    before: snapshotOf(record.before),
    after: snapshotOf(record.after),
  });
}

/** A snapshot as stored: plain JSON (dates as ISO text), secrets left out, `undefined` as null. */
function snapshotOf(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return keptSnapshot(JSON.parse(JSON.stringify(value)) as unknown);
}

function keptSnapshot(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keptSnapshot);
  if (typeof value === 'object' && value !== null) {
    const kept: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!SECRET_KEY.test(key)) kept[key] = keptSnapshot(inner);
    }
    return kept;
  }
  return value;
}

/** Keys never written to the audit, at any depth of the body. */
const SECRET_KEY = /password|token|secret/i;

function keptValue(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > DETAIL_TEXT_MAX ? `${value.slice(0, DETAIL_TEXT_MAX)}…` : value;
  }
  if (Array.isArray(value)) return value.map(keptValue);
  if (typeof value === 'object' && value !== null) {
    const kept: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!SECRET_KEY.test(key)) kept[key] = keptValue(inner);
    }
    return kept;
  }
  return value;
}

export function detailsOf(body: unknown): Record<string, unknown> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { reason: _reason, ...rest } = body as Record<string, unknown>;
  const kept = keptValue(rest) as Record<string, unknown>;
  return Object.keys(kept).length > 0 ? kept : null;
}

/** What an admin request did, as the audit records it. */
export function auditRecordOf(request: FastifyRequest): AuditRecord {
  const path = (request.routeOptions.url ?? request.url).replace(API_PATH, '');
  const params = (request.params ?? {}) as Record<string, unknown>;
  const values = Object.values(params).map(String);
  const body = request.body as Record<string, unknown> | undefined;
  const reason = typeof body?.reason === 'string' && body.reason.trim() ? body.reason.trim() : null;
  return {
    action: `${request.method} ${path}`,
    objectType: path.split('/')[1] ?? null,
    objectId: values.length > 0 ? values.join('/') : null,
    reason,
    details: detailsOf(body),
  };
}

/** The requests whose audit row is written (checked when the answer has left). */
const auditedRequests = new WeakSet<FastifyRequest>();

/**
 * Writes this request's audit row in `tx`, the action's transaction: for an action that opens
 * its transaction itself, later (a remote release's change, the sign-in). `admin`: the actor when
 * the request has none yet (the sign-in).
 */
export function auditIn(
  request: FastifyRequest,
  admin?: Admin,
): (tx: Database, change?: AuditChange) => Promise<void> {
  return async (tx, change) => {
    const record = auditRecordOf(request);
    await writeAudit(tx, admin ?? adminOf(request), {
      ...record,
      before: change?.before,
      after: change?.after,
      objectId: change?.objectId ?? record.objectId,
    });
    auditedRequests.add(request);
  };
}

/** What a change adds to its row: the object's state before and after, and its id if the route has none. */
export interface AuditChange {
  before?: unknown;
  after?: unknown;
  objectId?: string | undefined;
}

/**
 * What a change's audit row shows of the object, read in the action's transaction: `before`
 * ahead of the action (leave it out for a creation), `after` once it is done (given the action's
 * result; leave it out, or answer null, for a removal), and `objectId` for a route without the
 * object's id in its address (a creation: the new id, from the result).
 */
export interface AuditSnapshots<T> {
  before?: (tx: Database) => Promise<unknown>;
  after?: (tx: Database, result: T) => Promise<unknown>;
  objectId?: (result: T) => string;
}

/**
 * Runs an admin action and writes its audit row in one transaction: both are kept, or neither.
 * With `snapshots`, the row carries the object's state before and after the change.
 */
export async function audited<T>(
  db: Database,
  request: FastifyRequest,
  action: (tx: Database) => Promise<T>,
  snapshots: AuditSnapshots<T> = {},
): Promise<T> {
  const audit = auditIn(request);
  return db.transaction(async (tx) => {
    const before = snapshots.before ? await snapshots.before(tx) : undefined;
    const result = await action(tx);
    const after = snapshots.after ? await snapshots.after(tx, result) : undefined;
    await audit(tx, { before, after, objectId: snapshots.objectId?.(result) });
    return result;
  });
}

/** A successful change answered without its audit row: a route that forgot `audited`. */
const unauditedCheck: onResponseAsyncHookHandler = async (request, reply) => {
  if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
  if (!auditedRequests.has(request)) {
    request.log.error({ route: request.routeOptions.url }, 'admin action answered without an audit row');
  }
};

/** The action's prefix of a refused request's row (the audit page's action filter finds them). */
export const REFUSED = 'refused';

/**
 * Writes the row of a refused request on its own connection (not in any action's transaction):
 * who tried (for a failed sign-in, the e-mail typed, with no admin id), what, and the status.
 */
export async function writeRefusal(
  db: Database,
  request: FastifyRequest,
  actor: AuditActor,
  status: 401 | 403,
): Promise<void> {
  const record = auditRecordOf(request);
  try {
    await writeAudit(db, actor, {
      ...record,
      action: `${REFUSED} ${record.action}`,
      details: { status, ...record.details },
    });
  } catch (error) {
    request.log.error(
      { err: error, route: request.routeOptions.url },
      'refusal not written to the audit log',
    );
  }
}

/** An admin's request refused 403 (the role, or an owner's call made by staff): its row. */
const refusalAudit =
  (db: Database): onErrorAsyncHookHandler =>
  async (request, _reply, error) => {
    if (request.admin && error instanceof AppError && error.statusCode === 403) {
      await writeRefusal(db, request, request.admin, 403);
    }
  };

/** The admin check (and the role's) on every route of the plugin `app`, and the audit's checks. */
export function guardAdminRoutes(app: FastifyInstance, db: Database, role?: AdminRole): void {
  if (!app.hasRequestDecorator('admin')) app.decorateRequest('admin', null);
  app.addHook('onRequest', requireAdmin(db, role));
  app.addHook('onResponse', unauditedCheck);
  app.addHook('onError', refusalAudit(db));
}

/** The OpenAPI part of a route behind the admin guard that owners and staff may call. */
export const STAFF_ROUTE_SCHEMA = {
  tags: ['admin'],
  security: [{ bearer: [] }],
  description: "An admin's bearer token (owner or staff): none or an expired one 401, a buyer's 403.",
};

/** A route of an admin plugin that only owners may call (after the plugin's admin check). */
export const ownersOnly: onRequestAsyncHookHandler = async (request) => {
  if (request.admin?.role !== 'owner') throw AppError.forbidden('Owners only.');
};

/** The admin the guard found (every route behind it has one). */
export function adminOf(request: FastifyRequest): Admin {
  if (!request.admin) throw new Error('admin route without the admin guard');
  return request.admin;
}

/**
 * The audit log, newest first, 50 a page (owners only), narrowed by the acting admin's e-mail and
 * the action (any part, any case) and by UTC days (both included; 400 for `to` before `from`).
 */
export async function auditPage(db: Database, query: AuditQuery): Promise<AuditPage> {
  const page = query.page ?? 1;
  const where = and(
    ...(query.admin ? [ilike(adminAuditLog.adminEmail, containing(query.admin))] : []),
    ...(query.action ? [ilike(adminAuditLog.action, containing(query.action))] : []),
    ...withinDays(adminAuditLog.createdAt, query),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(AUDIT_PER_PAGE)
      .offset((page - 1) * AUDIT_PER_PAGE),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    items: rows.map(
      (row): AuditEntry => ({
        id: row.id,
        admin: { id: row.adminId, email: row.adminEmail },
        action: row.action,
        object_type: row.objectType,
        object_id: row.objectId,
        reason: row.reason,
        details: (row.details as Record<string, unknown> | null) ?? null,
        before: row.before ?? null,
        after: row.after ?? null,
        created_at: row.createdAt.toISOString(),
      }),
    ),
    _meta: pageMeta(total?.n ?? 0, page, AUDIT_PER_PAGE),
  };
}
