/**
 * The admin guard and the audit log (issue 21). `guardAdminRoutes` puts on a plugin's routes the
 * admin token check (401 none or expired, 403 a buyer's; with role 'owner', 403 a staff admin's)
 * and the audit: every admin action that succeeds (any method but GET/HEAD answered below 400) is
 * written to admin_audit_log before its answer leaves: who, what (the endpoint), which object
 * (the route's parameters), the reason where the body gives one, and the rest of the body (no
 * key naming a password, token or secret, at any depth; long texts cut). The action itself has
 * committed by then; if the audit row cannot be written (the database went away in between) the answer is the error, never a silent success.
 */
import type { AuditEntry, AuditPage, AuditQuery } from '@shop/contract/schemas/backOffice';
import { and, count, desc, ilike } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
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
}

/** Writes one audit row (also used in an action's own transaction, e.g. the sign-in). */
export async function writeAudit(db: Database, admin: Admin, record: AuditRecord): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action: record.action,
    objectType: record.objectType,
    objectId: record.objectId,
    reason: record.reason,
    details: record.details,
  });
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

function auditHook(db: Database): onSendAsyncHookHandler {
  return async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    if (reply.statusCode >= 400 || !request.admin) return payload;
    await writeAudit(db, request.admin, auditRecordOf(request));
    return payload;
  };
}

/** The admin check (and the role's) and the audit on every route of the plugin `app`. */
export function guardAdminRoutes(app: FastifyInstance, db: Database, role?: AdminRole): void {
  if (!app.hasRequestDecorator('admin')) app.decorateRequest('admin', null);
  app.addHook('onRequest', requireAdmin(db, role));
  app.addHook('onSend', auditHook(db));
}

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
        created_at: row.createdAt.toISOString(),
      }),
    ),
    _meta: pageMeta(total?.n ?? 0, page, AUDIT_PER_PAGE),
  };
}
