/**
 * `npm run cluster` (scripts/cluster.mjs) in a child process, as an operator starts it: two API
 * instances behind nginx on one port, the remotes on their own origins, on the PostgreSQL a test
 * names. No build (the API is what these tests use), a data folder and a release store of its own,
 * everything on 127.0.0.1. The cluster prints `cluster: ready {json}` once it serves, and keeps
 * its current pids in `<data dir>/cluster.json` (an instance that dies is started again).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface ClusterInstance {
  name: string;
  port: number;
  pid: number | null;
  /** The instance's own folder (its uploads and outbox, as a container's disk). */
  dir: string;
}

export interface ClusterState {
  /** The cluster script's own process. */
  pid: number;
  gateway: string;
  instances: ClusterInstance[];
  remotes: Record<string, string>;
  gatewayPid: number | null;
}

export interface RunningCluster {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/backend/api, through the gateway. */
  api: string;
  /** Each instance's API straight, around the gateway: http://127.0.0.1:<port>/backend/api. */
  instanceApis: string[];
  /** The cluster's state now (pids change when an instance is started again). */
  state(): ClusterState;
  output(): string;
  stop(): Promise<number | null>;
}

export interface ClusterOptions {
  databaseUrl: string;
  env?: Record<string, string>;
  /** How long it may take to be ready before it is stopped and this throws (default 150 s). */
  readyTimeoutMs?: number;
}

const READY = 'cluster: ready ';

/**
 * Every cluster this process started and that has not ended: stopped by `stopStartedClusters()`
 * (a test's afterAll, even when its beforeAll timed out before the cluster was ready) and, as a
 * last resort, sent SIGTERM when this process exits. The cluster also stops by itself when its
 * standard input (a pipe from here) ends, i.e. when this process is gone however it ended.
 */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGTERM');
});

/** Stops every cluster this process started that still runs (SIGTERM; waits for each to end). */
export async function stopStartedClusters(): Promise<void> {
  await Promise.all(
    [...started].map((child) => {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      return gone;
    }),
  );
}

/** Starts `npm run cluster` on free ports (the ready JSON names them). */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-cluster-test-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'cluster.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      CLUSTER_PORT: '0',
      CLUSTER_BUILD: '0',
      CLUSTER_DATA_DIR: dataDir,
      CLUSTER_STOP_ON_STDIN_END: '1',
      RELEASES_DIR: path.join(dataDir, 'releases'),
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: 'error',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      started.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  let output = '';
  const readyTimeoutMs = options.readyTimeoutMs ?? 150_000;
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<ClusterState>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(READY));
      if (line) resolve(JSON.parse(line.slice(READY.length)) as ClusterState);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) =>
      reject(new Error(`the cluster ended (${code}) before it was ready:\n${output}`)),
    );
    timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the cluster was not ready within ${readyTimeoutMs / 1000} s:\n${output}`));
    }, readyTimeoutMs);
  });
  let first: ClusterState;
  try {
    first = await ready;
  } finally {
    clearTimeout(timer);
  }
  const gateway = first.gateway.replace('localhost', '127.0.0.1');
  return {
    child,
    api: `${gateway}/backend/api`,
    instanceApis: first.instances.map((instance) => `http://127.0.0.1:${instance.port}/backend/api`),
    state: () => JSON.parse(readFileSync(path.join(dataDir, 'cluster.json'), 'utf8')) as ClusterState,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface Answer {
  status: number;
  at: number;
  retryAfter: string | null;
  body: { status?: boolean; data?: { order_id?: string }; error?: { code?: string } } | null;
}

/** The answer's data, typed by the caller; throws, quoting the answer, when it is not a 200 with data. */
export function dataOf<T>(answer: Answer): T {
  const data = answer.body?.data;
  if (answer.status !== 200 || !data)
    throw new Error(`HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
  return data as unknown as T;
}

/** One request; status 0 when no answer came at all. */
export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let body: Answer['body'] = null;
    try {
      body = JSON.parse(text) as Answer['body'];
    } catch {
      body = null;
    }
    return { status: response.status, at: Date.now(), retryAfter: response.headers.get('retry-after'), body };
  } catch {
    return { status: 0, at: Date.now(), retryAfter: null, body: null };
  }
}
