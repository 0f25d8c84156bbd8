/**
 * The real API server (src/server.ts) in a child process of its own, as an operator starts it:
 * for the tests and measurements that need a process that can die, be refused a start, or run
 * under a lower open-file limit. API only (no site), on 127.0.0.1, quiet logs, mail and uploads in
 * temp folders; `env` overrides any of it (DATABASE_URL, DATA_DIR, timeouts…).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../scripts/cluster/freePort.cjs';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port>/backend/api */
  api: string;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null>;
}

export interface ServerProcessOptions {
  env?: Record<string, string>;
  /** The process's soft limit on open files (`ulimit -n`), where a test needs it low. */
  openFiles?: number;
  /** The backend folder to start (default this one; another checkout's to measure it the same way). */
  backendDir?: string;
}

export async function spawnServer(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const scratch = mkdtempSync(path.join(tmpdir(), 'shop-server-'));
  const command = `"${process.execPath}" --import tsx src/server.ts`;
  const child = spawn(
    'bash',
    ['-c', options.openFiles ? `ulimit -n ${options.openFiles} && exec ${command}` : `exec ${command}`],
    {
      cwd: options.backendDir ?? path.join(__dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SERVE_SITE: '0',
        LOG_LEVEL: 'error',
        OUTBOX_DIR: path.join(scratch, 'outbox'),
        UPLOADS_DIR: path.join(scratch, 'uploads'),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    port,
    api: `http://127.0.0.1:${port}/backend/api`,
    output: () => output,
    exited: () => exit,
  };
}

/** True once `/health` answers 200; false if the process ended first or 60 s went by. */
export async function becomesHealthy(server: ServerProcess): Promise<boolean> {
  for (let i = 0; i < 600 && server.child.exitCode === null; i++) {
    try {
      const response = await fetch(`${server.api}/health`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) return true;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return false;
}

/** SIGTERM (a clean shutdown), then waits for the exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited();
}
