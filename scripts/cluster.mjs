// `npm run cluster`: the production topology of docker-compose.yml on this machine, on one port
// (http://localhost:8080, or CLUSTER_PORT):
//   PostgreSQL     DATABASE_URL; else the machine's server on 127.0.0.1:5432 (database
//                  CLUSTER_DATABASE, default shop_cluster); else one of its own (scripts/cluster/postgres.mjs;
//                  CLUSTER_POSTGRES=own: that one whatever else is there)
//   api-1, api-2   backend/src/server.ts on 127.0.0.1:CLUSTER_PORT+1, +2 (CLUSTER_INSTANCES, default 2):
//                  the API and the pages, TRUST_PROXY=1, each with folders of its own (as containers
//                  have their own disks) under CLUSTER_DATA_DIR (default .data/cluster)
//   remotes        each remote on an origin of its own, every retained version
//                  (backend/scripts/serve-remote.ts) on 127.0.0.1:CLUSTER_PORT+11…+14 (or from
//                  CLUSTER_REMOTE_PORT on)
//   gateway        nginx with docker/nginx-gateway.conf (round-robin over the instances, passive
//                  health, a POST never sent twice), on 127.0.0.1:CLUSTER_PORT
// CLUSTER_PORT=0 takes free ports for all of them (the ready JSON names them).
// Builds what is missing first (CLUSTER_BUILD=0 skips it). A process that dies is started again
// after CLUSTER_RESTART_DELAY_MS (default 1000), as compose's `restart: unless-stopped` does, but
// one that ends more than CLUSTER_MAX_RESTARTS (default 5) times within a minute stops the whole
// cluster (exit 1). Ctrl-C, SIGTERM or SIGHUP stops everything (and the PostgreSQL it started
// itself, never one it found running); so does the end of its parent (the script checks its
// parent process every second) and, with CLUSTER_STOP_ON_STDIN_END=1 (the tests set it), the end
// of its standard input. Once up it prints `cluster: ready {json}` and writes the same JSON (ports
// and pids) to CLUSTER_DATA_DIR/cluster.json.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './apps.mjs';
import { freePort } from './cluster/freePort.cjs';
import { nginxBinary, prepareGateway } from './cluster/gateway.mjs';
import { clusterDatabase } from './cluster/postgres.mjs';
import { assertPortFree, Service, waitFor } from './cluster/processes.mjs';

const REMOTES = ['catalog', 'cart_checkout', 'member', 'auth', 'admin'];

function positive(name, fallback) {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return number;
}

// Free ports for everything (CLUSTER_PORT=0): parallel runs and a leftover never collide.
const anyPorts = process.env.CLUSTER_PORT === '0';
const port = anyPorts ? await freePort() : positive('CLUSTER_PORT', 8080);
const instanceCount = positive('CLUSTER_INSTANCES', 2);
const restartDelayMs = positive('CLUSTER_RESTART_DELAY_MS', 1000);
const maxRestarts = positive('CLUSTER_MAX_RESTARTS', 5);
const dataDir = path.resolve(process.env.CLUSTER_DATA_DIR || path.join(ROOT, '.data', 'cluster'));
const releasesDir = path.resolve(process.env.RELEASES_DIR || path.join(ROOT, '.data', 'releases'));
if (instanceCount > 9) throw new Error('CLUSTER_INSTANCES: at most 9 (their ports are CLUSTER_PORT+1…+9)');
const instancePorts = [];
for (let i = 0; i < instanceCount; i++) instancePorts.push(anyPorts ? await freePort() : port + 1 + i);
const firstRemotePort = anyPorts ? 0 : positive('CLUSTER_REMOTE_PORT', port + 11);
/** @type {Record<string, number>} */
const remotePorts = {};
for (const [i, remote] of REMOTES.entries())
  remotePorts[remote] = anyPorts ? await freePort() : firstRemotePort + i;

/** @type {Service[]} */
const services = [];
let database = null;
let gatewayPrefix = null;
let stopping = null;

async function stopAll(code) {
  stopping ??= (async () => {
    console.log('[cluster] stopping');
    // The gateway first (no new requests), then the apps, then the database they use.
    const gateway = services.find((service) => service.name === 'gateway');
    await gateway?.stop();
    await Promise.all(services.filter((service) => service !== gateway).map((service) => service.stop()));
    database?.stop();
    if (gatewayPrefix) rmSync(gatewayPrefix, { recursive: true, force: true });
    console.log('[cluster] stopped');
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));

// Its parent gone (a test runner or terminal killed without a signal reaching this process): the
// cluster goes too, rather than running on unseen.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) {
    console.error('[cluster] the process that started the cluster ended: stopping');
    void stopAll(1);
  }
}, 1000).unref();
if (process.env.CLUSTER_STOP_ON_STDIN_END === '1') {
  process.stdin.on('end', () => {
    console.error('[cluster] standard input ended (its starter is gone): stopping');
    void stopAll(1);
  });
  process.stdin.resume();
}

