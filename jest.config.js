// One Jest run with a project per package, so `npm test` starts Jest once per level (unit, api).
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const browserProject = (displayName, dir) => ({
  displayName,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/{src,sw}/**/*.test.ts?(x)'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
  setupFilesAfterEnv: ['<rootDir>/../shared/test/setup-dom.ts'],
});

module.exports = {
  // Two workers even on a 2-core machine (Jest's default there, cores - 1, is one: in band). Every
  // backend test file has its own databases, ports and folders, and much of their time is waiting
  // (PostgreSQL, child processes, back-offs): 20 API files took 242 s instead of 335 s in band.
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
  projects: [
    {
      displayName: 'contract',
      rootDir: '<rootDir>/contract',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
    },
    browserProject('shared', 'shared'),
    browserProject('shell', 'shell'),
    browserProject('catalog', 'mfe-catalog'),
    browserProject('cart_checkout', 'mfe-cart-checkout'),
    browserProject('member', 'mfe-member'),
    browserProject('auth', 'mfe-auth'),
    browserProject('admin', 'mfe-admin'),
    {
      displayName: 'backend',
      rootDir: '<rootDir>/backend',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.cjs$': swc },
      // Jest on Node 20 cannot require ESM-only packages (the nested copies: sanitize-html's parser,
      // light-my-request's cookie, @fastify/static's deps) nor run the dynamic import() inside
      // PGlite's CommonJS build: compile those to plain CommonJS, leave the rest of node_modules alone.
      transformIgnorePatterns: [
        '^(?!.*/node_modules/.*/node_modules/)(?!.*/node_modules/@electric-sql/pglite/).*/node_modules/',
      ],
      testTimeout: 60000,
      globalSetup: '<rootDir>/test/globalSetup.cjs',
      globalTeardown: '<rootDir>/test/globalTeardown.cjs',
    },
  ],
};
