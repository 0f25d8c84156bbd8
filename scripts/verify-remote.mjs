// One app's own pipeline, alone: what a team runs before releasing its remote.
//   node scripts/verify-remote.mjs <app-dir>        e.g. mfe-catalog (npm run verify -w mfe-catalog)
// Steps, in order, stopping at the first failure: lint (Biome on the app's folder), types (tsc on
// the app's tsconfig.json), unit tests (its Jest project), build (scripts/build.mjs <dir>, nothing
// else rebuilt), contract (the fresh dist against the shell's build). Prints each step's time and
// the total; exits 1 when a step fails, 2 when the folder is not an app.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { APPS, ROOT } from './apps.mjs';

const BIN = path.join(ROOT, 'node_modules', '.bin');

/** Runs a command from the repository root with the output shown; resolves with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The steps of one app. A step resolves with null when it passed, else the reason it failed. */
function stepsOf(app) {
  const dir = app.dir;
  const command = (bin, args) => async () =>
    (await run(path.join(BIN, bin), args)) === 0 ? null : `${bin} failed`;
  const types = [command('tsc', ['-p', path.join(dir, 'tsconfig.json')])];
  // The shell also compiles its service worker, with a tsconfig of its own (as `npm run typecheck`).
  if (existsSync(path.join(ROOT, dir, 'sw', 'tsconfig.json')))
    types.push(command('tsc', ['-p', path.join(dir, 'sw', 'tsconfig.json')]));
  return [
    { name: 'lint', run: command('biome', ['check', dir]) },
    { name: 'types', run: sequence(types) },
    // The Jest project is the app's federation name (jest.config.js), the shell's is 'shell'.
    { name: 'unit', run: command('jest', ['--selectProjects', app.name]) },
    {
      name: 'build',
      run: async () =>
        (await run(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), dir])) === 0
          ? null
          : 'build failed',
    },
    { name: 'contract', run: () => contractCheck(app) },
  ];
}

function sequence(steps) {
  return async () => {
    for (const step of steps) {
      const failure = await step();
      if (failure) return failure;
    }
    return null;
  };
}

/**
 * The fresh build against the shell: the release checks a promote runs (backend/scripts/
 * check-build.ts: entry and manifest parse, exposed modules, bus contract, shared singletons).
 * A remote needs the shell's build, built first when it is missing; the shell's own verify checks
 * every remote built here against the fresh shell.
 */
async function contractCheck(app) {
  if (app.name !== 'shell' && !existsSync(path.join(ROOT, 'shell', 'dist', 'mf-manifest.json'))) {
    console.log("[verify] the shell's build is missing: building it for the contract check");
    if ((await run(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), 'shell'])) !== 0)
      return 'the shell did not build';
  }
  const script = path.join(ROOT, 'backend', 'scripts', 'check-build.ts');
  return (await run(path.join(BIN, 'tsx'), [script, app.name])) === 0 ? null : 'release checks failed';
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const dir = (process.argv[2] ?? '').replace(/\/+$/, '');
  const app = APPS.find((candidate) => candidate.dir === path.basename(path.resolve(ROOT, dir)));
  if (!dir || !app) {
    console.error(`usage: node scripts/verify-remote.mjs <${APPS.map((a) => a.dir).join('|')}>`);
    return 2;
  }
  const started = Date.now();
  const times = [];
  for (const step of stepsOf(app)) {
    console.log(`\n[verify] ${app.dir}: ${step.name}`);
    const stepStarted = Date.now();
    const failure = await step.run();
    times.push(`${step.name} ${seconds(Date.now() - stepStarted)}`);
    if (failure) {
      console.error(`\n[verify] ${app.dir}: ${step.name} FAILED: ${failure}`);
      console.error(`[verify] ${times.join(', ')}; total ${seconds(Date.now() - started)}`);
      return 1;
    }
  }
  console.log(`\n[verify] ${app.dir} passed: ${times.join(', ')}; total ${seconds(Date.now() - started)}`);
  return 0;
}

process.exitCode = await main();
