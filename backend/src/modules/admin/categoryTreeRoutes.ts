/**
 * `admin/category-tree*` (issue 22): the category tree in the back office, for owners and staff.
 * Registered inside adminRoutes, so behind its guard; every change is audited with the entry's
 * editable fields before and after, in the change's transaction. The rules are categoryTree.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { slugFromName, type TaxonomyLevel } from '@shop/contract/schemas/categoryTree';
import { endpointSchema } from '../../http/endpoint';
import { isUniqueViolation } from '../../services/buyers';
import { audited, STAFF_ROUTE_SCHEMA } from './audit';
import {
  categoryTree,
  createEntry,
  deleteEntry,
  entrySnapshot,
  moveEntryTo,
  slugTakenInRace,
  updateEntry,
} from './categoryTree';

export const categoryTreeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const schema = STAFF_ROUTE_SCHEMA;
  const snapshot = (level: TaxonomyLevel, id: number) => ({
    before: (tx: typeof db) => entrySnapshot(tx, level, id),
    after: (tx: typeof db) => entrySnapshot(tx, level, id),
  });

  app.get(
    '/admin/category-tree',
    { schema: { ...schema, ...endpointSchema('GET admin/category-tree') } },
    async () => ({ status: true as const, data: await categoryTree(db) }),
  );

  app.post(
    '/admin/category-tree/:level',
    { schema: { ...schema, ...endpointSchema('POST admin/category-tree/:level') } },
    async (request, reply) => {
      const { level } = request.params;
      const create = () =>
        audited(db, request, (tx) => createEntry(tx, level, request.body), {
          after: (tx, created) => entrySnapshot(tx, level, created.id),
          objectId: (created) => `${level}/${created.id}`,
        });
      const given = request.body.slug;
      const entry = await create()
        .catch((error: unknown) => {
          // Two entries of one name at once: the one that lost the slug made from it takes the next
          // number (its first transaction rolled back whole, audit row included).
          if (!given && isUniqueViolation(error)) return create();
          throw error;
        })
        .catch((error: unknown) => {
          throw slugTakenInRace(error, given || slugFromName(request.body.name), level);
        });
      return reply.code(201).send({ status: true as const, data: { entry } });
    },
  );

  app.put(
    '/admin/category-tree/:level/:id',
    { schema: { ...schema, ...endpointSchema('PUT admin/category-tree/:level/:id') } },
    async (request) => {
      const { level, id } = request.params;
      const entry = await audited(
        db,
        request,
        (tx) => updateEntry(tx, level, id, request.body),
        snapshot(level, id),
      ).catch((error: unknown) => {
        throw slugTakenInRace(error, request.body.slug, level);
      });
      return { status: true as const, data: { entry } };
    },
  );

  app.post(
    '/admin/category-tree/:level/:id/position',
    { schema: { ...schema, ...endpointSchema('POST admin/category-tree/:level/:id/position') } },
    async (request) => {
      const { level, id } = request.params;
      const entry = await audited(
        db,
        request,
        (tx) => moveEntryTo(tx, level, id, request.body.position),
        snapshot(level, id),
      );
      return { status: true as const, data: { entry } };
    },
  );

  app.delete(
    '/admin/category-tree/:level/:id',
    { schema: { ...schema, ...endpointSchema('DELETE admin/category-tree/:level/:id') } },
    async (request) => {
      const { level, id } = request.params;
      await audited(db, request, (tx) => deleteEntry(tx, level, id), {
        before: (tx) => entrySnapshot(tx, level, id),
      });
      return { status: true as const, data: {} };
    },
  );
};
