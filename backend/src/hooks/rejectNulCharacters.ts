/**
 * No text the API accepts may hold a NUL character: PostgreSQL cannot store one in `text` (the
 * insert fails with 22021, a 500) and no shopper types one. Checked once for every route, before
 * validation, over the path, the query and a JSON body, so the 400 names the field wherever the
 * NUL hides (`suggestions?q=%00`, `contact-us`'s message, `register`'s e-mail, a currency code).
 */
import type { preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../errors';

const NUL = '\u0000';

/** The first field path under `value` whose key or text holds a NUL, or null. */
export function fieldWithNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || '(root)' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithNul(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return field;
      const found = fieldWithNul(item, field);
      if (found) return found;
    }
  }
  return null;
}

export const rejectNulCharacters: preValidationAsyncHookHandler = async (request) => {
  const field =
    fieldWithNul(request.params, '') ?? fieldWithNul(request.query, '') ?? fieldWithNul(request.body, '');
  if (field) {
    throw AppError.badRequest(`${field} must not contain a NUL character`, {
      [field]: 'must not contain a NUL character',
    });
  }
};
