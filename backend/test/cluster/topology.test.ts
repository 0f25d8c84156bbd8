/**
 * docker-compose.yml and its nginx configurations, checked without Docker: the YAML's structure
 * (two API instances, non-root containers, a health check on every service, the settings an
 * operator needs, every retained remote version), the gateway's configuration (round-robin over
 * every instance, nothing that adds, hides or caches headers) and both nginx files accepted by
 * `nginx -t`. The remote's container is run for real (this machine's nginx) to read the
 * Cache-Control it gives each kind of file, against the shop's own rule (cacheControlFor).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REMOTE_NAMES } from '@shop/contract/schemas/remotes';
import { parse } from 'yaml';
import { freePort } from '../../../scripts/cluster/freePort.cjs';
import { cacheControlFor } from '../../src/delivery/remoteFiles';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

interface ComposeService {
  image?: string;
  user?: string;
  build?: { dockerfile?: string };
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test?: string | string[] };
}

// Compose applies YAML merge keys (`<<: *app`); YAML 1.2 parsers do only when asked.
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const gatewayConf = read('docker/nginx-gateway.conf');
/** Every remote the shell composes has its container and its gateway location. */
const REMOTES: readonly string[] = REMOTE_NAMES;
const backends = Object.keys(services).filter((name) => /^backend-\d+$/.test(name));

/** The user the final stage of a Dockerfile runs as (its last USER), or root. */
function finalUser(dockerfile: string): string {
  const stages = read(dockerfile).split(/^FROM /m);
  const last = stages[stages.length - 1] ?? '';
  const users = [...last.matchAll(/^USER\s+(\S+)/gm)].map((match) => match[1]);
  return users[users.length - 1] ?? 'root';
}

/**
 * A temp nginx prefix with the cluster's own main configuration around `serverBlock`
 * (scripts/cluster/gateway.mjs nginxPrefix, run in a child: jest loads no .mjs).
 */
function nginxPrefix(serverBlock: string): { dir: string; args: string[] } {
  const script = `import { nginxPrefix } from ${JSON.stringify(path.join(ROOT, 'scripts/cluster/gateway.mjs'))};
    process.stdout.write(JSON.stringify(nginxPrefix(${JSON.stringify(serverBlock)})));`;
  const made = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString(),
  ) as { prefix: string; args: string[] };
  return { dir: made.prefix, args: made.args };
}

