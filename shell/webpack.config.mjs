import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_PORTS } from '@shop/shared/build/shared-dependencies.mjs';
import { createAppConfig } from '@shop/shared/build/webpack.mjs';
import federation from './module-federation.config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// In development every remote runs on its own dev server; the shell's dev server answers
// /remotes.json with their addresses (production gets it from the serving side).
const devRegistry = Object.fromEntries(
  Object.entries(DEV_PORTS)
    .filter(([name]) => name !== 'shell')
    .map(([name, port]) => [name, { entry: `http://localhost:${port}/remoteEntry.js` }]),
);

const appConfig = createAppConfig({
  dir,
  federation,
  isHost: true,
  title: 'Gift Shop',
  devServer: (options) => ({
    ...options,
    setupMiddlewares: (middlewares, server) => {
      server.app.get('/remotes.json', (_req, res) => {
        res.set('Cache-Control', 'no-cache').json(devRegistry);
      });
      return middlewares;
    },
  }),
});

/**
 * The service worker (shell/sw): its own small build for the worker global scope, written into
 * the shell's dist as /sw.js after the shell's build (which cleans that folder first).
 */
const serviceWorkerConfig = {
  name: 'shell-service-worker',
  dependencies: ['shell'],
  mode: 'production',
  target: 'webworker',
  context: dir,
  entry: { sw: './sw/serviceWorker.ts' },
  output: { path: path.join(dir, 'dist'), filename: 'sw.js', clean: false },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        use: {
          loader: 'ts-loader',
          options: { transpileOnly: true, configFile: path.join(dir, 'sw/tsconfig.json') },
        },
      },
    ],
  },
  devtool: false,
  performance: { hints: false },
  stats: 'errors-warnings',
};

/** Production builds the shell and its service worker; development serves the shell alone. */
export default (env, argv) =>
  argv.mode === 'development' ? appConfig(env, argv) : [appConfig(env, argv), serviceWorkerConfig];
