// `npm start`: builds what is missing, then serves the whole shop on one origin
// (http://localhost:8080 unless PORT is set): shell, remotes under /mfe/, API under /backend/api.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './apps.mjs';
import { appsToBuild, buildApps } from './build.mjs';

await buildApps(appsToBuild([]));

const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const server = spawn(tsx, [path.join(ROOT, 'backend', 'src', 'server.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});

// Ctrl-C reaches the server too (same process group); wait for it to close the database.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
