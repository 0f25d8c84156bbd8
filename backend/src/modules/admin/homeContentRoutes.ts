/**
 * `admin/home*` (issue 22): the home page's slides, banners, deal of the day and category blocks,
 * for owners and staff (registered inside adminRoutes, behind its guard). Every change runs in
 * one transaction with its audit row, which keeps the changed object's editable fields before and
 * after; every answer is the whole content again. Rules: homeContent.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { banners, heroSlides } from '../../db/schema';
import { endpointSchema } from '../../http/endpoint';
import { type AuditSnapshots, audited } from './audit';
import {
  addBanner,
  addSlide,
  bannerSnapshot,
  blockSnapshot,
  changeBanner,
  changeSlide,
  dealSnapshot,
  endDeal,
  homeContent,
  moveOrdered,
  removeBlock,
  removeOrdered,
  setBlock,
  setDeal,
  slideSnapshot,
} from './homeContent';

export const homeContentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const schema = {
    tags: ['admin'],
    security: [{ bearer: [] }],
    description: "An admin's bearer token (staff or owner): none or an expired one 401, a buyer's 403.",
  };
  /** Runs a change with its audit row (before and after), then answers the whole content. */
  const change = async <T>(
    request: FastifyRequest,
    action: (tx: Database) => Promise<T>,
    snapshots: AuditSnapshots<T>,
  ) => {
    await audited(db, request, action, snapshots);
    return { status: true as const, data: await homeContent(db) };
  };

  app.get('/admin/home', { schema: { ...schema, ...endpointSchema('GET admin/home') } }, async () => ({
    status: true as const,
    data: await homeContent(db),
  }));

  // ------------------------------------------------------------ hero slides
  app.post(
    '/admin/home/slides',
    { schema: { ...schema, ...endpointSchema('POST admin/home/slides') } },
    async (request, reply) =>
      reply.code(201).send(
        await change(request, (tx) => addSlide(tx, request.body), {
          after: (tx, id) => slideSnapshot(tx, id),
          objectId: (id) => String(id),
        }),
      ),
  );
  app.put(
    '/admin/home/slides/:id',
    { schema: { ...schema, ...endpointSchema('PUT admin/home/slides/:id') } },
    async (request) => {
      const { id } = request.params;
      return change(request, (tx) => changeSlide(tx, id, request.body), {
        before: (tx) => slideSnapshot(tx, id),
        after: (tx) => slideSnapshot(tx, id),
      });
    },
  );
  app.delete(
    '/admin/home/slides/:id',
    { schema: { ...schema, ...endpointSchema('DELETE admin/home/slides/:id') } },
    async (request) => {
      const { id } = request.params;
      return change(request, (tx) => removeOrdered(tx, heroSlides, id, 'slide'), {
        before: (tx) => slideSnapshot(tx, id),
        after: async () => null,
      });
    },
  );
  app.post(
    '/admin/home/slides/:id/move',
    { schema: { ...schema, ...endpointSchema('POST admin/home/slides/:id/move') } },
    async (request) => {
      const { id } = request.params;
      return change(request, (tx) => moveOrdered(tx, heroSlides, id, request.body.direction, 'slide'), {
        before: (tx) => slideSnapshot(tx, id),
        after: (tx) => slideSnapshot(tx, id),
      });
    },
  );

  // ------------------------------------------------------------ banners
  app.post(
    '/admin/home/banners',
    { schema: { ...schema, ...endpointSchema('POST admin/home/banners') } },
    async (request, reply) =>
      reply.code(201).send(
        await change(request, (tx) => addBanner(tx, request.body), {
          after: (tx, id) => bannerSnapshot(tx, id),
          objectId: (id) => String(id),
        }),
      ),
  );
  app.put(
    '/admin/home/banners/:id',
    { schema: { ...schema, ...endpointSchema('PUT admin/home/banners/:id') } },
    async (request) => {
      const { id } = request.params;
      return change(request, (tx) => changeBanner(tx, id, request.body), {
        before: (tx) => bannerSnapshot(tx, id),
        after: (tx) => bannerSnapshot(tx, id),
      });
    },
  );
  app.delete(
    '/admin/home/banners/:id',
    { schema: { ...schema, ...endpointSchema('DELETE admin/home/banners/:id') } },
    async (request) => {
      const { id } = request.params;
      return change(request, (tx) => removeOrdered(tx, banners, id, 'banner'), {
        before: (tx) => bannerSnapshot(tx, id),
        after: async () => null,
      });
    },
  );
  app.post(
    '/admin/home/banners/:id/move',
    { schema: { ...schema, ...endpointSchema('POST admin/home/banners/:id/move') } },
    async (request) => {
      const { id } = request.params;
      return change(request, (tx) => moveOrdered(tx, banners, id, request.body.direction, 'banner'), {
        before: (tx) => bannerSnapshot(tx, id),
        after: (tx) => bannerSnapshot(tx, id),
      });
    },
  );

  // ------------------------------------------------------------ the deal of the day
  app.put(
    '/admin/home/deal',
    { schema: { ...schema, ...endpointSchema('PUT admin/home/deal') } },
    async (request) =>
      change(request, (tx) => setDeal(tx, request.body), {
        before: (tx) => dealSnapshot(tx),
        after: (tx) => dealSnapshot(tx),
      }),
  );
  app.delete(
    '/admin/home/deal',
    { schema: { ...schema, ...endpointSchema('DELETE admin/home/deal') } },
    async (request) =>
      change(request, (tx) => endDeal(tx), { before: (tx) => dealSnapshot(tx), after: async () => null }),
  );

  // ------------------------------------------------------------ category blocks
  app.put(
    '/admin/home/category-blocks/:position',
    { schema: { ...schema, ...endpointSchema('PUT admin/home/category-blocks/:position') } },
    async (request) => {
      const { position } = request.params;
      return change(request, (tx) => setBlock(tx, position, request.body), {
        before: (tx) => blockSnapshot(tx, position),
        after: (tx) => blockSnapshot(tx, position),
      });
    },
  );
  app.delete(
    '/admin/home/category-blocks/:position',
    { schema: { ...schema, ...endpointSchema('DELETE admin/home/category-blocks/:position') } },
    async (request) => {
      const { position } = request.params;
      return change(request, (tx) => removeBlock(tx, position), {
        before: (tx) => blockSnapshot(tx, position),
        after: async () => null,
      });
    },
  );
};
