// The cluster's long-running children (API instances, remote origins, nginx): each one's output
// prefixed with its name, restarted when it dies on its own (as docker-compose's
// `restart: unless-stopped` does) but not forever: a child that ends `maxRestarts` times within
// `restartWindowMs` is given up (`onGiveUp`), and stopped with SIGTERM, then SIGKILL after a grace
// period.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Writes each line a child prints, prefixed with its name. */
function prefixLines(stream, name, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`[${name}] ${rest}\n`);
  });
}

export class Service {
  /**
   * @param {string} name
   * @param {{ command: string, args: string[], env?: NodeJS.ProcessEnv, cwd?: string,
   *   restartDelayMs?: number, maxRestarts?: number, restartWindowMs?: number,
   *   onStart?: (service: Service) => void, onGiveUp?: (service: Service) => void }} spec
   */
  constructor(name, spec) {
    this.name = name;
    this.spec = spec;
    /** @type {import('node:child_process').ChildProcess | null} */
    this.child = null;
    this.stopping = false;
    this.restarts = 0;
    /** When it ended on its own, the last `maxRestarts` times (ms). */
    this.endings = [];
  }

  get pid() {
    return this.child?.pid ?? null;
  }

  start() {
    const { command, args, env, cwd } = this.spec;
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    prefixLines(child.stdout, this.name, process.stdout);
    prefixLines(child.stderr, this.name, process.stderr);
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.stopping) return;
      const delay = this.spec.restartDelayMs ?? 1000;
      const max = this.spec.maxRestarts ?? 5;
      const windowMs = this.spec.restartWindowMs ?? 60_000;
      const now = Date.now();
      this.endings = [...this.endings, now].filter((at) => now - at < windowMs);
      if (this.endings.length > max) {
        console.error(
          `[cluster] ${this.name} ended ${this.endings.length} times within ${windowMs / 1000} s (${signal ?? `exit ${code}`}): not starting it again`,
        );
        this.stopping = true;
        this.spec.onGiveUp?.(this);
        return;
      }
      console.log(
        `[cluster] ${this.name} ended (${signal ?? `exit ${code}`}); starting it again in ${delay} ms`,
      );
      setTimeout(() => {
        if (this.stopping || this.child) return;
        this.restarts += 1;
        this.start();
      }, delay);
    });
    this.spec.onStart?.(this);
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  async stop(graceMs = 10_000) {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }
}

/** Resolves once `url` answers 200, or throws after `timeoutMs` (or once `alive()` says no). */
export async function waitFor(url, { timeoutMs = 180_000, alive = () => true } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (!alive()) throw new Error(`${url}: the process ended before it answered`);
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Throws, naming the port, when something already listens on 127.0.0.1:port. */
export function assertPortFree(port, what) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(new Error(`port ${port} (${what}) is in use: stop what holds it or set CLUSTER_PORT`)),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(undefined)));
  });
}
