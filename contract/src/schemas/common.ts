/**
 * Building blocks of every route schema. The API's types are derived from the schemas
 * (../types.ts), so there is nothing to keep in step by hand.
 */

import { type TSchema, Type } from '@sinclair/typebox';
import { AMOUNT_MAX, INT4_MAX, PAGE_MAX } from '../validation/listingLimits';

// INT4_MAX (every id column), PAGE_MAX and AMOUNT_MAX are shared with the listing page, which
// drops URL values beyond them before it asks.
export { AMOUNT_MAX, INT4_MAX, PAGE_MAX };

/**
 * Input integers, always bounded: an unbounded integer reaches the database as a value that
 * overflows its column (`products/gallery/2147483648` was a 500). Outputs may use Type.Integer().
 */
export const Id = (options: { description?: string } = {}) =>
  Type.Integer({ minimum: 1, maximum: INT4_MAX, ...options });
export const PageNumber = () =>
  Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: 'From 1; a page past the end is empty' });
export const Amount = (options: { description?: string } = {}) =>
  Type.Number({ minimum: 0, maximum: AMOUNT_MAX, ...options });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object({
  code: Type.String(),
  message: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'field → problem' })),
});

export const ErrorEnvelope = Type.Object({
  status: Type.Literal(false),
  error: ErrorBody,
});

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Literal(true),
    data,
  });

/** Success plus the failure statuses any route may answer with. */
export const responses = <T extends TSchema>(data: T) => ({
  200: Envelope(data),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
});

export const ListMeta = Type.Object({
  totalCount: Type.Integer(),
  currentPage: Type.Integer(),
  pageCount: Type.Integer(),
  perPage: Type.Integer(),
});
