import type { AuditQuery } from '@shop/contract/schemas/backOffice';

/**
 * An audit row's details as lines of text ("order_status: Cancel", "address.city: Riga"): nested
 * objects by dotted keys, lists joined with commas. Whatever an admin or a buyer wrote is only
 * ever text here; the page renders these lines as text nodes.
 */
export function detailLines(details: Record<string, unknown> | null): string[] {
  if (!details) return [];
  return [...flatten(details)].map(([key, value]) => `${key}: ${value}`);
}

/** An object's fields as dotted keys and their text, in order ("address.city" → "Riga"). */
function flatten(value: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  const walk = (inner: unknown, key: string) => {
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      const entries = Object.entries(inner);
      if (entries.length === 0 && key) fields.set(key, '(empty)');
      for (const [name, next] of entries) walk(next, key ? `${key}.${name}` : name);
      return;
    }
    fields.set(key || '(value)', textOf(inner));
  };
  if (value !== null && value !== undefined) walk(value, '');
  return fields;
}

/**
 * A change's audit row as the fields it changed ("price: 12.50 → 14.00"): every field whose text
 * differs between the state before and after (a creation shows what it set, "(none) → …"; a
 * removal what it cleared). Empty when the row has no snapshots, or nothing differs.
 */
export function changeLines(before: unknown, after: unknown): string[] {
  if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
  const was = flatten(before);
  const now = flatten(after);
  const lines: string[] = [];
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const from = was.get(key) ?? '(none)';
    const to = now.get(key) ?? '(none)';
    if (from !== to) lines.push(`${key}: ${from} → ${to}`);
  }
  return lines;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The filters the address carries (`?admin=…&action=…&from=…&to=…&page=…`). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const FILTER_MAX_LENGTH = { admin: 254, action: 100 } as const;

export function auditQueryOf(search: URLSearchParams): AuditQuery {
  const query: AuditQuery = {};
  const admin = search.get('admin')?.trim().slice(0, FILTER_MAX_LENGTH.admin);
  const action = search.get('action')?.trim().slice(0, FILTER_MAX_LENGTH.action);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const page = Number(search.get('page'));
  if (admin) query.admin = admin;
  if (action) query.action = action;
  if (DAY.test(from)) query.from = from;
  if (DAY.test(to)) query.to = to;
  if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}

export function searchOfAudit(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return params.toString();
}
