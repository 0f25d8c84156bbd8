// `npm run dev`: the backend (API only) and every app on its own webpack-dev-server with hot
// reload. The shell's dev server answers /remotes.json with the remotes' dev addresses.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { APPS, ROOT } from './apps.mjs';

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', path.join(ROOT, 'backend', 'src', 'server.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SERVE_SITE: '0' },
  }),
  ...APPS.map(({ dir }) =>
    spawn(bin('webpack'), ['serve', '--mode', 'development'], {
      cwd: path.join(ROOT, dir),
      stdio: 'inherit',
    }),
  ),
];

const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log('[dev] shell on http://localhost:3000 (API on http://localhost:8080/backend/api)');
