// The public face of the auth remote: one entry per exposed module, nothing else.
export default {
  name: 'auth',
  exposes: {
    './UserMenu': './src/exposed/UserMenu.tsx',
  },
};
