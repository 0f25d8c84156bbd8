import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerId } from '../../hooks/callerId';
import { bearerTokenOf, requireMember } from '../../hooks/optionalAuth';
import { endpointSchema } from '../../http/endpoint';
import {
  activityLog,
  changePassword,
  dashboardStats,
  hearAboutUsOptionsOf,
  interestOptionsOf,
  profileOf,
  profileStats,
  updateAlternateEmail,
  updateHearAboutUs,
  updateInterests,
  updateProfile,
} from './account';

/** The member area's account calls (spec 000 §7, spec 001 §7 Member area); all need a token. */
export const memberAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, accounts } = app.deps;
  const { db } = database;
  const tags = ['member account'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', requireMember(db));

  app.get(
    '/buyers/dashboard-stats',
    { schema: { tags, security, ...endpointSchema('GET buyers/dashboard-stats') } },
    async (request) => ({ status: true as const, data: await dashboardStats(db, callerId(request)) }),
  );

  app.get(
    '/buyers-log',
    {
      schema: {
        tags,
        ...endpointSchema('GET buyers-log'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: await activityLog(db, callerId(request), request.query.page ?? 1),
    }),
  );

  app.get(
    '/buyers/profile',
    {
      schema: {
        tags,
        ...endpointSchema('GET buyers/profile'),
        security,
      },
    },
    async (request) => ({ status: true as const, data: { user: await profileOf(db, callerId(request)) } }),
  );

  app.get(
    '/buyers/profile-stats',
    {
      schema: {
        tags,
        ...endpointSchema('GET buyers/profile-stats'),
        security,
        description:
          'profileUpdateRequired: mobile, gender, country or age group missing. alternateEmailUpdateRequired: no alternate e-mail. interestsUpdatedRequired: no interest chosen. passwordUpdatedRequired: the password was last set more than 180 days ago (the account’s creation counts when it was never changed).',
      },
    },
    async (request) => ({ status: true as const, data: await profileStats(db, callerId(request)) }),
  );

  app.get(
    '/buyers/get-interest-options',
    {
      schema: {
        tags,
        ...endpointSchema('GET buyers/get-interest-options'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: { interests: await interestOptionsOf(db, callerId(request)) },
    }),
  );

  app.post(
    '/buyers/update-interests',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyers/update-interests'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: { interests: await updateInterests(db, callerId(request), request.body) },
    }),
  );

  app.get(
    '/buyers/get-hear-about-us-options',
    {
      schema: {
        tags,
        ...endpointSchema('GET buyers/get-hear-about-us-options'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: { options: await hearAboutUsOptionsOf(db, callerId(request)) },
    }),
  );

  app.post(
    '/buyers/update-hear-about-us',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyers/update-hear-about-us'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: { options: await updateHearAboutUs(db, callerId(request), request.body) },
    }),
  );

  app.post(
    '/buyers/update/:id',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyers/update/:id'),
        security,
      },
    },
    async (request) => ({
      status: true as const,
      data: { user: await updateProfile(db, callerId(request), request.params.id, request.body) },
    }),
  );

  app.post(
    '/buyers/update-alternate-email',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyers/update-alternate-email'),
        security,
        description:
          'Optional, valid when given; never the primary e-mail, nor any other member’s primary or alternate e-mail (422).',
      },
    },
    async (request) => ({
      status: true as const,
      data: { user: await updateAlternateEmail(db, callerId(request), request.body) },
    }),
  );

  app.post(
    '/buyers/change-password',
    {
      schema: {
        tags,
        ...endpointSchema('POST buyers/change-password'),
        security,
        description:
          'A wrong old password is 422 OLD_PASSWORD_WRONG. On success every other token of the member is deleted; the calling token keeps working.',
      },
    },
    async (request) => {
      await changePassword(
        accounts,
        callerId(request),
        bearerTokenOf(request) ?? '',
        request.ip,
        request.body,
      );
      return { status: true as const, data: {} };
    },
  );
};
