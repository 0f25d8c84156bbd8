/**
 * Issue 18: the remote release registry in the database, through the admin API and the pages.
 * Versions are published into a temp release store beside a fake built shell (releaseFixtures),
 * so the release checks run for real: a version the shell cannot run is refused with its reason.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AdminSession, Registry, RegistryHistoryEntry, RemoteStatus } from '@shop/contract';
import { count, like } from 'drizzle-orm';
import { adminAuditLog } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';
import {
  type BuildOptions,
  minuteStore,
  publishBuild,
  tempDir,
  writeRemoteBuild,
  writeShellBuild,
} from './releaseFixtures';

const PASSWORD = 'correct horse battery staple';

describe.each(targets)('remote registry on %s', (target) => {
  let temp: ReturnType<typeof tempDir>;
  let ctx: TestContext;
  let token: string;
  const versions = { v1: '', v2: '', oldBus: '' };

  const bearer = (value: string | null) => (value ? { authorization: `Bearer ${value}` } : {});
  const get = (url: string, auth: string | null = token) =>
    ctx.app.inject({ method: 'GET', url: `/backend/api/${url}`, headers: bearer(auth) });
  /** Each change's answer, to count its audit rows (test/admin-audit.test.ts counts the others'). */
  const changes: { action: string; status: number }[] = [];
  const post = async (url: string, payload: object, auth: string | null = token) => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/backend/api/${url}`,
      payload,
      headers: bearer(auth),
    });
    const [, , remote, action] = url.split('/');
    if (remote === 'catalog' && action && auth !== null) {
      changes.push({ action: `POST admin/remotes/:remote/${action}`, status: answer.statusCode });
    }
    return answer;
  };
  /** The registry a page gets for this cohort cookie. */
  const registryFor = async (cohort: string): Promise<Registry> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { cookie: `shop_cohort=${cohort}` },
    });
    expect(response.statusCode).toBe(200);
    return JSON.parse(response.body) as Registry;
  };
  const status = async (): Promise<RemoteStatus> => {
    const { remotes } = dataOf<{ remotes: RemoteStatus[] }>(await get('admin/remotes'));
    const catalog = remotes.find((remote) => remote.remote === 'catalog');
    if (!catalog) throw new Error('no catalog in the status');
    return catalog;
  };
  const history = async () =>
    dataOf<{ history: RegistryHistoryEntry[] }>(await get('admin/remotes/catalog/history')).history;

  beforeAll(async () => {
    temp = tempDir('remote-registry');
    const root = writeShellBuild(temp.dir);
    writeFileSync(
      path.join(root, 'shell/dist/index.html'),
      '<!doctype html><html><head><!--REMOTES--></head><body><div id="root"></div></body></html>',
    );
    // Each remote's own build: its built-in version, 0.1.0.
    for (const [remote, dir] of [
      ['catalog', 'mfe-catalog'],
      ['cart_checkout', 'mfe-cart-checkout'],
      ['member', 'mfe-member'],
      ['auth', 'mfe-auth'],
    ] as const) {
      writeRemoteBuild(path.join(root, dir, 'dist'), { remote });
      writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify({ name: dir, version: '0.1.0' }));
    }
    const releasesDir = path.join(root, '.data/releases');
    const store = minuteStore(releasesDir);
    const publish = (name: string, options: BuildOptions) =>
      publishBuild(store, path.join(temp.dir, 'builds'), name, options);
    versions.v1 = await publish('v1', { chunk: 'export const page = "v1";\n' });
    versions.v2 = await publish('v2', { chunk: 'export const page = "v2";\n' });
    versions.oldBus = await publish('old-bus', {
      chunk: 'export const page = "old";\n',
      busContractVersion: 1,
    });

    ctx = await createTestApp(target, {
      products: 0,
      auth: { scryptLogN: 10 },
      site: { root },
      releases: { root, releasesDir, keep: 1, canaryAbort: { failureRate: 0.2, minLoads: 5 } },
    });
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'ops@example.com', PASSWORD);
    token = dataOf<AdminSession>(
      await post('admin/login', { email: 'ops@example.com', password: PASSWORD }, null),
    ).token;
  });
  afterAll(async () => {
    await ctx.close();
    temp.cleanup();
  });

  it('answers only admins: no token 401, a buyer 403', async () => {
    expect((await get('admin/remotes', null)).statusCode).toBe(401);
    const member = await createMember(ctx.database);
    expect((await get('admin/remotes', member.token)).statusCode).toBe(403);
    expect((await post('admin/remotes/catalog/rollback', { reason: 'x' }, member.token)).statusCode).toBe(
      403,
    );
  });

  it('starts with every remote on its built-in version and lists the published ones', async () => {
    expect(await status()).toMatchObject({ live: null, builtIn: '0.1.0', canary: null, rollbackTo: null });
    const registry = await registryFor('cohort-aaaaaaaaaaaa');
    expect(registry.catalog).toEqual({
      entry: '/mfe/catalog/0.1.0/remoteEntry.js',
      version: '0.1.0',
      channel: 'built-in',
    });
    const listed = dataOf<{ versions: { version: string; state: string }[] }>(
      await get('admin/remotes/catalog/versions'),
    ).versions;
    expect(listed.map((entry) => entry.version)).toEqual([versions.oldBus, versions.v2, versions.v1]);
    expect(listed.every((entry) => entry.state === 'retained')).toBe(true);
  });

  it('refuses a version built against another bus contract, with the reason, and keeps serving', async () => {
    const refused = await post('admin/remotes/catalog/promote', { version: versions.oldBus, reason: 'try' });
    expect(refused.statusCode).toBe(409);
    expect(failureOf(refused).error).toMatchObject({ code: 'RELEASE_REFUSED' });
    expect(failureOf(refused).error.message).toContain('bus contract');
    expect((await registryFor('cohort-aaaaaaaaaaaa')).catalog?.version).toBe('0.1.0');
    const [last] = await history();
    expect(last).toMatchObject({ action: 'refused', version: versions.oldBus, actor: 'ops@example.com' });
    const listed = dataOf<{ versions: { version: string; state: string; refusal?: string }[] }>(
      await get('admin/remotes/catalog/versions'),
    ).versions;
    expect(listed.find((entry) => entry.version === versions.oldBus)).toMatchObject({ state: 'refused' });
  });

  it('refuses a typo: an unknown version 404, a bad share or missing reason 400, an unknown remote 400', async () => {
    expect(
      (await post('admin/remotes/catalog/promote', { version: '0.1.0-nope', reason: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await post('admin/remotes/catalog/canary', { version: versions.v1, percent: 150, reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await post('admin/remotes/catalog/promote', { version: versions.v1 })).statusCode).toBe(400);
    expect(
      (await post('admin/remotes/catalog/promote', { version: '../../etc', reason: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await post('admin/remotes/katalog/promote', { version: versions.v1, reason: 'x' })).statusCode,
    ).toBe(400);
    expect((await status()).live).toBeNull();
  });

  it('promotes a checked version: pages get it with its SRI, falling back to the built-in one', async () => {
    const promoted = await post('admin/remotes/catalog/promote', {
      version: versions.v1,
      reason: 'first release',
    });
    expect(promoted.statusCode).toBe(200);
    expect(dataOf<{ remote: RemoteStatus }>(promoted).remote).toMatchObject({
      live: { version: versions.v1 },
      rollbackTo: '0.1.0',
    });
    const entry = (await registryFor('cohort-aaaaaaaaaaaa')).catalog;
    expect(entry).toMatchObject({
      entry: `/mfe/catalog/${versions.v1}/remoteEntry.js`,
      version: versions.v1,
      channel: 'live',
      fallback: { entry: '/mfe/catalog/0.1.0/remoteEntry.js', version: '0.1.0' },
    });
    expect(entry?.integrity).toMatch(/^sha384-/);
    const page = await ctx.app.inject({ method: 'GET', url: '/products' });
    expect(page.body).toContain(`/mfe/catalog/${versions.v1}/remoteEntry.js`);
    // Both versions stay online: a tab opened before the release keeps loading its files.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/mfe/catalog/0.1.0/remoteEntry.js' })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/mfe/catalog/${versions.v1}/remoteEntry.js` })).statusCode,
    ).toBe(200);
  });

  it('puts a version in canary for a sticky share of shoppers, everyone else on live', async () => {
    const revision = (await status()).revision;
    const started = await post('admin/remotes/catalog/canary', {
      version: versions.v2,
      percent: 50,
      reason: 'try v2',
      ifRevision: revision,
    });
    expect(started.statusCode).toBe(200);
    const cohorts = Array.from({ length: 40 }, (_, index) => `cohort-${String(index).padStart(12, '0')}`);
    const seen = new Map<string, string | undefined>();
    for (const cohort of cohorts) seen.set(cohort, (await registryFor(cohort)).catalog?.version);
    const inCanary = cohorts.filter((cohort) => seen.get(cohort) === versions.v2);
    expect(inCanary.length).toBeGreaterThan(5);
    expect(inCanary.length).toBeLessThan(35);
    expect(cohorts.filter((cohort) => seen.get(cohort) === versions.v1).length).toBe(40 - inCanary.length);
    // Sticky: the same cookie gets the same side again; a canary shopper falls back to live.
    for (const cohort of cohorts.slice(0, 10))
      expect((await registryFor(cohort)).catalog?.version).toBe(seen.get(cohort));
    const canaryEntry = (await registryFor(inCanary[0] ?? '')).catalog;
    expect(canaryEntry).toMatchObject({ channel: 'canary', fallback: { version: versions.v1 } });
  });

  it('gives a shopper without a cohort cookie one, on the page and on /remotes.json', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['set-cookie'])).toMatch(
      /shop_cohort=[A-Za-z0-9_-]{16,}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    );
  });

  it('refuses a change made on a revision someone else changed since (no change is lost)', async () => {
    const stale = (await status()).revision - 1;
    const refused = await post('admin/remotes/catalog/abort', { reason: 'stale', ifRevision: stale });
    expect(refused.statusCode).toBe(409);
    expect(failureOf(refused).error).toMatchObject({ code: 'REGISTRY_CHANGED' });
    expect((await status()).canary?.version).toBe(versions.v2);
  });

  it('serialises two operators changing the registry at once: both changes land, in order', async () => {
    const before = await status();
    const [first, second] = await Promise.all([
      post('admin/remotes/catalog/canary', { version: versions.v2, percent: 20, reason: 'operator A' }),
      post('admin/remotes/catalog/canary', { version: versions.v2, percent: 30, reason: 'operator B' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const after = await status();
    expect(after.revision).toBe(before.revision + 2);
    const reasons = (await history()).slice(0, 2).map((entry) => entry.reason);
    expect(reasons.sort()).toEqual(['operator A', 'operator B']);
    expect([20, 30]).toContain(after.canary?.percent);
  });

  it('counts loads and failures per version, only of versions being served', async () => {
    await post('remote-loads', { remote: 'catalog', version: versions.v1 }, null);
    await post('remote-loads', { remote: 'catalog', version: '9.9.9-made-up' }, null);
    expect(
      (
        await post(
          'remote-errors',
          { remote: 'catalog', version: versions.v1, kind: 'timeout', route: '/' },
          null,
        )
      ).statusCode,
    ).toBe(200);
    const bad = await post(
      'remote-errors',
      { remote: 'catalog', version: versions.v1, kind: 'boom', route: '/' },
      null,
    );
    expect(bad.statusCode).toBe(400);
    const terminalEscape = {
      remote: 'catalog',
      version: versions.v1,
      kind: 'timeout',
      route: '/\u001b[31mred',
    };
    expect((await post('remote-errors', terminalEscape, null)).statusCode).toBe(400);
    const lastHour = (await status()).lastHour;
    expect(lastHour).toEqual([{ version: versions.v1, loads: 1, failures: 1 }]);
  });

  it("counts a canary's loads and failures only from shoppers in it, and ends it when they fail", async () => {
    const report = (url: string, payload: object, cohort: string | null) =>
      ctx.app.inject({
        method: 'POST',
        url: `/backend/api/${url}`,
        payload,
        headers: cohort ? { cookie: `shop_cohort=${cohort}` } : {},
      });
    const cohorts = Array.from({ length: 40 }, (_, index) => `cohort-${String(index).padStart(12, '0')}`);
    const sides = await Promise.all(
      cohorts.map(async (cohort) => (await registryFor(cohort)).catalog?.version),
    );
    const inside = cohorts.find((_, index) => sides[index] === versions.v2);
    const outside = cohorts.find((_, index) => sides[index] === versions.v1);
    if (!inside || !outside) throw new Error('no cohort on each side of the canary');
    const failure = { remote: 'catalog', version: versions.v2, kind: 'mount', route: '/products' };
    // Anyone outside the canary (no cookie, or a cohort on the live side) cannot end it.
    for (let index = 0; index < 10; index++) {
      expect((await report('remote-errors', failure, null)).statusCode).toBe(200);
      expect((await report('remote-errors', failure, outside)).statusCode).toBe(200);
    }
    expect((await status()).canary?.version).toBe(versions.v2);
    expect((await status()).lastHour.find((stat) => stat.version === versions.v2)).toBeUndefined();

    // Its own shoppers' failures end it, by itself, and the history says why.
    await report('remote-loads', { remote: 'catalog', version: versions.v2 }, inside);
    await report('remote-loads', { remote: 'catalog', version: versions.v2 }, inside);
    for (let index = 0; index < 3; index++) await report('remote-errors', failure, inside);
    expect((await status()).canary).toBeNull();
    const [last] = await history();
    expect(last).toMatchObject({ action: 'auto-abort', version: versions.v2, actor: 'system' });
    expect(last?.reason).toMatch(/failure rate 60 % \(3 of 5 loads\) passed 20 %/);
    for (const cohort of [inside, outside])
      expect((await registryFor(cohort)).catalog?.version).toBe(versions.v1);
  });

  it('rolls back one step at a time, down to the built-in version, and then refuses', async () => {
    expect(
      (await post('admin/remotes/catalog/promote', { version: versions.v2, reason: 'v2 is good' }))
        .statusCode,
    ).toBe(200);
    expect((await status()).rollbackTo).toBe(versions.v1);
    // A rollback target is checked again against the shell served now: a shell moved to another
    // bus contract refuses it, and nothing changes.
    writeShellBuild(temp.dir, { busContractVersion: 99 });
    const refused = await post('admin/remotes/catalog/rollback', { reason: 'v2 breaks checkout' });
    expect(refused.statusCode).toBe(409);
    expect(failureOf(refused).error).toMatchObject({ code: 'RELEASE_REFUSED' });
    expect((await status()).live?.version).toBe(versions.v2);
    writeShellBuild(temp.dir);
    expect((await post('admin/remotes/catalog/rollback', { reason: 'v2 breaks checkout' })).statusCode).toBe(
      200,
    );
    expect((await status()).live?.version).toBe(versions.v1);
    expect((await post('admin/remotes/catalog/rollback', { reason: 'back to the build' })).statusCode).toBe(
      200,
    );
    expect(await status()).toMatchObject({ live: null, rollbackTo: null });
    expect((await registryFor('cohort-aaaaaaaaaaaa')).catalog?.channel).toBe('built-in');
    const nothing = await post('admin/remotes/catalog/rollback', { reason: 'again' });
    expect(nothing.statusCode).toBe(409);
    expect(failureOf(nothing).error).toMatchObject({ code: 'NOTHING_TO_ROLL_BACK' });
    expect((await post('admin/remotes/catalog/abort', { reason: 'none' })).statusCode).toBe(409);
  });

  it('keeps the history: who, when, what, why, newest first', async () => {
    const actions = (await history()).map((entry) => `${entry.action}:${entry.version ?? 'built-in'}`);
    expect(actions.slice(0, 6)).toEqual([
      'rollback:built-in',
      `rollback:${versions.v1}`,
      `refused:${versions.v1}`,
      `promote:${versions.v2}`,
      `auto-abort:${versions.v2}`,
      `canary:${versions.v2}`,
    ]);
    const [latest] = await history();
    expect(latest).toMatchObject({
      actor: 'ops@example.com',
      reason: 'back to the build',
      fromVersion: versions.v1,
    });
    expect(Date.parse(latest?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it("points one browser at a developer's build with a signed override, and clears it", async () => {
    const minted = dataOf<{ token: string; path: string }>(
      await post('admin/remotes/overrides', {
        remote: 'catalog',
        entry: 'http://localhost:3001/remoteEntry.js',
      }),
    );
    const visit = await ctx.app.inject({ method: 'GET', url: minted.path });
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toBe('/');
    // The cookie ends with the token (480 minutes by default), not later.
    const maxAge = Number(/Max-Age=(\d+)/.exec(String(visit.headers['set-cookie']))?.[1]);
    expect(maxAge).toBeGreaterThan(470 * 60);
    expect(maxAge).toBeLessThanOrEqual(480 * 60);
    const cookie = String(visit.headers['set-cookie']).split(';')[0] ?? '';
    const overridden = await ctx.app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie } });
    expect(JSON.parse(overridden.body).catalog).toMatchObject({
      entry: 'http://localhost:3001/remoteEntry.js',
      channel: 'override',
      fallback: { version: '0.1.0' },
    });
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(String(page.headers['content-security-policy'])).toContain('http://localhost:3001');
    // Another browser is untouched; a forged token is refused.
    expect((await registryFor('cohort-aaaaaaaaaaaa')).catalog?.channel).toBe('built-in');
    const forged = await ctx.app.inject({ method: 'GET', url: '/?remote-override=ro_forged' });
    expect(forged.statusCode).toBe(403);
    // The redirect stays on this origin, whatever the address looks like.
    for (const url of [
      '/.//evil.example/x',
      '/x/..//evil.example/y',
      '/%2e//evil.example/x',
      '/\\evil.example/x',
    ]) {
      const redirect = await ctx.app.inject({ method: 'GET', url: `${url}?remote-override=clear` });
      expect(redirect.statusCode).toBe(303);
      expect(redirect.headers.location).toMatch(/^\/[^/\\]/);
    }
    const cleared = await ctx.app.inject({
      method: 'GET',
      url: '/?remote-override=clear',
      headers: { cookie },
    });
    expect(String(cleared.headers['set-cookie'])).toContain('shop_remote_override_catalog=; Max-Age=0');
    expect(
      (
        await post('admin/remotes/overrides', {
          remote: 'catalog',
          entry: 'http://evil.example/remoteEntry.js',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('prunes old versions, never the live one nor the newest RELEASES_KEEP', async () => {
    expect(
      (await post('admin/remotes/catalog/promote', { version: versions.v1, reason: 'v1 again' })).statusCode,
    ).toBe(200);
    const pruned = dataOf<{ removed: string[] }>(await post('admin/remotes/catalog/prune', {}));
    expect(pruned.removed).toEqual([versions.v2]);
    const listed = dataOf<{ versions: { version: string }[] }>(
      await get('admin/remotes/catalog/versions'),
    ).versions;
    expect(listed.map((entry) => entry.version)).toEqual([versions.oldBus, versions.v1]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/mfe/catalog/${versions.v2}/remoteEntry.js` })).statusCode,
    ).toBe(404);
    const gone = await post('admin/remotes/catalog/canary', {
      version: versions.v2,
      percent: 10,
      reason: 'gone',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('wrote one audit row for every change that succeeded and none for a refused one', async () => {
    const succeeded: Record<string, number> = {};
    for (const change of changes) {
      if (change.status < 300 && change.status >= 200) {
        succeeded[change.action] = (succeeded[change.action] ?? 0) + 1;
      }
    }
    const rows = await ctx.database.db
      .select({ action: adminAuditLog.action, n: count() })
      .from(adminAuditLog)
      .where(like(adminAuditLog.action, 'POST admin/remotes/:remote/%'))
      .groupBy(adminAuditLog.action);
    expect(Object.fromEntries(rows.map((row) => [row.action, row.n]))).toEqual(succeeded);
    // An operator's abort is not called here (the canary ends by the failure rule): its change runs
    // through the same underLock as the others.
    expect(Object.keys(succeeded).sort()).toEqual(
      ['canary', 'promote', 'prune', 'rollback'].map((action) => `POST admin/remotes/:remote/${action}`),
    );
  });
});
