import type { AuditQuery } from '@shop/contract/schemas/backOffice';

/**
 * An audit row's details as lines of text ("order_status: Cancel", "address.city: Riga"): nested
 * objects by dotted keys, lists joined with commas. Whatever an admin or a buyer wrote is only
 * ever text here; the page renders these lines as text nodes.
 */
export function detailLines(details: Record<string, unknown> | null): string[] {
  if (!details) return [];
  const lines: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.length === 0) lines.push(`${key}: (empty)`);
      for (const [name, inner] of entries) walk(inner, key ? `${key}.${name}` : name);
      return;
    }
    lines.push(`${key}: ${textOf(value)}`);
  };
  for (const [name, value] of Object.entries(details)) walk(value, name);
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
