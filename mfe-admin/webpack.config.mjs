import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@shop/shared/build/webpack.mjs';
import federation from './module-federation.config.mjs';

export default createAppConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  federation,
  title: 'Back office (standalone)',
});
