import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import {
  createdResponses,
  EmailBody,
  Empty,
  LoginBody,
  RegisterBody,
  RegisterGuestBody,
  RegisterWishlistBody,
  ResetHashBody,
  ResetPasswordBody,
  SignedIn,
  WishlistUser,
} from '@shop/contract/schemas/auth';
import { responses } from '@shop/contract/schemas/common';
import { bearerTokenOf, requireAuth } from '../hooks/optionalAuth';
import { limitOf } from '../hooks/rateLimits';
import { resolveBuyer } from '../services/auth';
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
} from '../services/buyers';
import type { RouteDeps } from './deps';

export const buyerRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (
  app,
  { database, accounts, rateLimits },
) => {
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
        summary: 'Sign in (merges the guest cart into the member cart, each line cut to the stock)',
        description:
          '401 INVALID_CREDENTIALS for a wrong password and an unknown e-mail alike; 429 with Retry-After after too many failures per IP, per IP + e-mail or per account (from every IP).',
        body: LoginBody,
        response: responses(SignedIn),
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
        summary: 'Sign out: the token stops working',
        security: bearer,
        body: Empty,
        response: responses(Empty),
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
        summary: 'Whether the bearer token (if any) is a live session; never 401',
        security: optionalBearer,
        response: responses(Type.Object({ is_logged_in: Type.Boolean() })),
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
        summary: 'Whether a member account uses this e-mail',
        body: EmailBody,
        response: responses(Type.Object({ emailExist: Type.Boolean() })),
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
        summary: 'Member registration (signs in, merges the guest cart)',
        body: RegisterBody,
        response: createdResponses(SignedIn),
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
        summary: 'Express (guest) checkout sign-up: a NEW Guest buyer with a token, every time',
        description:
          'Never returns an existing account: each call creates a fresh Guest identity (a guest row and token) that owns only the guest cart whose guest_cart_session_token it brings. An e-mail that belongs to a member answers 409 EMAIL_EXISTS (the panel recommends signing in). Several guests may share an e-mail; joining their history to an account needs proof of e-mail ownership.',
        body: RegisterGuestBody,
        response: createdResponses(SignedIn),
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
        summary: 'Wishlist-only registration (just an e-mail)',
        body: RegisterWishlistBody,
        response: createdResponses(Type.Object({ user: WishlistUser })),
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
        summary: 'Mail a reset link (same answer whether or not the account exists)',
        description:
          'Deliberately never returns the reset hash (spec 001 says the response hash is stored locally): it only travels in the e-mail.',
        body: EmailBody,
        response: responses(Type.Object({ sent: Type.Literal(true) })),
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
        summary: 'Whether a reset link is valid (unused, unexpired); 404 otherwise',
        body: ResetHashBody,
        response: responses(Type.Object({ status: Type.Literal('success') })),
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
        summary: 'Set a new password with a reset link; signs out every session',
        body: ResetPasswordBody,
        response: responses(Empty),
      },
    },
    async (request) => {
      await resetPassword(accounts, request.body);
      return { status: true as const, data: {} };
    },
  );
};
