/**
 * Issue 20, "proxy trust is a number of hops or a list of proxy addresses": TRUST_PROXY reads as
 * either, anything else stops the start with a message saying both forms; the rate limits (and
 * so the sign-in throttle, which keys on the same `request.ip`) count the client the rule names:
 * through trusted proxies the address before them, never an entry a client wrote itself, and a
 * peer outside the list is the client whatever it writes. The per-address connection cap, which
 * sees only sockets, spares a trusted proxy and caps any other peer by its own address.
 */
import { connect, type Socket } from 'node:net';
import { loadConfig } from '../src/config';
import {
  DEFAULT_RATE_LIMITS,
  proxyPeerTest,
  type RateLimits,
  type TrustProxy,
} from '../src/hooks/rateLimits';
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

describe('the per-address connection cap', () => {
  const CAP = 2;
  let apps: TestContext[] = [];
  let sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    for (const ctx of apps) await ctx.close();
    apps = [];
    sockets = [];
  });

  /** An app trusting `trust`, listening on 127.0.0.1 (a port of its own), CAP sockets per address. */
  async function listening(trust: TrustProxy): Promise<number> {
    const ctx = await createTestApp('pglite', {
      products: 0,
      trustProxy: trust,
      connections: { maxConnectionsPerAddress: CAP },
    });
    apps.push(ctx);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a port');
    return address.port;
  }

  /** A connected socket to `port` from 127.0.0.1 (connected: the server's accept comes next). */
  const opened = (port: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
      sockets.push(socket);
    });

  /** What GET /health gets over `socket`: its status, or 'closed' when the server dropped the socket. */
  const healthOver = (socket: Socket) =>
    new Promise<number | 'closed'>((resolve) => {
      let head = '';
      socket.removeAllListeners('error');
      socket.on('error', () => undefined); // a write to a dropped socket: the close says it
      socket.once('close', () => resolve('closed'));
      socket.on('data', (chunk: Buffer) => {
        head += chunk.toString('latin1');
        const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
        if (status) resolve(Number(status[1]));
      });
      socket.write('GET /backend/api/health HTTP/1.1\r\nHost: shop.test\r\n\r\n');
    });

  /** CAP + 1 sockets opened one after another from 127.0.0.1, then /health asked over each. */
  async function answersOfCapPlusOne(port: number): Promise<Array<number | 'closed'>> {
    const opens: Socket[] = [];
    for (let n = 0; n <= CAP; n++) opens.push(await opened(port));
    return Promise.all(opens.map(healthOver));
  }

  it('caps a peer by its own address without TRUST_PROXY', async () => {
    expect(await answersOfCapPlusOne(await listening(0))).toEqual([200, 200, 'closed']);
  });

  it('caps a peer outside the list of proxies by its own address, exactly as without TRUST_PROXY', async () => {
    expect(await answersOfCapPlusOne(await listening(['10.0.0.5', '172.18.0.0/16']))).toEqual([
      200,
      200,
      'closed',
    ]);
  });

  it('spares a listed proxy, whose sockets carry many clients (the proxy caps per client)', async () => {
    expect(await answersOfCapPlusOne(await listening(['10.0.0.5', '127.0.0.1']))).toEqual([200, 200, 200]);
  });

  it('knows a listed proxy by address, range, range name and IPv4-mapped form; with hops any peer', () => {
    const listed = proxyPeerTest(['10.0.0.5', '172.18.0.0/16', 'fd00::/8', 'loopback']);
    expect(
      ['10.0.0.5', '172.18.3.4', 'fd00::1', '127.0.0.1', '::1', '::ffff:172.18.0.2'].filter(listed),
    ).toEqual(['10.0.0.5', '172.18.3.4', 'fd00::1', '127.0.0.1', '::1', '::ffff:172.18.0.2']);
    expect(['10.0.0.6', '172.19.0.1', 'fe80::1', '192.0.2.1', '::ffff:10.0.0.6', ''].filter(listed)).toEqual(
      [],
    );
    expect(proxyPeerTest(2)('192.0.2.1')).toBe(true);
    expect(proxyPeerTest(0)('127.0.0.1')).toBe(false);
  });
});
