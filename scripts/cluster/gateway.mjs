// The cluster's gateway: nginx with docker/nginx-gateway.conf, the file docker-compose mounts,
// turned to this machine: 127.0.0.1 and the cluster's ports in place of the service names, no
// Docker DNS (`resolver`, ` resolve`), listening on 127.0.0.1 only. nginx runs in the foreground
// (`daemon off`) with a prefix, pid file and temp folders of its own in a temp folder.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The nginx binary; installed with apt-get when missing and this runs as root on Debian. */
export function nginxBinary() {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  const found = candidates.find((file) => file && existsSync(file));
  if (found) return found;
  if (asRoot && existsSync('/usr/bin/apt-get')) {
    console.log("[cluster] nginx is missing: installing Debian's nginx (apt-get)");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  }
  throw new Error(
    'nginx is not installed: install it (Debian: apt-get install nginx) or set NGINX to its path',
  );
}

/**
 * docker/nginx-gateway.conf for this machine.
 * @param {string} template the file's text
 * @param {{ port: number, instancePorts: number[], remotePorts: Record<string, number> }} ports
 */
export function gatewayConfig(template, { port, instancePorts, remotePorts }) {
  let text = template.replace(/^resolver .*\n/m, '').replaceAll(' resolve;', ';');
  // The backend's servers: one line per instance, each with the template's parameters.
  text = text.replace(
    /^([ \t]*)server backend-1:8080([^;\n]*);\n(?:[ \t]*server backend-\d+:8080[^;\n]*;\n)*/m,
    (_, indent, parameters) =>
      instancePorts.map((p) => `${indent}server 127.0.0.1:${p}${parameters};\n`).join(''),
  );
  for (const [remote, remotePort] of Object.entries(remotePorts))
    text = text.replace(`server ${remote}:8080;`, `server 127.0.0.1:${remotePort};`);
  text = text.replace(/^([ \t]*)listen 8080;/m, `$1listen 127.0.0.1:${port};`);
  const left = text.match(/^\s*(server [A-Za-z_-][\w-]*:\d+|listen \d+;|resolver )/m);
  if (left) throw new Error(`docker/nginx-gateway.conf: "${left[1].trim()}" was not turned to this machine`);
  return text;
}

/** The main configuration around the gateway's server block, in `prefix`. */
function mainConfig(prefix) {
  const mimeTypes = ['/etc/nginx/mime.types', '/usr/local/nginx/conf/mime.types'].find(existsSync);
  return [
    'daemon off;',
    'worker_processes 1;',
    // Workers of a root master run as nobody (they read nothing on disk but their temp folders).
    asRoot ? 'user nobody nogroup;' : '',
    `pid ${prefix}/nginx.pid;`,
    'error_log stderr error;',
    'events { worker_connections 4096; }',
    'http {',
    mimeTypes ? `  include ${mimeTypes};` : '',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${prefix}/${kind}_temp;`,
    ),
    `  include ${prefix}/gateway.conf;`,
    '}',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * A new temp folder with `serverConf` (a file of the http block: a server and what goes with it)
 * inside this module's main configuration, as the cluster and the topology test run nginx.
 * @param {string} serverConf
 * @returns {{ prefix: string, args: string[] }} the folder, and nginx's arguments to run it
 */
export function nginxPrefix(serverConf) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'shop-cluster-nginx-'));
  chmodSync(prefix, 0o755);
  writeFileSync(path.join(prefix, 'gateway.conf'), serverConf);
  writeFileSync(path.join(prefix, 'nginx.conf'), mainConfig(prefix));
  return { prefix, args: ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'] };
}

/**
 * Writes the configuration into a new temp folder and checks it (`nginx -t`).
 * @returns {{ prefix: string, args: string[] }} the folder, and nginx's arguments to run it
 */
export function prepareGateway(root, nginx, ports) {
  const template = readFileSync(path.join(root, 'docker', 'nginx-gateway.conf'), 'utf8');
  const { prefix, args } = nginxPrefix(gatewayConfig(template, ports));
  try {
    execFileSync(nginx, [...args, '-t', '-q'], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`nginx refused the gateway's configuration:\n${error.stderr?.toString() ?? error}`);
  }
  return { prefix, args };
}
