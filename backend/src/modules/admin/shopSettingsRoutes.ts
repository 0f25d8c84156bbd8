/**
 * The back office's shop settings (issue 22), registered inside adminRoutes, so behind its guard
 * (admin token; every change audited in its transaction, with the object before and after):
 * currencies, shipping fees and the free-shipping threshold, site settings (owners only: staff
 * 403, with a refusal row), and the content pages (owners and staff). Services: shopSettings.ts,
 * contentPages.ts. The preview of a page changes nothing, so it is not here: adminPreviewRoutes
 * (registered beside adminRoutes) has the admin check without the audit's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAdmin } from '../../hooks/requireAdmin';
import { endpointSchema } from '../../http/endpoint';
import { audited, ownersOnly } from './audit';
import {
  listEditablePages,
  pageSnapshot,
  previewPage,
  readEditablePage,
  writeEditablePage,
} from './contentPages';
import {
  createCurrency,
  currencySnapshot,
  defaultCurrencySnapshot,
  listAdminCurrencies,
  readShipping,
  readSiteSettings,
  removeCurrency,
  setDefaultCurrency,
  updateCurrency,
  writeShipping,
  writeSiteSettings,
} from './shopSettings';

const SCHEMA = {
  tags: ['admin'],
  security: [{ bearer: [] }],
  description: "An admin's bearer token only: none or an expired one 401, a buyer's 403.",
};
const OWNERS = {
  ...SCHEMA,
  description: "An owner's bearer token only: none or an expired one 401, a buyer's or a staff admin's 403.",
};

export const shopSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, checkout } = app.deps;
  const { db } = database;
  const owners = { onRequest: ownersOnly };

  // ------------------------------------------------------------ currencies (owners only)
  app.get(
    '/admin/currencies',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('GET admin/currencies') } },
    async () => ({
      status: true as const,
      data: { items: await listAdminCurrencies(db) },
    }),
  );

  app.post(
    '/admin/currencies',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('POST admin/currencies') } },
    async (request, reply) => {
      const currency = await audited(db, request, (tx) => createCurrency(tx, request.body), {
        after: (tx, created) => currencySnapshot(tx, created.code),
        objectId: (created) => created.code,
      });
      return reply.code(201).send({ status: true as const, data: { currency } });
    },
  );

  app.put(
    '/admin/currencies/:code',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('PUT admin/currencies/:code') } },
    async (request) => {
      const { code } = request.params;
      const currency = await audited(db, request, (tx) => updateCurrency(tx, code, request.body), {
        before: (tx) => currencySnapshot(tx, code),
        after: (tx) => currencySnapshot(tx, code),
      });
      return { status: true as const, data: { currency } };
    },
  );

  app.delete(
    '/admin/currencies/:code',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('DELETE admin/currencies/:code') } },
    async (request) => {
      const { code } = request.params;
      const items = await audited(db, request, (tx) => removeCurrency(tx, code), {
        before: (tx) => currencySnapshot(tx, code),
        after: async () => null,
      });
      return { status: true as const, data: { items } };
    },
  );

  app.post(
    '/admin/currencies/:code/default',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('POST admin/currencies/:code/default') } },
    async (request) => {
      const items = await audited(db, request, (tx) => setDefaultCurrency(tx, request.params.code), {
        before: (tx) => defaultCurrencySnapshot(tx),
        after: (tx) => defaultCurrencySnapshot(tx),
      });
      return { status: true as const, data: { items } };
    },
  );

  // ------------------------------------------------------------ shipping (owners only)
  app.get(
    '/admin/shipping',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('GET admin/shipping') } },
    async () => ({
      status: true as const,
      data: await readShipping(db, checkout.freeShippingOverUsd),
    }),
  );

  app.put(
    '/admin/shipping',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('PUT admin/shipping') } },
    async (request) => ({
      status: true as const,
      data: await audited(
        db,
        request,
        (tx) => writeShipping(tx, request.body, checkout.freeShippingOverUsd),
        {
          before: (tx) => readShipping(tx, checkout.freeShippingOverUsd),
          after: (tx) => readShipping(tx, checkout.freeShippingOverUsd),
        },
      ),
    }),
  );

  // ------------------------------------------------------------ site settings (owners only)
  app.get(
    '/admin/site-settings',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('GET admin/site-settings') } },
    async () => ({ status: true as const, data: await readSiteSettings(db) }),
  );

  app.put(
    '/admin/site-settings',
    { ...owners, schema: { ...OWNERS, ...endpointSchema('PUT admin/site-settings') } },
    async (request) => ({
      status: true as const,
      data: await audited(db, request, (tx) => writeSiteSettings(tx, request.body), {
        before: (tx) => readSiteSettings(tx),
        after: (tx) => readSiteSettings(tx),
      }),
    }),
  );

  // ------------------------------------------------------------ content pages (owners and staff)
  app.get('/admin/pages', { schema: { ...SCHEMA, ...endpointSchema('GET admin/pages') } }, async () => ({
    status: true as const,
    data: { items: await listEditablePages(db) },
  }));

  app.get(
    '/admin/pages/:page',
    { schema: { ...SCHEMA, ...endpointSchema('GET admin/pages/:page') } },
    async (request) => ({
      status: true as const,
      data: { page: await readEditablePage(db, request.params.page) },
    }),
  );

  app.put(
    '/admin/pages/:page',
    { schema: { ...SCHEMA, ...endpointSchema('PUT admin/pages/:page') } },
    async (request) => {
      const { page } = request.params;
      const saved = await audited(db, request, (tx) => writeEditablePage(tx, page, request.body), {
        before: (tx) => pageSnapshot(tx, page),
        after: (tx) => pageSnapshot(tx, page),
      });
      return { status: true as const, data: { page: saved } };
    },
  );
};

/**
 * `POST admin/pages/preview`: the sanitised HTML of a draft, for the editor's preview. It changes
 * nothing, so it has the admin check but not the audit's (which would take a successful POST
 * without an audit row for a forgotten `audited`); registered beside adminRoutes in app.ts.
 */
export const adminPreviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  if (!app.hasRequestDecorator('admin')) app.decorateRequest('admin', null);
  app.addHook('onRequest', requireAdmin(db));
  app.post(
    '/admin/pages/preview',
    { schema: { ...SCHEMA, ...endpointSchema('POST admin/pages/preview') } },
    async (request) => ({ status: true as const, data: previewPage(request.body.content) }),
  );
};
