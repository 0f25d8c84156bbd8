import { fileURLToPath } from 'node:url';

// The host exposes nothing and compiles in no remote URL: remotes come from /remotes.json at boot.
export default {
  name: 'shell',
  runtimePlugins: [
    fileURLToPath(new URL('./src/federation/retry-plugin.ts', import.meta.url)),
    fileURLToPath(new URL('./src/federation/fallback-plugin.ts', import.meta.url)),
  ],
};
