// The one version list for everything shared as a Module Federation singleton. Every app's
// package.json must ask for these exact versions (a unit test in shared checks it).
export const SHARED_SINGLETONS = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-dom': '19.3.1',
  'react-dom/client': '19.3.1',
  // react-router-dom re-exports react-router: share both or a remote importing react-router
  // gets its own copy and loses the Router context.
  'react-router': '7.18.5',
  'react-router-dom': '7.18.5',
  rxjs: '7.8.2',
  '@shop/shared': '0.1.0',
};

/** Ports used by `npm run dev` (webpack-dev-server) and by each app run alone. */
export const DEV_PORTS = {
  shell: 3000,
  catalog: 3001,
  cart_checkout: 3002,
  member: 3003,
  auth: 3004,
};

export const BACKEND_DEV_URL = 'http://localhost:8080';
