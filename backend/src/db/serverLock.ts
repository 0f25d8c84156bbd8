/**
 * PGlite is one process's database: a second process opening the same folder while the server
 * runs would corrupt it. The server marks its folder with its pid; tools (the admin CLI) refuse
 * to open a folder a live server holds. PostgreSQL needs none of this.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'shop-server.pid';

export function markServerRunning(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** The pid of a live server holding `dataDir`, or null. */
export function runningServerOf(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // a server that died without cleaning up
  }
}
