// The one version list for everything shared as a Module Federation singleton. Every app's
// package.json must ask for these exact versions (a unit test in shared checks it).
export const SHARED_SINGLETONS = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-dom': '19.3.1',
  'react-dom/client': '19.3.1',
  '@shop/shared': '0.1.0',
  // Routing goes through this facade so react-router is tree-shaken once, in the shell's build,
  // instead of shipping whole (see shared/src/router.ts). rxjs is private to @shop/shared.
  '@shop/shared/router': '0.1.0',
  // Redux Toolkit and React Redux, once per page (see shared/src/redux.ts).
  '@shop/shared/redux': '0.1.0',
};

/** Packages only @shop/shared may import: through it they are loaded once and tree-shaken. */
export const PRIVATE_TO_SHARED = [
  'react-router',
  'react-router-dom',
  'rxjs',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query/react',
  'react-redux',
];

/** Ports used by `npm run dev` (webpack-dev-server) and by each app run alone. */
export const DEV_PORTS = {
  shell: 3000,
  catalog: 3001,
  cart_checkout: 3002,
  member: 3003,
  auth: 3004,
  admin: 3005,
};

export const BACKEND_DEV_URL = 'http://localhost:8080';
