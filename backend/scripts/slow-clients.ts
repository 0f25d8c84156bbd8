/**
 * A slow-client (slowloris) attack on a real server, measured: the API server (src/server.ts) runs
 * in a child process with a low open-file limit, an attacker process opens SLOW_SOCKETS sockets
 * from 127.0.0.1 and trickles one header byte per second on each, and meanwhile a shopper asks
 * `/health` from another address (127.0.0.2) every 200 ms. Reports the shopper's answers, the
 * attacker's sockets the server refused or timed out, and whether the server survived.
 *   npx tsx backend/scripts/slow-clients.ts    (SLOW_SOCKETS, default 10000; SLOW_SECONDS, default 8)
 * Loops are bounded in count and time; all traffic stays on 127.0.0.1/8.
 * Run as a child with SLOW_ROLE=attacker, this file is the attacker.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { becomesHealthy, spawnServer, stopServer } from './serverProcess';

const ROLE_ENV = 'SLOW_ROLE';
/** The server's open-file limit: low, so that sockets, not memory, run out first. */
export const SERVER_OPEN_FILES = 4096;

interface AttackerReport {
  opened: number;
  /** Sockets the server closed (refused at once, or timed out while trickling). */
  closedByServer: number;
  failedToConnect: number;
}

/** Child process: opens the sockets and trickles headers until told to stop. */
async function attack(port: number, count: number, seconds: number) {
  const sockets: Socket[] = [];
  const report: AttackerReport = { opened: 0, closedByServer: 0, failedToConnect: 0 };
  let stopping = false;
  const open = () =>
    new Promise<void>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.setNoDelay(true);
      socket.resume(); // read what the server sends, so its closing is seen
      socket.once('connect', () => {
        report.opened += 1;
        socket.write('GET /backend/api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        resolve();
      });
      socket.once('error', () => {
        if (report.opened === 0) report.failedToConnect += 1;
        resolve();
      });
      socket.once('close', () => {
        if (!stopping) report.closedByServer += 1;
      });
      sockets.push(socket);
    });
  for (let i = 0; i < count; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, count - i) }, open));
  }
  const trickle = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write('X-a: b\r\n');
  }, 1000);
  process.send?.({ type: 'opened', report });
  await new Promise<void>((resolve) => {
    const done = setTimeout(resolve, seconds * 1000);
    process.once('message', () => {
      clearTimeout(done);
      resolve();
    });
  });
  stopping = true;
  clearInterval(trickle);
  process.send?.({ type: 'report', report });
  for (const socket of sockets) socket.destroy();
  process.disconnect?.();
}

/** One GET from a given local address; status 0 when no answer came within 5 s. */
export function probe(url: string, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(url, { localAddress, agent: false, timeout: 5000 }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

export interface SlowClientFigures {
  sockets: number;
  attacker: AttackerReport;
  probes: number;
  probesOk: number;
  probeP95Ms: number;
  /** The shopper's /health from the attacker's own address after the attack. */
  afterwardsStatus: number;
  serverAlive: boolean;
}

export async function slowClientAttack(options: {
  sockets: number;
  seconds: number;
}): Promise<SlowClientFigures> {
  const { sockets, seconds } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-slow-'));
  const server = await spawnServer({
    openFiles: SERVER_OPEN_FILES,
    // SLOW_SERVER_DIR: another checkout's backend folder, to measure an older server the same way.
    backendDir: process.env.SLOW_SERVER_DIR,
    env: { DATABASE_URL: '', DATA_DIR: dataDir, SEED_PRODUCTS: '10', HTTP_HEADERS_TIMEOUT_MS: '3000' },
  });
  const { port } = server;
  const health = `${server.api}/health`;
  try {
    if (!(await becomesHealthy(server))) throw new Error(`the server did not start:\n${server.output()}`);
    const attacker = fork(__filename, [String(port), String(sockets), String(seconds)], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [ROLE_ENV]: 'attacker' },
    });
    const messages: { type: string; report: AttackerReport }[] = [];
    attacker.on('message', (message: { type: string; report: AttackerReport }) => messages.push(message));
    while (!messages.some((m) => m.type === 'opened') && attacker.exitCode === null) await sleep(50);
    const answers: { status: number; ms: number }[] = [];
    const until = Date.now() + seconds * 1000 - 500;
    while (Date.now() < until) {
      answers.push(await probe(health, '127.0.0.2'));
      await sleep(200);
    }
    if (attacker.connected) attacker.send('stop');
    await new Promise((resolve) =>
      attacker.exitCode === null ? attacker.once('exit', resolve) : resolve(null),
    );
    const report = messages.find((m) => m.type === 'report')?.report ?? {
      opened: 0,
      closedByServer: 0,
      failedToConnect: 0,
    };
    await sleep(500);
    const afterwards = await probe(health, '127.0.0.1');
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
    return {
      sockets,
      attacker: report,
      probes: answers.length,
      probesOk: answers.filter((a) => a.status === 200).length,
      probeP95Ms: Math.round(latencies[Math.max(0, Math.ceil(latencies.length * 0.95) - 1)] ?? Number.NaN),
      afterwardsStatus: afterwards.status,
      serverAlive: server.child.exitCode === null,
    };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const sockets = Number(process.env.SLOW_SOCKETS ?? 10_000);
  const seconds = Number(process.env.SLOW_SECONDS ?? 8);
  const figures = await slowClientAttack({ sockets, seconds });
  console.log(
    `slow clients: ${figures.sockets} slow-header sockets from 127.0.0.1 for ${seconds} s (server open-file limit ${SERVER_OPEN_FILES})`,
  );
  console.log(
    `  attacker: ${figures.attacker.opened} connected, ${figures.attacker.closedByServer} closed by the server, ${figures.attacker.failedToConnect} failed to connect`,
  );
  console.log(
    `  shopper /health from 127.0.0.2: ${figures.probesOk}/${figures.probes} answered 200, p95 ${figures.probeP95Ms} ms; afterwards from 127.0.0.1: ${figures.afterwardsStatus}; server ${figures.serverAlive ? 'alive' : 'DEAD'}`,
  );
}

if (process.env[ROLE_ENV] === 'attacker') {
  const [port, count, seconds] = process.argv.slice(2).map(Number);
  attack(port ?? 0, count ?? 0, seconds ?? 0).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
