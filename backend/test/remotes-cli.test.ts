/**
 * `npm run remotes`: the operators' CLI, run through its `run(argv, env, output)` against the real
 * app listening on 127.0.0.1 (PGlite; the CLI only speaks HTTP, so one database kind is enough),
 * with versions published into a temp release store beside a fake shell build.
 *
 * The first block is the CLI's own (arguments, sign-in, an unreachable shop or a proxy's page);
 * the second drives the registry through the admin routes, one operator's session in order.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AdminSession } from '@shop/contract';
import { REMOTE_NAMES } from '@shop/contract/schemas/remotes';
import { freePort } from '../../scripts/cluster/freePort.cjs';
import { printable, run } from '../scripts/remotes';
import { bucketOf } from '../src/modules/remotes/registry';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createTestApp, dataOf, type TestContext } from './db';
import {
  type BuildOptions,
  minuteStore,
  publishBuild,
  tempDir,
  writeRemoteBuild,
  writeShellBuild,
} from './releaseFixtures';

const EMAIL = 'ops@example.com';
const PASSWORD = 'correct horse battery staple';
/** The actor the history names for a change made with the admin's token. */
const ACTOR = EMAIL;

interface Outcome {
  code: number;
  out: string[];
  err: string[];
}

/** Runs the CLI once with `env`, collecting what it prints. */
async function cli(argv: string[], env: Record<string, string>): Promise<Outcome> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

/** The cells of the table row whose first cell is `first` (columns are two or more spaces apart). */
function rowOf(lines: string[], first: string): string[] {
  const line = lines.find((candidate) => candidate.split(/\s{2,}/)[0] === first);
  if (!line) throw new Error(`no row for ${first} in:\n${lines.join('\n')}`);
  return line.split(/\s{2,}/);
}

let temp: ReturnType<typeof tempDir>;
let ctx: TestContext;
let shopUrl: string;
let token: string;
/** v1, v2: good catalog builds (v2 newer); broken: lacks a module the shell mounts. */
const versions = { v1: '', v2: '', broken: '' };

beforeAll(async () => {
  temp = tempDir('remotes-cli');
  const root = writeShellBuild(temp.dir);
  // The catalog's own build, served as its built-in version (its package.json's) until a promote.
  writeRemoteBuild(path.join(root, 'mfe-catalog/dist'));
  writeFileSync(path.join(root, 'mfe-catalog/package.json'), JSON.stringify({ version: '0.1.0' }));
  const releasesDir = path.join(root, '.data/releases');
  const store = minuteStore(releasesDir);
  const publish = (name: string, options: BuildOptions) =>
    publishBuild(store, path.join(temp.dir, 'builds'), name, options);
  versions.v1 = await publish('v1', { chunk: 'export const page = "v1";\n' });
  versions.v2 = await publish('v2', { chunk: 'export const page = "v2";\n' });
  versions.broken = await publish('broken', {
    exposes: ['HomePage'],
    chunk: 'export const page = "broken";\n',
  });

  ctx = await createTestApp('pglite', {
    products: 0,
    auth: { scryptLogN: 10 },
    // Keep only the newest version beside those in use, so prune has something to delete.
    releases: { root, releasesDir, keep: 1 },
  });
  await createAdmin(ctx.database.db, new PasswordHasher(10), EMAIL, PASSWORD);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  shopUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/backend/api/admin/login',
    payload: { email: EMAIL, password: PASSWORD },
  });
  token = dataOf<AdminSession>(login).token;
});

afterAll(async () => {
  await ctx?.close();
  temp?.cleanup();
});

