import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@shop/shared/build/webpack.mjs';
import federation from './module-federation.config.mjs';

export default createAppConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  federation,
  title: 'Catalog (standalone)',
  // What its pages read on their first render: the server's first screen is taken over by them.
  firstScreenReads: 'src/firstScreenReads.ts',
});
