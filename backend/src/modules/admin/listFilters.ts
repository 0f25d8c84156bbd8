/**
 * The filters the back office's lists share (the order queue, the audit log): a UTC day range,
 * both days included, and "contains, any case" text matching with `%` and `_` taken literally.
 */
import type { AnyColumn, SQL } from 'drizzle-orm';
import { gte, lt } from 'drizzle-orm';
import { AppError } from '../../errors';

const DAY_MS = 86_400_000;

/** An ILIKE pattern matching `text` anywhere, its `\`, `%` and `_` taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The start (UTC) of a YYYY-MM-DD day; 400 for a day that does not exist (2026-02-30). */
function dayStart(day: string, field: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw AppError.badRequest(`Invalid ${field}: ${day} is not a day.`, { [field]: 'Not a day' });
  }
  return date;
}

/** `column` within the UTC days `from`…`to`, both included; 400 when `to` is before `from`. */
export function withinDays(column: AnyColumn, range: { from?: string; to?: string }): SQL[] {
  const { from, to } = range;
  if (from && to && from > to) {
    throw AppError.badRequest(`Invalid to: ${to} is before from (${from}).`, { to: 'Not before from' });
  }
  return [
    ...(from ? [gte(column, dayStart(from, 'from'))] : []),
    ...(to ? [lt(column, new Date(dayStart(to, 'to').getTime() + DAY_MS))] : []),
  ];
}
