import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { Empty } from '@shop/contract/schemas/auth';
import { Id, responses } from '@shop/contract/schemas/common';
import {
  ActivityPage,
  AlternateEmailBody,
  ChangePasswordBody,
  DashboardStats,
  HearAboutUsBody,
  InterestOption,
  InterestsBody,
  PageQuery,
  Profile,
  ProfileBody,
  ProfileStats,
} from '@shop/contract/schemas/member';
import { callerId } from '../hooks/callerId';
import { bearerTokenOf, requireMember } from '../hooks/optionalAuth';
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
} from '../services/memberAccount';
import type { RouteDeps } from './deps';

/** The member area's account calls (spec 000 §7, spec 001 §7 Member area); all need a token. */
export const memberAccountRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (
  app,
  { database, accounts },
) => {
  const { db } = database;
  const tags = ['member account'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', requireMember(db));

  app.get(
    '/buyers/dashboard-stats',
    {
      schema: { tags, security, summary: 'The dashboard’s four boxes', response: responses(DashboardStats) },
    },
    async (request) => ({ status: true as const, data: await dashboardStats(db, callerId(request)) }),
  );

  app.get(
    '/buyers-log',
    {
      schema: {
        tags,
        security,
        summary: 'Recent Activities: the activity log, newest first, paged',
        querystring: PageQuery,
        response: responses(ActivityPage),
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
        security,
        summary: 'The member’s profile',
        response: responses(Type.Object({ user: Profile })),
      },
    },
    async (request) => ({ status: true as const, data: { user: await profileOf(db, callerId(request)) } }),
  );

  app.get(
    '/buyers/profile-stats',
    {
      schema: {
        tags,
        security,
        summary: 'The profile overview’s prompt flags',
        description:
          'profileUpdateRequired: mobile, gender, country or age group missing. alternateEmailUpdateRequired: no alternate e-mail. interestsUpdatedRequired: no interest chosen. passwordUpdatedRequired: the password was last set more than 180 days ago (the account’s creation counts when it was never changed).',
        response: responses(ProfileStats),
      },
    },
    async (request) => ({ status: true as const, data: await profileStats(db, callerId(request)) }),
  );

  app.get(
    '/buyers/get-interest-options',
    {
      schema: {
        tags,
        security,
        summary: 'Interest options, the member’s own checked',
        response: responses(Type.Object({ interests: Type.Array(InterestOption) })),
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
        security,
        summary: "Replace the member's interests (at least one, else 422 'Select at-least one option')",
        body: InterestsBody,
        response: responses(Type.Object({ interests: Type.Array(InterestOption) })),
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
        security,
        summary: '"How did you hear about us" options, the member’s own checked',
        response: responses(Type.Object({ options: Type.Array(InterestOption) })),
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
        security,
        summary: "Replace the member's answers {options: id[]} (at least one)",
        body: HearAboutUsBody,
        response: responses(Type.Object({ options: Type.Array(InterestOption) })),
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
        security,
        summary: 'Update the profile (only the caller’s own id, else 403; the e-mail is read-only)',
        params: Type.Object({ id: Id() }),
        body: ProfileBody,
        response: responses(Type.Object({ user: Profile })),
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
        security,
        summary: 'Set (or clear with an empty value) the alternate e-mail',
        description:
          'Optional, valid when given; never the primary e-mail, nor any other member’s primary or alternate e-mail (422).',
        body: AlternateEmailBody,
        response: responses(Type.Object({ user: Profile })),
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
        security,
        summary: 'Change the password; ends every other session of the member',
        description:
          'A wrong old password is 422 OLD_PASSWORD_WRONG. On success every other token of the member is deleted; the calling token keeps working.',
        body: ChangePasswordBody,
        response: responses(Empty),
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
