/**
 * Module remotes: `/remote-loads`, `/remote-errors` (what browsers report) and `/admin/remotes/*`
 * (the registry's checked operations, an admin's token only; the CLI `npm run remotes` calls these).
 * Endpoints: contract/src/schemas/remotes.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RemoteName } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { limitOf } from '../../hooks/rateLimits';
import { endpointSchema } from '../../http/endpoint';
import { audited, auditIn, guardAdminRoutes } from '../admin/audit';
import { abortCanary, promote, rollback, startCanary } from './operations';
import { acceptableEntry, mintOverride, OVERRIDE_QUERY } from './overrides';
import { readCohort } from './pageRegistry';
import { historyOf, type RegistryRow } from './registry';

/** Reports from browsers: answered 200 at once, counted when they name a version being served. */
export const remoteReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { releases, rateLimits } = app.deps;
  const config = { rateLimit: limitOf(rateLimits, 'remoteReports') };
  const schema = {
    tags: ['remotes'],
    description:
      'Sent by the shell (navigator.sendBeacon), at most once per remote, version and kind per page. Counted only for a version the registry is serving; drives the canary auto-abort.',
  };
  app.post(
    '/remote-loads',
    { config, schema: { ...schema, ...endpointSchema('POST remote-loads') } },
    async (request) => {
      await releases.reports.loaded(request.body.remote, request.body.version, readCohort(request));
      return { status: true as const, data: {} };
    },
  );
  app.post(
    '/remote-errors',
    { config, schema: { ...schema, ...endpointSchema('POST remote-errors') } },
    async (request) => {
      await releases.reports.failed(request.body, readCohort(request));
      return { status: true as const, data: {} };
    },
  );
};

/** `admin/remotes/*`: status, versions, history, and the checked changes. */
export const remoteAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, releases } = app.deps;
  const { db } = database;
  // Owners only (issue 21: staff cannot manage remote releases); every change is audited.
  guardAdminRoutes(app, db, 'owner');
  const base = {
    tags: ['remotes'],
    security: [{ bearer: [] }],
    description:
      "An owner's bearer token only: none or an expired one 401, a buyer's or a staff admin's 403.",
  };
  const change = (
    request: FastifyRequest,
    remote: RemoteName,
    body: { reason: string; ifRevision?: number },
  ) => ({
    remote,
    actor: request.admin?.email ?? 'admin',
    reason: body.reason,
    ...(body.ifRevision === undefined ? {} : { ifRevision: body.ifRevision }),
    audit: auditIn(request),
  });
  const answer = async (row: RegistryRow) => ({
    status: true as const,
    data: { remote: await releases.registry.statusOf(row) },
  });

  app.get('/admin/remotes', { schema: { ...base, ...endpointSchema('GET admin/remotes') } }, async () => ({
    status: true as const,
    data: { remotes: await releases.registry.status() },
  }));

  app.get(
    '/admin/remotes/:remote/versions',
    { schema: { ...base, ...endpointSchema('GET admin/remotes/:remote/versions') } },
    async (request) => ({
      status: true as const,
      data: { versions: await releases.versions(request.params.remote) },
    }),
  );

  app.get(
    '/admin/remotes/:remote/history',
    { schema: { ...base, ...endpointSchema('GET admin/remotes/:remote/history') } },
    async (request) => ({
      status: true as const,
      data: { history: await historyOf(db, request.params.remote) },
    }),
  );

  app.post(
    '/admin/remotes/:remote/promote',
    {
      schema: {
        ...base,
        ...endpointSchema('POST admin/remotes/:remote/promote'),
        description: `${base.description} The version is checked first (files, exposed modules, bus contract, shared modules): refused 409 RELEASE_REFUSED with the reason; unknown 404; a stale ifRevision 409 REGISTRY_CHANGED.`,
      },
    },
    async (request) =>
      answer(
        await promote(db, releases.checker, {
          ...change(request, request.params.remote, request.body),
          version: request.body.version,
        }),
      ),
  );

  app.post(
    '/admin/remotes/:remote/canary',
    {
      schema: {
        ...base,
        ...endpointSchema('POST admin/remotes/:remote/canary'),
        description: `${base.description} Checked like promote. The share is sticky per shopper (cohort cookie). The server ends the canary by itself when its failure rate passes the rule (CANARY_ABORT_*).`,
      },
    },
    async (request) =>
      answer(
        await startCanary(db, releases.checker, {
          ...change(request, request.params.remote, request.body),
          version: request.body.version,
          percent: request.body.percent,
        }),
      ),
  );

  app.post(
    '/admin/remotes/:remote/rollback',
    { schema: { ...base, ...endpointSchema('POST admin/remotes/:remote/rollback') } },
    async (request) =>
      answer(await rollback(db, releases.checker, change(request, request.params.remote, request.body))),
  );

  app.post(
    '/admin/remotes/:remote/abort',
    { schema: { ...base, ...endpointSchema('POST admin/remotes/:remote/abort') } },
    async (request) => answer(await abortCanary(db, change(request, request.params.remote, request.body))),
  );

  app.post(
    '/admin/remotes/:remote/prune',
    { schema: { ...base, ...endpointSchema('POST admin/remotes/:remote/prune') } },
    async (request) => {
      const removed = await releases.prune(request.params.remote, auditIn(request));
      request.log.info(
        { remote: request.params.remote, removed, admin: request.admin?.email },
        'releases pruned',
      );
      return { status: true as const, data: { removed } };
    },
  );

  app.post(
    '/admin/remotes/overrides',
    {
      schema: {
        ...base,
        ...endpointSchema('POST admin/remotes/overrides'),
        description: `${base.description} The entry must be https, or http on localhost. Open the answer's path in the developer's browser; \`/?${OVERRIDE_QUERY}=clear\` ends it.`,
      },
    },
    async (request) => {
      const { remote, entry, minutes = 480 } = request.body;
      if (!acceptableEntry(entry, 'signed-any')) {
        throw AppError.badRequest(
          'The entry must be a remoteEntry.js over https, or over http on localhost.',
          {
            entry: 'https, or http on localhost',
          },
        );
      }
      const adminId = request.admin?.id;
      if (adminId === undefined) throw new Error('the admin guard let a request through without an admin');
      const { token, expiresAt } = await audited(db, request, (tx) =>
        mintOverride(tx, adminId, { remote, entry }, minutes),
      );
      return {
        status: true as const,
        data: { token, expiresAt: expiresAt.toISOString(), path: `/?${OVERRIDE_QUERY}=${token}` },
      };
    },
  );
};
