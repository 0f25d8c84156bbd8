/**
 * `/buyers/*` and `/buyers-log` (backend/src/modules/buyers): signing in and up (members, express
 * guests, wishlist-only visitors), password recovery, and the member's own account (dashboard,
 * profile, interests, password, activity log). The shapes are in auth.ts (signing in) and
 * member.ts (the account).
 */
import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import {
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
} from './auth';
import { Id } from './common';
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
} from './member';

export const LoggedIn = Type.Object({ is_logged_in: Type.Boolean() });
export const EmailExists = Type.Object({ emailExist: Type.Boolean() });
export const ResetMailSent = Type.Object({ sent: Type.Literal(true) });
export const ResetHashValid = Type.Object({ status: Type.Literal('success') });
export const ProfileAnswer = Type.Object({ user: Profile });
export const Interests = Type.Object({ interests: Type.Array(InterestOption) });
export const HearAboutUsOptions = Type.Object({ options: Type.Array(InterestOption) });
export const BuyerIdParams = Type.Object({ id: Id() });

export const buyersEndpoints = endpoints({
  'POST buyers/login': {
    summary: 'Sign in (merges the guest cart into the member cart, each line cut to the stock)',
    body: LoginBody,
    response: SignedIn,
  },
  'POST buyers/logout': { summary: 'Sign out: the token stops working', body: Empty, response: Empty },
  'GET buyers/is-logged-in': {
    summary: 'Whether the bearer token (if any) is a live session; never 401',
    response: LoggedIn,
  },
  'POST buyers/check-email-exist': {
    summary: 'Whether a member account uses this e-mail',
    body: EmailBody,
    response: EmailExists,
  },
  'POST buyers/register': {
    summary: 'Member registration (signs in, merges the guest cart)',
    body: RegisterBody,
    response: SignedIn,
    created: true,
  },
  'POST buyers/register-guest': {
    summary: 'Express (guest) checkout sign-up: a NEW Guest buyer with a token, every time',
    body: RegisterGuestBody,
    response: SignedIn,
    created: true,
  },
  'POST buyers/register-wishlist': {
    summary: 'Wishlist-only registration (just an e-mail)',
    body: RegisterWishlistBody,
    response: Type.Object({ user: WishlistUser }),
    created: true,
  },
  'POST buyers/forgot-password': {
    summary: 'Mail a reset link (same answer whether or not the account exists)',
    body: EmailBody,
    response: ResetMailSent,
  },
  'POST buyers/check-reset-password-hash': {
    summary: 'Whether a reset link is valid (unused, unexpired); 404 otherwise',
    body: ResetHashBody,
    response: ResetHashValid,
  },
  'POST buyers/reset-password': {
    summary: 'Set a new password with a reset link; signs out every session',
    body: ResetPasswordBody,
    response: Empty,
  },
  'GET buyers/dashboard-stats': { summary: 'The dashboard’s four boxes', response: DashboardStats },
  'GET buyers-log': {
    summary: 'Recent Activities: the activity log, newest first, paged',
    querystring: PageQuery,
    response: ActivityPage,
  },
  'GET buyers/profile': { summary: 'The member’s profile', response: ProfileAnswer },
  'GET buyers/profile-stats': { summary: 'The profile overview’s prompt flags', response: ProfileStats },
  'GET buyers/get-interest-options': {
    summary: 'Interest options, the member’s own checked',
    response: Interests,
  },
  'POST buyers/update-interests': {
    summary: "Replace the member's interests (at least one, else 422 'Select at-least one option')",
    body: InterestsBody,
    response: Interests,
  },
  'GET buyers/get-hear-about-us-options': {
    summary: '"How did you hear about us" options, the member’s own checked',
    response: HearAboutUsOptions,
  },
  'POST buyers/update-hear-about-us': {
    summary: "Replace the member's answers {options: id[]} (at least one)",
    body: HearAboutUsBody,
    response: HearAboutUsOptions,
  },
  'POST buyers/update/:id': {
    summary: 'Update the profile (only the caller’s own id, else 403; the e-mail is read-only)',
    params: BuyerIdParams,
    body: ProfileBody,
    response: ProfileAnswer,
  },
  'POST buyers/update-alternate-email': {
    summary: 'Set (or clear with an empty value) the alternate e-mail',
    body: AlternateEmailBody,
    response: ProfileAnswer,
  },
  'POST buyers/change-password': {
    summary: 'Change the password; ends every other session of the member',
    body: ChangePasswordBody,
    response: Empty,
  },
});