describe('docker-compose.yml', () => {
  it('runs PostgreSQL, two API instances, one container per remote and the gateway', () => {
    expect(Object.keys(services).sort()).toEqual(
      [...REMOTES, 'backend-1', 'backend-2', 'gateway', 'postgres'].sort(),
    );
  });

  it('has a health check on every service', () => {
    for (const [name, service] of Object.entries(services))
      expect({ name, has: (service.healthcheck?.test?.length ?? 0) > 0 }).toEqual({ name, has: true });
  });

  it('runs no container as root', () => {
    for (const [name, service] of Object.entries(services)) {
      const user = service.build
        ? finalUser(service.build.dockerfile ?? 'Dockerfile')
        : (service.user ?? (service.image?.startsWith('nginxinc/nginx-unprivileged:') ? 'nginx' : 'root'));
      expect({ name, root: user === 'root' || user === '0' }).toEqual({ name, root: false });
    }
  });

  it('gives every API instance the proxy trust, public URL, SMTP and shared release store', () => {
    expect(backends).toEqual(['backend-1', 'backend-2']);
    for (const name of backends) {
      const env = services[name]?.environment ?? {};
      expect(env.TRUST_PROXY).toBe('1');
      expect(env.SERVE_SITE).toBe('1');
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(env).toHaveProperty('PUBLIC_URL');
      expect(env).toHaveProperty('SMTP_URL');
      expect(services[name]?.volumes).toContain(`releases:${env.RELEASES_DIR}`);
    }
  });

  it("serves each remote's built-in version and every published one", () => {
    for (const remote of REMOTES) {
      expect(services[remote]?.volumes).toContain('releases:/srv/published/mfe:ro');
      expect(services[remote]?.build?.dockerfile).toBe('docker/app.Dockerfile');
    }
    const remoteConf = read('docker/nginx-remote.conf');
    expect(remoteConf).toMatch(/try_files \$uri @published;/);
    expect(remoteConf).toMatch(/location @published \{\s*root \/srv\/published;/);
  });
});

describe('the gateway (docker/nginx-gateway.conf)', () => {
  it('balances over every API instance with passive health, and reaches every remote', () => {
    const upstream = gatewayConf.match(/upstream backend \{([^}]*)\}/)?.[1] ?? '';
    const servers = [...upstream.matchAll(/server (\S+):8080 ([^;]*);/g)];
    expect(servers.map((match) => match[1])).toEqual(backends);
    for (const match of servers) expect(match[2]).toMatch(/max_fails=\d+ fail_timeout=\d+s/);
    for (const remote of REMOTES) {
      expect(gatewayConf).toMatch(new RegExp(`server ${remote}:8080 resolve;`));
      expect(gatewayConf).toMatch(new RegExp(`location /mfe/${remote}/ \\{\\s*proxy_pass http://${remote};`));
    }
  });

  it('never sends a request that reached an instance to another one (no non_idempotent retry)', () => {
    expect(gatewayConf).toMatch(/^\s*proxy_next_upstream error timeout;/m);
    expect(gatewayConf).not.toMatch(/non_idempotent/);
    // No kept connections: a POST on one to an instance that just died could not be retried.
    expect(gatewayConf).not.toMatch(/^\s*keepalive /m);
  });

  it('caps connections per client address (the instances behind it do not) and drops slow clients', () => {
    expect(gatewayConf).toMatch(/^limit_conn_zone \$binary_remote_addr zone=per_client:\d+m;/m);
    const server = gatewayConf.slice(gatewayConf.indexOf('server {'));
    expect(server).toMatch(/^\s*limit_conn per_client 256;/m);
    expect(server).toMatch(/^\s*limit_conn_status 429;/m);
    expect(server).toMatch(/^\s*client_header_timeout 10s;/m);
    expect(server).toMatch(/^\s*keepalive_timeout \d+s;/m);
    // A location with error_page of its own does not inherit the server's: each names the 429 too.
    for (const [, body] of server.matchAll(/location [^@{][^{]*\{([^}]*)\}/g))
      if (body?.includes('error_page')) expect(body).toMatch(/error_page 429 = @too_many_connections;/);
  });

  it('answers 503 with Retry-After, for pages and the API, when no instance answers', async () => {
    const ports = await Promise.all(Array.from({ length: 3 + REMOTES.length }, () => freePort()));
    const [port, one, two, ...remotes] = ports as [number, number, number, ...number[]];
    const remotePorts = Object.fromEntries(REMOTES.map((remote, i) => [remote, remotes[i]]));
    const script = `import { gatewayConfig } from ${JSON.stringify(path.join(ROOT, 'scripts/cluster/gateway.mjs'))};
      process.stdout.write(gatewayConfig(${JSON.stringify(gatewayConf)}, ${JSON.stringify({ port, instancePorts: [one, two], remotePorts })}));`;
    const local = execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString();
    const { dir, args } = nginxPrefix(local);
    const nginx = spawn(NGINX, args, { stdio: 'ignore' });
    try {
      let up = false;
      for (let i = 0; i < 100 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/gateway-health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await sleep(50);
      }
      expect(up).toBe(true);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('2');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toMatch(/briefly unavailable/);
      const api = await fetch(`http://127.0.0.1:${port}/backend/api/health`);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('2');
      expect(await api.json()).toMatchObject({ status: false, error: { code: 'SERVICE_UNAVAILABLE' } });
    } finally {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("passes the pages' own headers unchanged: nothing added, hidden or cached", () => {
    const outsideErrorAnswer = gatewayConf.replace(/location @\w+ \{[^}]*\}/g, '');
    expect(outsideErrorAnswer).not.toMatch(
      /add_header|proxy_hide_header|proxy_ignore_headers|proxy_cache|expires /,
    );
  });

  it('is accepted by nginx -t, as `npm run cluster` turns it to this machine', () => {
    const script = `import { gatewayConfig } from ${JSON.stringify(path.join(ROOT, 'scripts/cluster/gateway.mjs'))};
      process.stdout.write(gatewayConfig(${JSON.stringify(gatewayConf)}, { port: 9178, instancePorts: [9171, 9172], remotePorts: { catalog: 9173, cart_checkout: 9174, member: 9175, auth: 9176, admin: 9177 } }));`;
    const local = execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString();
    expect(local).toMatch(/listen 127\.0\.0\.1:9178;/);
    expect(local).toMatch(
      /server 127\.0\.0\.1:9171 max_fails=1 fail_timeout=3s;\s*server 127\.0\.0\.1:9172 max_fails/,
    );
    expect(local).not.toMatch(/ resolve;|^resolver /m);
    const { dir, args } = nginxPrefix(local);
    try {
      expect(() => execFileSync(NGINX, [...args, '-t', '-q'], { stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a remote's container (docker/nginx-remote.conf)", () => {
  it('caches hashed files for a year and revalidates remoteEntry.js, manifests and pages, as the shop does', async () => {
    const port = await freePort();
    const html = mkdtempSync(path.join(tmpdir(), 'shop-topology-html-'));
    chmodSync(html, 0o755);
    const version = path.join(html, 'mfe', 'catalog', '1.2.3');
    mkdirSync(version, { recursive: true });
    const files = [
      'remoteEntry.js',
      'mf-manifest.json',
      'release.json',
      'index.html',
      '123.4f2a9c.js',
      'main.css',
      'font.woff2',
    ];
    for (const file of files) writeFileSync(path.join(version, file), 'x');
    chmodSync(path.join(html, 'mfe'), 0o755);
    const conf = read('docker/nginx-remote.conf')
      .replaceAll('@REMOTE@', 'catalog')
      .replace('listen 8080;', `listen 127.0.0.1:${port};`)
      .replace('root /usr/share/nginx/html;', `root ${html};`);
    const { dir, args } = nginxPrefix(conf);
    execFileSync(NGINX, [...args, '-t', '-q'], { stdio: 'pipe' });
    const nginx = spawn(NGINX, args, { stdio: 'ignore' });
    try {
      let up = false;
      for (let i = 0; i < 100 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await sleep(50);
      }
      expect(up).toBe(true);
      for (const file of files) {
        const response = await fetch(`http://127.0.0.1:${port}/mfe/catalog/1.2.3/${file}`);
        expect({ file, status: response.status, cache: response.headers.get('cache-control') }).toEqual({
          file,
          status: 200,
          cache: cacheControlFor(file),
        });
      }
      // Another remote's files are not this container's.
      expect((await fetch(`http://127.0.0.1:${port}/mfe/member/1.2.3/remoteEntry.js`)).status).toBe(404);
    } finally {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
      rmSync(html, { recursive: true, force: true });
    }
  });
});
