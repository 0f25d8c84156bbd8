/**
 * `admin/products*` (issue 22): the back office's products, for owners and staff. Registered
 * inside adminRoutes, so behind its guard; every change is audited with the product's editable
 * fields before and after (services: products.ts); a save's changed stock figure is logged and
 * mails its notify-me requests like the stock panel's (services/stock.ts). Endpoints:
 * contract/src/schemas/adminCatalogue.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpointSchema } from '../../http/endpoint';
import { adminOf, audited, STAFF_ROUTE_SCHEMA } from './audit';
import {
  createProduct,
  listAdminProducts,
  productFormOptions,
  productSnapshot,
  readAdminProduct,
  setArchived,
  updateProduct,
} from './products';

export const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, accounts } = app.deps;
  const { db } = database;
  const schema = STAFF_ROUTE_SCHEMA;

  app.get(
    '/admin/products',
    { schema: { ...schema, ...endpointSchema('GET admin/products') } },
    async (request) => ({ status: true as const, data: await listAdminProducts(db, request.query) }),
  );

  app.get(
    '/admin/products/options',
    { schema: { ...schema, ...endpointSchema('GET admin/products/options') } },
    async () => ({ status: true as const, data: await productFormOptions(db) }),
  );

  app.get(
    '/admin/products/:id',
    { schema: { ...schema, ...endpointSchema('GET admin/products/:id') } },
    async (request) => ({
      status: true as const,
      data: { product: await readAdminProduct(db, request.params.id) },
    }),
  );

  app.post(
    '/admin/products',
    { schema: { ...schema, ...endpointSchema('POST admin/products') } },
    async (request, reply) => {
      const id = await audited(db, request, (tx) => createProduct(tx, request.body), {
        after: (tx, created) => productSnapshot(tx, created),
        objectId: String,
      });
      return reply
        .code(201)
        .send({ status: true as const, data: { product: await readAdminProduct(db, id) } });
    },
  );

  app.put(
    '/admin/products/:id',
    { schema: { ...schema, ...endpointSchema('PUT admin/products/:id') } },
    async (request) => {
      const { id } = request.params;
      const admin = adminOf(request);
      const { notified } = await audited(
        db,
        request,
        (tx) => updateProduct(tx, id, request.body, { id: admin.id, email: admin.email }),
        {
          before: (tx) => productSnapshot(tx, id),
          after: (tx) => productSnapshot(tx, id),
        },
      );
      if (notified > 0) accounts.mailer.wake();
      return { status: true as const, data: { product: await readAdminProduct(db, id) } };
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `/admin/products/:id/${action}`,
      { schema: { ...schema, ...endpointSchema(`POST admin/products/:id/${action}`) } },
      async (request) => {
        const { id } = request.params;
        await audited(db, request, (tx) => setArchived(tx, id, archived), {
          before: async (tx) => ({ archived_at: (await readAdminProduct(tx, id)).archived_at }),
          after: async (tx) => ({ archived_at: (await readAdminProduct(tx, id)).archived_at }),
        });
        return { status: true as const, data: { product: await readAdminProduct(db, id) } };
      },
    );
  }
};
