// The public face of the member remote: one entry per exposed module, nothing else.
export default {
  name: 'member',
  exposes: {
    './MemberArea': './src/exposed/MemberArea.tsx',
    './NotificationsButton': './src/exposed/NotificationsButton.tsx',
  },
};