describe('npm run remotes: arguments, sign-in, reachability', () => {
  it('prints the usage and exits 2 without a command, and lists every command with --help', async () => {
    const bare = await cli([], { SHOP_URL: shopUrl, ADMIN_TOKEN: token });
    expect(bare.code).toBe(2);
    expect(bare.err[0]).toMatch(/npm run remotes -- <command>/);
    const help = await cli(['--help'], {});
    expect(help.code).toBe(0);
    for (const command of [
      'status',
      'versions',
      'history',
      'promote',
      'canary',
      'rollback',
      'abort',
      'override',
    ])
      expect(help.out.join('\n')).toContain(`  ${command}`);
  });

  it('refuses a change without --reason before any request, even with the shop down', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    for (const argv of [
      ['promote', 'catalog', '0.1.0-aaaaaaaaaa'],
      ['canary', 'catalog', '0.1.0-aaaaaaaaaa', '10'],
      ['rollback', 'catalog'],
      ['abort', 'catalog', '--reason', '   '],
    ]) {
      const outcome = await cli(argv, { SHOP_URL: nowhere, ADMIN_TOKEN: token });
      expect([argv[0], outcome.code, outcome.err]).toEqual([
        argv[0],
        2,
        ['Say why with --reason "…": every change is kept in the history.'],
      ]);
    }
  });

  it('refuses an unknown remote, a bad version, a share outside 1..99 and a bad --if-revision', async () => {
    const env = { SHOP_URL: shopUrl, ADMIN_TOKEN: token };
    const cases: [string[], RegExp][] = [
      [['versions', 'checkout'], /<remote> must be one of catalog, cart_checkout, member, auth/],
      [['promote', 'catalog', '../etc', '--reason', 'x'], /<version> is not a version name/],
      [
        ['canary', 'catalog', versions.v1, '100', '--reason', 'x'],
        /<percent> must be a whole number from 1 to 99/,
      ],
      [
        ['canary', 'catalog', versions.v1, '0', '--reason', 'x'],
        /<percent> must be a whole number from 1 to 99/,
      ],
      [['abort', 'catalog', '--reason', 'x', '--if-revision', 'two'], /--if-revision must be a whole number/],
      [['status', '--reason', 'x'], /status changes nothing/],
      [['abort', 'catalog', '--reason', 'x', '--minutes', '5'], /--minutes is for override only/],
      [['status', '--force'], /Unknown option '--force'/],
      [['deploy', 'catalog'], /Unknown command: deploy/],
      [
        ['rollback', 'catalog', versions.v1, '--reason', 'x'],
        /Too many arguments for rollback: .*rollback <remote>/,
      ],
    ];
    for (const [argv, message] of cases) {
      const outcome = await cli(argv, env);
      expect([argv.join(' '), outcome.code]).toEqual([argv.join(' '), 2]);
      expect(outcome.err).toHaveLength(1);
      expect(outcome.err[0]).toMatch(message);
    }
  });

  it('says the shop is not reachable at the URL, and exits 1', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const outcome = await cli(['status'], { SHOP_URL: nowhere, ADMIN_TOKEN: token });
    expect(outcome.code).toBe(1);
    expect(outcome.err).toEqual([
      `The shop is not reachable at ${nowhere} (ECONNREFUSED). Is it running? SHOP_URL sets where.`,
    ]);
  });

  it('tells an answer that is not the API (a proxy page) from an API failure', async () => {
    const proxy: Server = createServer((_, response) => {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const outcome = await cli(['status'], { SHOP_URL: url, ADMIN_TOKEN: token });
      expect(outcome.code).toBe(1);
      expect(outcome.err).toEqual([
        `502 from ${url}/backend/api/admin/remotes: not the API's answer. Is SHOP_URL (${url}) the shop?`,
      ]);
    } finally {
      proxy.close();
    }
  });

  it('needs credentials, and prints a refused sign-in as one line', async () => {
    const none = await cli(['status'], { SHOP_URL: shopUrl });
    expect(none).toEqual({
      code: 2,
      out: [],
      err: ['Set ADMIN_TOKEN, or ADMIN_EMAIL and ADMIN_PASSWORD, to sign in to the shop.'],
    });
    const wrong = await cli(['status'], { SHOP_URL: shopUrl, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: 'nope' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toHaveLength(1);
    expect(wrong.err[0]).toMatch(/^401 [A-Z_]+: /);
  });
});

describe('npm run remotes: the registry through the admin API', () => {
  const env = () => ({ SHOP_URL: shopUrl, ADMIN_TOKEN: token });

  it('status: every remote, nothing promoted, no loads yet', async () => {
    const outcome = await cli(['status'], env());
    expect(outcome.code).toBe(0);
    expect(outcome.out[0]?.split(/\s{2,}/)).toEqual([
      'REMOTE',
      'LIVE',
      'LIVE SINCE',
      'CANARY',
      'SHARE',
      'ROLLBACK TO',
      'REVISION',
    ]);
    expect(rowOf(outcome.out, 'catalog')).toEqual(['catalog', '0.1.0 (built-in)', '-', '-', '-', '-', '0']);
    // No build of the others in this root: nothing is served for them.
    for (const remote of ['cart_checkout', 'member', 'auth'])
      expect(rowOf(outcome.out, remote)).toEqual([remote, '-', '-', '-', '-', '-', '0']);
    expect(outcome.out).toContain('No loads reported in the last hour.');
  });

  it('versions: the published versions newest first, none in use yet', async () => {
    // The remote's folder name works too, as `npm run release` takes it.
    const outcome = await cli(['versions', 'mfe-catalog'], env());
    expect(outcome.code).toBe(0);
    const listed = outcome.out.slice(1).map((line) => line.split(/\s{2,}/).slice(0, 2));
    expect(listed).toEqual([
      [versions.broken, 'retained'],
      [versions.v2, 'retained'],
      [versions.v1, 'retained'],
    ]);
  });

  it('promote signs in with e-mail and password, makes the version live, and says so', async () => {
    const outcome = await cli(['promote', 'catalog', versions.v1, '--reason', 'first release'], {
      SHOP_URL: shopUrl,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
    });
    expect(outcome.err).toEqual([]);
    expect(outcome.code).toBe(0);
    expect(outcome.out[0]).toBe(`catalog: ${versions.v1} is live (revision 1).`);
    const [, live, , , , rollbackTo] = rowOf(outcome.out, 'catalog');
    expect([live, rollbackTo]).toEqual([versions.v1, '0.1.0 (built-in)']);
  });

  it('canary with --if-revision; a second operator with the same stale revision is refused 409', async () => {
    const first = await cli(
      ['canary', 'catalog', versions.v2, '50', '--reason', 'try v2', '--if-revision', '1'],
      env(),
    );
    expect(first.code).toBe(0);
    expect(first.out[0]).toBe(`catalog: ${versions.v2} in canary for 50 % of shoppers (revision 2).`);
    const [, live, , canary, share] = rowOf(first.out, 'catalog');
    expect([live, canary, share]).toEqual([versions.v1, versions.v2, '50 %']);

    const stale = await cli(['abort', 'catalog', '--reason', 'late', '--if-revision', '1'], env());
    expect(stale.code).toBe(1);
    expect(stale.out).toEqual([]);
    expect(stale.err).toHaveLength(1);
    expect(stale.err[0]).toMatch(/^409 REGISTRY_CHANGED: /);
  });

  it('status shows loads and failures per version over the last hour', async () => {
    // A shopper in the 50 % canary: the server counts a canary's reports only from its shoppers.
    const cohort = Array.from(
      { length: 100 },
      (_, index) => `cohort-${String(index).padStart(12, '0')}`,
    ).find((candidate) => bucketOf(candidate, 'catalog') < 50);
    const report = (url: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/backend/api/${url}`,
        payload,
        headers: { cookie: `shop_cohort=${cohort}` },
      });
    for (let i = 0; i < 3; i += 1) await report('remote-loads', { remote: 'catalog', version: versions.v1 });
    await report('remote-loads', { remote: 'catalog', version: versions.v2 });
    await report('remote-errors', { remote: 'catalog', version: versions.v2, kind: 'mount', route: '/' });
    const outcome = await cli(['status'], env());
    const lastHour = outcome.out.slice(outcome.out.indexOf('Last hour:') + 1);
    expect(lastHour[0]?.split(/\s{2,}/)).toEqual(['REMOTE', 'VERSION', 'LOADS', 'FAILURES', 'FAILED']);
    const rows = lastHour.slice(1).map((line) => line.split(/\s{2,}/));
    expect(rows).toEqual(
      expect.arrayContaining([
        ['catalog', versions.v1, '3', '0', '0.0 %'],
        ['catalog', versions.v2, '1', '1', '100.0 %'],
      ]),
    );
  });

  it('abort ends the canary; a second abort is refused with the reason', async () => {
    const done = await cli(['abort', 'catalog', '--reason', 'enough'], env());
    expect(done.code).toBe(0);
    expect(done.out[0]).toBe(`catalog: canary ended, everyone loads ${versions.v1} (revision 3).`);
    const again = await cli(['abort', 'catalog', '--reason', 'again'], env());
    expect(again.code).toBe(1);
    expect(again.err).toEqual(['409 NO_CANARY: catalog has no canary to abort.']);
  });

  it('a version the checks refuse is refused with the reason, and versions shows why', async () => {
    const refused = await cli(['promote', 'catalog', versions.broken, '--reason', 'oops'], env());
    expect(refused.code).toBe(1);
    expect(refused.err).toHaveLength(1);
    expect(refused.err[0]).toMatch(/^409 RELEASE_REFUSED: .*ProductPage/);
    const unknown = await cli(['promote', 'catalog', '0.1.0-0000000000', '--reason', 'typo'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.err).toEqual(['404 NOT_FOUND: catalog has no published version 0.1.0-0000000000.']);
    const listed = await cli(['versions', 'catalog'], env());
    const [, state, , , because] = rowOf(listed.out, versions.broken);
    expect(state).toBe('refused');
    expect(because).toMatch(/ProductPage/);
  });

  it('promote then rollback returns to the previous live version', async () => {
    expect((await cli(['promote', 'catalog', versions.v2, '--reason', 'v2 is good'], env())).code).toBe(0);
    const back = await cli(['rollback', 'catalog', '--reason', 'v2 slow'], env());
    expect(back.code).toBe(0);
    expect(back.out[0]).toMatch(
      new RegExp(`^catalog: rolled back, ${versions.v1} is live \\(revision \\d+\\)\\.$`),
    );
  });

  it('history: every step, newest first, with who and why', async () => {
    const outcome = await cli(['history', 'catalog'], env());
    expect(outcome.code).toBe(0);
    const rows = outcome.out.slice(1).map((line) => line.split(/\s{2,}/));
    expect(rows.map((cells) => [cells[2], cells[3], cells[4], cells[5], cells[7]])).toEqual([
      ['rollback', versions.v1, versions.v2, '-', 'v2 slow'],
      ['promote', versions.v2, versions.v1, '-', 'v2 is good'],
      ['refused', versions.broken, '-', '-', 'oops'],
      ['abort', versions.v2, versions.v1, '50 %', 'enough'],
      ['canary', versions.v2, versions.v1, '50 %', 'try v2'],
      ['promote', versions.v1, 'built-in', '-', 'first release'],
    ]);
    expect(new Set(rows.map((cells) => cells[6]))).toEqual(new Set([ACTOR]));
  });

  it('prune deletes what retention allows: never the live version nor the newest', async () => {
    const outcome = await cli(['prune', 'catalog'], env());
    expect(outcome).toEqual({
      code: 0,
      out: [`catalog: removed 1 version: ${versions.v2}`],
      err: [],
    });
    const listed = await cli(['versions', 'catalog'], env());
    expect(listed.out.slice(1).map((line) => line.split(/\s{2,}/)[0])).toEqual([
      versions.broken,
      versions.v1,
    ]);
    const everyRemote = await cli(['prune'], env());
    expect(everyRemote.out).toEqual(
      REMOTE_NAMES.map(
        (remote) => `${remote}: nothing to prune (the newest RELEASES_KEEP and every version in use stay).`,
      ),
    );
  });

  it('--json prints the API answer as it is', async () => {
    const outcome = await cli(['status', '--json'], env());
    const answer = JSON.parse(outcome.out.join('\n')) as { remotes: { remote: string; revision: number }[] };
    expect(answer.remotes.map((remote) => remote.remote)).toEqual([...REMOTE_NAMES]);
  });

  it('override answers the address that turns it on in the developer browser', async () => {
    const outcome = await cli(['override', 'catalog', 'http://localhost:3001/remoteEntry.js'], env());
    expect(outcome.code).toBe(0);
    expect(outcome.out[1]).toMatch(
      new RegExp(`^Open in your browser to turn it on there: ${shopUrl}/\\?remote-override=\\S+$`),
    );
    const bad = await cli(['override', 'catalog', 'http://localhost:3001/main.js'], env());
    expect(bad.code).toBe(2);
  });
});

describe('the CLI prints what the API says', () => {
  it('as text only: control characters (terminal escapes) in a reason or route become ?', () => {
    expect(printable('rolled back \u001b[2J\u001b[31mgone\u0007')).toBe('rolled back ?[2J?[31mgone?');
    expect(printable('plain reason, 2 % of 50')).toBe('plain reason, 2 % of 50');
  });
});
