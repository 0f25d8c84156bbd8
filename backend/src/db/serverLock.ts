/**
 * PGlite is one process's database: a second process opening the same folder while the server
 * runs would corrupt it. The server marks its folder with its pid; tools (the admin CLI) refuse
 * to open a folder a live server holds. PostgreSQL needs none of this.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'shop-server.pid';

/**
 * Marks `dataDir` as this server's for as long as the process lives (the mark goes on exit), or
 * throws when a live server holds it. The mark is created exclusively, so of two servers starting
 * together one wins; a mark left by a process that died is taken over.
 */
export function holdDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = runningServerOf(dataDir);
      if (holder !== null) {
        throw new Error(
          `${dataDir} is in use by a running server (pid ${holder}); stop it first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true }); // left by a server that died
    }
  }
  process.on('exit', () => {
    if (runningServerOf(dataDir) === null) rmSync(file, { force: true });
  });
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
