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

export default createAppConfig({
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
