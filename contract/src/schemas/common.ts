/**
 * Building blocks of every route schema. The data shapes mirror shared/src/api/types.ts (the
 * contract the front ends read); `Conforms` below makes the compiler prove that they match.
 */

import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { ListMeta as ListMetaShape } from '../types';
import { AMOUNT_MAX, INT4_MAX, PAGE_MAX } from '../validation/listingLimits';

/** Compile-time proof that what the schema lets through is what the front ends expect. */
export type Conforms<Schema extends TSchema, Shape> =
  Static<Schema> extends Shape ? (Shape extends Static<Schema> ? true : false) : false;
/** One-way proof for shapes TypeBox cannot state exactly (the three-level sitemap). */
export type FitsInto<Schema extends TSchema, Shape> = Static<Schema> extends Shape ? true : false;
export const proved = <T extends true>(_proof?: T): void => undefined;

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
proved<Conforms<typeof ListMeta, ListMetaShape>>();
