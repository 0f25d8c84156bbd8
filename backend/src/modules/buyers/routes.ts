/**
 * Module buyers: `/buyers/*` and `/buyers-log`. This file: signing in and out, member, express
 * guest and wishlist-only sign-up, password recovery. The member's own account (dashboard,
 * profile, interests, password, activity log) is in accountRoutes.ts (services: account.ts).
 * Endpoints: contract/src/schemas/buyers.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerTokenOf, requireAuth } from '../../hooks/optionalAuth';
import { limitOf } from '../../hooks/rateLimits';
import { endpointSchema } from '../../http/endpoint';
import { resolveBuyer } from '../../services/auth';
import {
  assertResetHashValid,
  isMemberEmail,
  login,
  logout,
  register,
  registerGuest,
  registerWishlist,
  requestPasswordReset,
  resetPassword,
} from '../../services/buyers';

export const buyerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, accounts, rateLimits } = app.deps;
  const { db } = database;
  const tags = ['buyers'];
  const bearer: { [label: string]: string[] }[] = [{ bearer: [] }];
  const optionalBearer: { [label: string]: string[] }[] = [{ bearer: [] }, {}];

  // The dummy hash is ready before the first sign-in of an unknown e-mail.
  app.addHook('onReady', () => accounts.hasher.warm());

  app.post(
    '/buyers/login',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyers/login'),
        description:
          '401 INVALID_CREDENTIALS for a wrong password and an unknown e-mail alike; 429 with Retry-After after too many failures per IP, per IP + e-mail or per account (from every IP).',
      },
    },
    async (request) => ({
      status: true as const,
      data: await login(accounts, { body: request.body, ip: request.ip }),
    }),
  );

  app.post(
    '/buyers/logout',
    {
      onRequest: requireAuth(db),
      // The spec sends an empty body; a POST with no body at all is just as fine.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        ...endpointSchema('POST buyers/logout'),
        security: bearer,
      },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      if (token) await logout(db, token);
      return { status: true as const, data: {} };
    },
  );

  app.get(
    '/buyers/is-logged-in',
    {
      schema: {
        tags,
        ...endpointSchema('GET buyers/is-logged-in'),
        security: optionalBearer,
      },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      const buyer = token ? await resolveBuyer(db, token) : null;
      return { status: true as const, data: { is_logged_in: buyer !== null } };
    },
  );

  app.post(
    '/buyers/check-email-exist',
    {
      config: { rateLimit: limitOf(rateLimits, 'checkEmailExist') },
      schema: {
        tags,
        ...endpointSchema('POST buyers/check-email-exist'),
      },
    },
    async (request) => ({
      status: true as const,
      data: { emailExist: await isMemberEmail(db, request.body) },
    }),
  );

  app.post(
    '/buyers/register',
    {
      config: { rateLimit: limitOf(rateLimits, 'signUp') },
      schema: {
        tags,
        ...endpointSchema('POST buyers/register'),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ status: true as const, data: await register(accounts, request.body) }),
  );

  app.post(
    '/buyers/register-guest',
    {
      config: { rateLimit: limitOf(rateLimits, 'registerGuest') },
      schema: {
        tags,
        ...endpointSchema('POST buyers/register-guest'),
        description:
          'Never returns an existing account: each call creates a fresh Guest identity (a guest row and token) that owns only the guest cart whose guest_cart_session_token it brings. An e-mail that belongs to a member answers 409 EMAIL_EXISTS (the panel recommends signing in). Several guests may share an e-mail; joining their history to an account needs proof of e-mail ownership.',
      },
    },
    async (request, reply) =>
      reply.code(201).send({ status: true as const, data: await registerGuest(accounts, request.body) }),
  );

  app.post(
    '/buyers/register-wishlist',
    {
      config: { rateLimit: limitOf(rateLimits, 'registerWishlist') },
      schema: {
        tags,
        ...endpointSchema('POST buyers/register-wishlist'),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ status: true as const, data: { user: await registerWishlist(db, request.body) } }),
  );

  app.post(
    '/buyers/forgot-password',
    {
      config: { rateLimit: limitOf(rateLimits, 'forgotPassword') },
      schema: {
        tags,
        ...endpointSchema('POST buyers/forgot-password'),
        description:
          'Deliberately never returns the reset hash (spec 001 says the response hash is stored locally): it only travels in the e-mail.',
      },
    },
    async (request) => {
      await requestPasswordReset(accounts, request.body, request.log);
      return { status: true as const, data: { sent: true as const } };
    },
  );

  app.post(
    '/buyers/check-reset-password-hash',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyers/check-reset-password-hash'),
      },
    },
    async (request) => {
      await assertResetHashValid(db, request.body.hash);
      return { status: true as const, data: { status: 'success' as const } };
    },
  );

  app.post(
    '/buyers/reset-password',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyers/reset-password'),
      },
    },
    async (request) => {
      await resetPassword(accounts, request.body);
      return { status: true as const, data: {} };
    },
  );
};
