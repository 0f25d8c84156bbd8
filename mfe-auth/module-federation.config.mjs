// The public face of the auth remote: one entry per exposed module, nothing else.
export default {
  name: 'auth',
  exposes: {
    './UserMenu': './src/exposed/UserMenu.tsx',
    './AuthModals': './src/exposed/AuthModals.tsx',
    './LoginPage': './src/exposed/LoginPage.tsx',
    './ForgotPasswordPage': './src/exposed/ForgotPasswordPage.tsx',
    './ResetPasswordPage': './src/exposed/ResetPasswordPage.tsx',
    './GuestCheckoutPanel': './src/exposed/GuestCheckoutPanel.tsx',
  },
  // Mounted by the shell's frame on every page (FRAME_FRAGMENTS in @shop/contract/routes).
  frameFragments: ['./UserMenu', './AuthModals'],
};