function state() {
  return {
    pid: process.pid,
    gateway: `http://localhost:${port}`,
    database: database?.description,
    instances: services
      .filter((service) => service.name.startsWith('api-'))
      .map((service) => ({ name: service.name, port: service.port, pid: service.pid, dir: service.dir })),
    remotes: Object.fromEntries(REMOTES.map((remote) => [remote, `http://127.0.0.1:${remotePorts[remote]}`])),
    gatewayPid: services.find((service) => service.name === 'gateway')?.pid ?? null,
  };
}

/**
 * The state file is written whole and then renamed over the old one, so a reader (an operator's
 * script, the cluster tests) never reads it half-written while an instance is restarted.
 */
function writeState() {
  const file = path.join(dataDir, 'cluster.json');
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state(), null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

const node = (script, args, env) => ({
  command: process.execPath,
  args: ['--import', 'tsx', script, ...args],
  cwd: ROOT,
  env,
  restartDelayMs,
  maxRestarts,
  onGiveUp: () => void stopAll(1),
  // A restarted instance has another pid: the state file says which is current.
  onStart: () => {
    if (!stopping) writeState();
  },
});

try {
  await assertPortFree(port, 'gateway');
  for (const [i, p] of instancePorts.entries()) await assertPortFree(p, `api-${i + 1}`);
  for (const remote of REMOTES) await assertPortFree(remotePorts[remote], remote);
  const nginx = nginxBinary();
  if (process.env.CLUSTER_BUILD !== '0') {
    const { appsToBuild, buildApps } = await import('./build.mjs');
    await buildApps(appsToBuild([]));
  }
  database = await clusterDatabase(ROOT);
  mkdirSync(dataDir, { recursive: true });
  console.log(`[cluster] PostgreSQL: ${database.description}`);

  for (const remote of REMOTES) {
    const service = new Service(
      remote,
      node(
        path.join('backend', 'scripts', 'serve-remote.ts'),
        [remote, '--port', String(remotePorts[remote]), '--host', '127.0.0.1'],
        { ...process.env, RELEASES_DIR: releasesDir, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
      ),
    );
    service.port = remotePorts[remote];
    services.push(service);
  }
  for (const [i, instancePort] of instancePorts.entries()) {
    const name = `api-${i + 1}`;
    const dir = path.join(dataDir, name);
    mkdirSync(dir, { recursive: true });
    const service = new Service(
      name,
      node(path.join('backend', 'src', 'server.ts'), [], {
        ...process.env,
        NODE_ENV: process.env.NODE_ENV || 'production',
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        PORT: String(instancePort),
        SERVE_SITE: '1',
        // One proxy in front (the gateway): the client is the last X-Forwarded-For entry.
        TRUST_PROXY: '1',
        PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
        RELEASES_DIR: releasesDir,
        // What an instance keeps on its own disk, apart as each container's is.
        UPLOADS_DIR: path.join(dir, 'uploads'),
        OUTBOX_DIR: process.env.OUTBOX_DIR || path.join(dir, 'outbox'),
        LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      }),
    );
    service.port = instancePort;
    service.dir = dir;
    services.push(service);
  }
  for (const service of services) service.start();
  await Promise.all(
    services.map((service) =>
      waitFor(
        service.name.startsWith('api-')
          ? `http://127.0.0.1:${service.port}/backend/api/health`
          : `http://127.0.0.1:${service.port}/health`,
      ),
    ),
  );

  const gateway = prepareGateway(ROOT, nginx, { port, instancePorts, remotePorts });
  gatewayPrefix = gateway.prefix;
  const gatewayService = new Service('gateway', {
    command: nginx,
    args: gateway.args,
    restartDelayMs,
    maxRestarts,
    onGiveUp: () => void stopAll(1),
  });
  services.push(gatewayService);
  gatewayService.start();
  await waitFor(`http://127.0.0.1:${port}/gateway-health`, { timeoutMs: 30_000 });
  await waitFor(`http://127.0.0.1:${port}/backend/api/health`, { timeoutMs: 30_000 });

  writeState();
  console.log(
    [
      `[cluster] up on http://localhost:${port}`,
      `  api: ${instancePorts.map((p, i) => `api-${i + 1} 127.0.0.1:${p}`).join(', ')}`,
      `  remotes: ${REMOTES.map((remote) => `${remote} 127.0.0.1:${remotePorts[remote]}`).join(', ')}`,
      '  Ctrl-C stops it all.',
    ].join('\n'),
  );
  console.log(`cluster: ready ${JSON.stringify(state())}`);
} catch (error) {
  console.error(`[cluster] ${error instanceof Error ? error.message : error}`);
  await stopAll(1);
}
