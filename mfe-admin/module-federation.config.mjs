// The public face of the admin remote: the whole back office, mounted by the shell at /admin/*.
export default {
  name: 'admin',
  exposes: {
    './AdminApp': './src/exposed/AdminApp.tsx',
  },
};
