/**
 * Issue 20, "proxy trust is a number of hops or a list of proxy addresses": TRUST_PROXY reads as
 * either, anything else stops the start with a message saying both forms; the rate limits (and
 * so the sign-in throttle, which keys on the same `request.ip`) count the client the rule names:
 * through trusted proxies the address before them, never an entry a client wrote itself, and a
 * peer outside the list is the client whatever it writes.
 */
import { loadConfig } from '../src/config';
import { DEFAULT_RATE_LIMITS, type RateLimits, type TrustProxy } from '../src/hooks/rateLimits';
import { createTestApp, type TestContext, targets } from './db';

const LIMIT = 3;
const LOW_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: LIMIT, windowMs: 60_000 }]),
) as RateLimits;

describe('TRUST_PROXY', () => {
  it('is a number of proxy hops: none by default', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('is a comma-separated list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '172.18.0.0/16, 10.0.0.2,fd00::/8 ,::1,loopback' }).trustProxy).toEqual([
      '172.18.0.0/16',
      '10.0.0.2',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('is refused at start-up, saying both forms, when it is neither', () => {
    for (const bad of ['true', 'yes', '-1', '1.5', ' 1', '11', 'gateway.local', '10.0.0.300']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        `TRUST_PROXY must be the number of proxies in front of the server, 0 to 10 (0: none; 1: one gateway, as in docker-compose.yml), or a comma-separated list of the proxies' addresses and CIDR ranges (like 10.0.0.2,172.18.0.0/16; loopback, linklocal and uniquelocal name those ranges), got "${bad}"`,
      );
    }
    // In a list the wrong entry is named; a range of every address would believe any client.
    for (const [bad, wrong] of [
      ['10.0.0.2,10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.2,', ''],
      ['::1, fe80::/129', 'fe80::/129'],
      ['0.0.0.0/0,10.0.0.2', '0.0.0.0/0'],
      ['10.0.0.2,1', '1'],
      ['10.0.0.0/8/8,10.0.0.2', '10.0.0.0/8/8'],
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(`got "${bad}" ("${wrong}" is neither)`);
  });
});

describe.each(targets)('the client the rate limits count on %s', (target) => {
  const API = '/backend/api';
  let counter = 0;
  /** Each test's clients have addresses of their own, so counters never cross tests. */
  const freshIp = () => `198.51.100.${++counter}`;
  let apps: Partial<Record<string, TestContext>> = {};

  /** One app per trust rule, on one database each (made once, closed at the end). */
  async function appTrusting(trust: TrustProxy): Promise<TestContext> {
    const key = JSON.stringify(trust);
    const existing = apps[key];
    if (existing) return existing;
    const made = await createTestApp(target, { products: 0, trustProxy: trust, rateLimits: LOW_LIMITS });
    apps[key] = made;
    return made;
  }
  afterAll(async () => {
    for (const ctx of Object.values(apps)) await ctx?.close();
    apps = {};
  });

  /** The e-mail probe (limited per client) from `peer`, with this X-Forwarded-For. */
  const probe = (ctx: TestContext, peer: string, forwardedFor?: string) =>
    ctx.app
      .inject({
        method: 'POST',
        url: `${API}/buyers/check-email-exist`,
        remoteAddress: peer,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
        payload: { email: 'someone@example.com' },
      })
      .then((response) => response.statusCode);
  const refusedAfterLimit = [...Array.from({ length: LIMIT }, () => 200), 429];

  it('counts the address before the listed proxies, through one or two of them', async () => {
    const ctx = await appTrusting(['172.18.0.0/16', '10.0.0.5']);
    const client = freshIp();
    const statuses = [
      await probe(ctx, '172.18.0.2', client),
      await probe(ctx, '172.18.0.3', `${client}, 10.0.0.5`),
      await probe(ctx, '172.18.0.2', client),
      await probe(ctx, '172.18.0.2', `${client}, 10.0.0.5`),
    ];
    expect(statuses).toEqual(refusedAfterLimit);
    // Another client behind the same gateway has a count of its own.
    expect(await probe(ctx, '172.18.0.2', freshIp())).toBe(200);
  });

  it('never reads an entry a client wrote itself: a forged first entry changes nothing', async () => {
    const ctx = await appTrusting(['172.18.0.0/16', '10.0.0.5']);
    const client = freshIp();
    const statuses: number[] = [];
    for (let n = 0; n <= LIMIT; n++)
      statuses.push(await probe(ctx, '172.18.0.2', `203.0.113.${n}, ${client}`));
    expect(statuses).toEqual(refusedAfterLimit);
  });

  it('counts a peer outside the list as the client, whatever X-Forwarded-For it sends', async () => {
    const ctx = await appTrusting(['172.18.0.0/16', '10.0.0.5']);
    const statuses: number[] = [];
    for (let n = 0; n <= LIMIT; n++) statuses.push(await probe(ctx, '192.0.2.77', freshIp()));
    expect(statuses).toEqual(refusedAfterLimit);
  });

  it('with hops, counts the entry that many places from the end, whoever the peer is', async () => {
    const ctx = await appTrusting(2);
    const client = freshIp();
    const statuses: number[] = [];
    for (let n = 0; n <= LIMIT; n++)
      statuses.push(await probe(ctx, `192.0.2.${n + 1}`, `203.0.113.${n}, ${client}, 10.9.9.${n}`));
    expect(statuses).toEqual(refusedAfterLimit);
  });
});
