/**
 * A product's stock in the back office (issue 22; owners and staff), registered inside adminRoutes,
 * so behind its guard: `admin/products/:id/stock` sets or moves it with a reason (the change, its
 * stock log row, the notify-me mails of a product back in stock and the audit row are one
 * transaction), `admin/products/:id/stock-log` reads the log. Rules: services/stock.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { endpointSchema } from '../../http/endpoint';
import { changeStock, stockLogPage } from '../../services/stock';
import { adminOf, audited, STAFF_ROUTE_SCHEMA } from './audit';

/** The audit's picture of a product's stock; locks the row, so the snapshot is the one changed. */
async function stockSnapshot(tx: Database, productId: number) {
  const [row] = await tx
    .select({ slug: products.slug, stock_quantity: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row ?? null;
}

export const stockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, accounts } = app.deps;
  const { db } = database;
  const schema = STAFF_ROUTE_SCHEMA;

  app.post(
    '/admin/products/:id/stock',
    { schema: { ...schema, ...endpointSchema('POST admin/products/:id/stock') } },
    async (request) => {
      const { id } = request.params;
      const admin = adminOf(request);
      const stock = await audited(
        db,
        request,
        (tx) => changeStock(tx, id, request.body, { id: admin.id, email: admin.email }),
        {
          before: (tx) => stockSnapshot(tx, id),
          after: async (tx) => stockSnapshot(tx, id),
        },
      );
      if (stock.notified > 0) accounts.mailer.wake();
      return { status: true as const, data: { stock } };
    },
  );

  app.get(
    '/admin/products/:id/stock-log',
    { schema: { ...schema, ...endpointSchema('GET admin/products/:id/stock-log') } },
    async (request) => ({
      status: true as const,
      data: await stockLogPage(db, request.params.id, request.query.page ?? 1),
    }),
  );
};
