/**
 * The registry as the page server hands it out (delivery/site.ts): each shopper gets a cohort
 * cookie once, which keeps them on the same side of every canary across reloads; a browser with a
 * developer's override gets that remote from the local build. `?remote-override=…` on a page address
 * stores or clears an override and redirects to the page without it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageRegistry } from '../../delivery/site';
import { readCookie, setCookie } from '../../http/cookies';
import { OVERRIDE_QUERY } from './overrides';
import type { ReleaseServices } from './services';

export const COHORT_COOKIE = 'shop_cohort';
const COHORT = /^[A-Za-z0-9_-]{16,64}$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/** The shopper's cohort cookie when it holds one, else null. */
export function readCohort(request: FastifyRequest): string | null {
  const existing = readCookie(request, COHORT_COOKIE);
  return existing && COHORT.test(existing) ? existing : null;
}

/** The shopper's cohort: the cookie's, or a new one set on this answer. */
function cohortOf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readCohort(request);
  if (existing) return existing;
  const cohort = randomBytes(12).toString('base64url');
  setCookie(reply, COHORT_COOKIE, cohort, YEAR_SECONDS);
  return cohort;
}

export function pageRegistryOf(releases: ReleaseServices): PageRegistry {
  return {
    async forPage(request, reply) {
      return releases.registry.forShopper(cohortOf(request, reply), await releases.overrides.of(request));
    },
    async intercept(request, reply) {
      const value = new URL(request.url, 'http://shop.invalid').searchParams.get(OVERRIDE_QUERY);
      return value === null ? null : releases.overrides.apply(request, reply, value);
    },
    origins: () => releases.registry.origins(),
  };
}
