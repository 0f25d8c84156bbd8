/**
 * Rate limits of the anonymous writes and probes (sign-up, express guest, wishlist sign-up, the
 * e-mail probe, forgot-password, contact form, notify-me, product questions, the logged search
 * suggestions): @fastify/rate-limit with its counters in PostgreSQL (services/rateLimitCounters.ts),
 * so every API instance on the database shares them. Each limit counts per client IP (as TRUST_PROXY
 * says, see TrustProxy below; an IPv6 client by its /64) and per limit name, in a window.
 * A route opts in with `config: {rateLimit: limitOf(rateLimits, '<name>')}`; over the limit it
 * answers 429 TOO_MANY_REQUESTS in the envelope with Retry-After. A failing counter (the database)
 * fails the request through the app's error handler, never lets it through unlimited.
 */

import { BlockList, isIP } from 'node:net';
import {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitOptions,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { countHit } from '../services/rateLimitCounters';

export interface WindowLimit {
  /** Requests allowed per client in the window; the next one is 429. */
  max: number;
  windowMs: number;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Production limits per client IP. A shopper does each of these a handful of times at most, but
 * offices and mobile carriers put many shoppers behind one address, so each allows several
 * shoppers' worth; a script meets them within minutes.
 */
export const DEFAULT_RATE_LIMITS = {
  /** `buyers/register`: one account per shopper. */
  signUp: { max: 20, windowMs: HOUR_MS },
  /** `buyers/register-guest`: one express guest per checkout. */
  registerGuest: { max: 20, windowMs: HOUR_MS },
  /** `buyers/register-wishlist`. */
  registerWishlist: { max: 20, windowMs: HOUR_MS },
  /** `buyers/check-email-exist`: tells whether an account exists, so it is an enumeration probe. */
  checkEmailExist: { max: 30, windowMs: HOUR_MS },
  /** `buyers/forgot-password` (each account also gets at most 5 reset mails an hour). */
  forgotPassword: { max: 10, windowMs: HOUR_MS },
  /** `contact-us`. */
  contactUs: { max: 10, windowMs: HOUR_MS },
  /** `notify-me`: a shopper may ask for several products that are out of stock. */
  notifyMe: { max: 30, windowMs: HOUR_MS },
  /** `product-questions/create`. */
  productQuestions: { max: 10, windowMs: HOUR_MS },
  /** `suggestions`: asked while typing, and every call is logged (it feeds top-searched). */
  suggestions: { max: 60, windowMs: MINUTE_MS },
  /** `remote-loads`, `remote-errors`: a page sends at most one per remote and kind. */
  remoteReports: { max: 240, windowMs: MINUTE_MS },
} satisfies Record<string, WindowLimit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, WindowLimit>;

/**
 * Who is believed about the client's address (TRUST_PROXY), in one of two forms:
 * - a number of proxy hops (0: none, the client IP is the socket's peer): the client IP is the
 *   entry that many places from the end of X-Forwarded-For (what the outermost trusted proxy saw),
 *   so entries a client writes itself are never read. The peer is not checked, so the server
 *   must be reachable only through those proxies (docker-compose publishes only the gateway);
 * - a list of the proxies' addresses and CIDR ranges (proxy-addr's `loopback`, `linklocal`,
 *   `uniquelocal` too): from the peer back through X-Forwarded-For, every address in the list is
 *   a proxy and the first one that is not is the client. A peer outside the list is the client
 *   itself, whatever it writes, so the server may be reachable directly as well.
 */
export type TrustProxy = number | readonly string[];

/**
 * Fastify's `trustProxy` for a TrustProxy. Fastify 5.12 takes a plain number as "trust nothing"
 * (it cannot check the peer), hence the hop-counting function; a list it compiles with proxy-addr.
 * `request.ip`, which the limits and the sign-in throttle key on, then follows the same rule.
 */
export function trustedProxies(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return [...trust];
  return trust > 0 ? (_address, hop) => hop < trust : false;
}

/** proxy-addr's names for whole ranges, which a TRUST_PROXY list may use (as Fastify reads them). */
export const TRUST_PROXY_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a socket's peer may be a trusted proxy, for the per-address connection cap (which sees
 * the socket, never X-Forwarded-For): with hops every peer (the peer is not checked), with a list
 * the peers in it (an IPv4-mapped IPv6 peer as its IPv4 address, as proxy-addr does), with 0 none.
 */
export function proxyPeerTest(trust: TrustProxy): (address: string) => boolean {
  if (typeof trust === 'number') return () => trust > 0;
  const proxies = new BlockList();
  for (const entry of trust.flatMap((named) => TRUST_PROXY_RANGES[named] ?? [named])) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  return (address) => isIP(address) !== 0 && proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The client as the limits (and the sign-in throttle) count it. */
export const clientKeyOf = (ip: string) => normalizeIP(ip);

/**
 * A route's `config.rateLimit`: the named limit, counted per client; requests for which `uncounted`
 * answers true are neither counted nor refused (and touch no counter).
 */
export function limitOf(
  limits: RateLimits,
  name: RateLimitName,
  uncounted?: (request: FastifyRequest) => boolean,
): RateLimitOptions {
  const { max, windowMs } = limits[name];
  return {
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}|${clientKeyOf(request.ip)}`,
    ...(uncounted ? { allowList: (request: FastifyRequest) => uncounted(request) } : {}),
  };
}

/** The plugin's settings: off unless a route asks, counters in `db`, refusals in the envelope. */
export function rateLimitSettings(db: Database): RateLimitPluginOptions {
  return {
    global: false,
    store: counterStoreOn(db),
    errorResponseBuilder: (_request, { ttl }) => {
      const seconds = Math.max(1, Math.ceil(ttl / 1000));
      return new AppError(
        429,
        'TOO_MANY_REQUESTS',
        `Too many requests. Please try again in ${inWords(seconds)}.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    },
  };
}

function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * @fastify/rate-limit builds its store itself (`new Store(settings)`), so the database comes in
 * through this closure. Every limit's key already starts with its name, so one store serves all.
 */
function counterStoreOn(db: Database): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, hit?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      countHit(db, key, windowMs).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
