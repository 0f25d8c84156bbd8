/**
 * A product's stock in the back office (issue 22, backend/src/modules/admin/stockRoutes.ts):
 * setting or moving it with a reason, and its log (every change: an admin's, an import's, an
 * order placed or canceled). Owners and staff.
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Id, INT4_MAX, ListMeta, Nullable, PageNumber } from './common';

/** Why the stock changed: kept in the stock log and the audit log. */
export const STOCK_REASON_MAX_LENGTH = 500;
export const STOCK_LOG_PER_PAGE = 20;
export const STOCK_MESSAGES = {
  oneOf: 'Give either the new quantity or the change (delta), not both.',
  reason: 'Write the reason for the change.',
  negative: 'The stock cannot go below 0.',
  tooLarge: `The stock can be at most ${INT4_MAX}.`,
  notFound: 'Product not found.',
} as const;

export const StockChangeBody = Type.Object(
  {
    quantity: Type.Optional(
      Type.Integer({ minimum: 0, maximum: INT4_MAX, description: 'The new stock (or give delta)' }),
    ),
    delta: Type.Optional(
      Type.Integer({
        minimum: -INT4_MAX,
        maximum: INT4_MAX,
        description: 'Pieces added (positive) or taken (negative)',
      }),
    ),
    reason: Type.String({ minLength: 1, maxLength: STOCK_REASON_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type StockChangeBody = Static<typeof StockChangeBody>;

export const STOCK_SOURCES = ['admin', 'import', 'checkout', 'cancel'] as const;
export const StockSource = Type.Union(STOCK_SOURCES.map((source) => Type.Literal(source)));

export const StockChange = Type.Object({
  product_id: Type.Integer(),
  before: Type.Integer(),
  after: Type.Integer(),
  /** Notify-me requests mailed because the product came back in stock (0 → more). */
  notified: Type.Integer({ description: 'Notify-me e-mails queued: the product came back in stock' }),
});
export type StockChange = Static<typeof StockChange>;
export const StockChangeAnswer = Type.Object({ stock: StockChange });

export const StockLogEntry = Type.Object({
  id: Type.Integer(),
  source: StockSource,
  before: Type.Integer(),
  after: Type.Integer(),
  reason: Type.String(),
  admin_email: Nullable(Type.String({ description: 'null for an order placed or canceled' })),
  created_at: Type.String(),
});
export type StockLogEntry = Static<typeof StockLogEntry>;

export const StockLogPage = Type.Object({
  product: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    title: Type.String(),
    stock_quantity: Type.Integer(),
    waiting: Type.Integer({ description: 'Notify-me requests waiting for the product' }),
  }),
  items: Type.Array(StockLogEntry),
  _meta: ListMeta,
});
export type StockLogPage = Static<typeof StockLogPage>;

export const ProductIdParams = Type.Object({ id: Id() });

export const stockEndpoints = endpoints({
  'POST admin/products/:id/stock': {
    summary:
      "Set a product's stock (quantity) or move it (delta), with a reason (owners and staff); logged. Coming back in stock (0 → more) queues the product's notify-me e-mails, each once",
    params: ProductIdParams,
    body: StockChangeBody,
    response: StockChangeAnswer,
  },
  'GET admin/products/:id/stock-log': {
    summary: "A product's stock and its changes, newest first, 20 a page (owners and staff)",
    params: ProductIdParams,
    querystring: Type.Object({ page: Type.Optional(PageNumber()) }),
    response: StockLogPage,
  },
});
