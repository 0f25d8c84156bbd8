/**
 * What a slow or greedy client may hold of the server: time to send its headers and its request,
 * idle time between keep-alive requests, and sockets, in all and per client address. Without
 * them a few thousand sockets that trickle their headers (slowloris) keep every file descriptor
 * busy, and the server can neither accept a shopper nor open a file (EMFILE, then 500s).
 *
 * The per-address cap counts the socket's peer, which is all a socket tells (X-Forwarded-For comes
 * later, in a request). A trusted proxy's sockets carry many clients, so they are not capped: the
 * proxy limits connections per client instead (nginx: limit_conn). Which peers are trusted proxies
 * is TRUST_PROXY's (hooks/rateLimits.ts, proxyPeerTest): with hops any peer may be one, so nothing
 * is capped per address; with a list, a peer outside it is capped by its own address, exactly as
 * without TRUST_PROXY.
 */
import { readFileSync } from 'node:fs';
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** The request line and every header must arrive within this (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** The whole request, body included (a 1 MB upload from a slow phone fits). */
  requestTimeoutMs: number;
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open sockets in all; never more than the process's file descriptors allow (see below). */
  maxConnections: number;
  /** Open sockets from one peer address; 0 turns the cap off. */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
  maxConnectionsPerAddress: 256,
};

/** How often Node looks for sockets past headersTimeout / requestTimeout (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** File descriptors kept free of client sockets: database connections, static files, uploads, logs. */
export const RESERVED_FILE_DESCRIPTORS = 512;

/** The soft limit on open files of this process (Linux), or null where it cannot be read. */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    const n = Number(soft);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null; // not Linux: the configured cap stands alone
  }
}

/** The configured cap, lowered so client sockets can never take the last file descriptors. */
export function effectiveMaxConnections(configured: number, fileLimit = openFileLimit()): number {
  if (fileLimit === null) return configured;
  return Math.max(1, Math.min(configured, fileLimit - RESERVED_FILE_DESCRIPTORS));
}

/** Options of Node's http.createServer that Fastify does not set itself. */
export function httpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  };
}

/**
 * Caps the sockets of a listening server: in all (Node drops the extra) and per peer address,
 * except for peers `isTrustedProxy` names.
 */
export function capConnections(
  server: Server,
  limits: ConnectionLimits,
  isTrustedProxy: (address: string) => boolean,
): void {
  server.maxConnections = effectiveMaxConnections(limits.maxConnections);
  if (limits.maxConnectionsPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (isTrustedProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
