/** The back office's own words, in one place (the shop's texts are the spec's, in @shop/contract). */
export const ADMIN_TEXTS = {
  appName: 'Back office',
  signInTitle: 'Back office sign-in',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  backToShop: 'Back to the shop',
  emailRequired: 'Enter your e-mail.',
  passwordRequired: 'Enter your password.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  unreachable: 'The back office could not be reached. Please try again.',
  ownersOnlyTitle: 'Owners only',
  ownersOnlyText: 'This page is for the shop’s owners. Ask an owner if you need something done here.',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no back-office page at this address.',
  loading: 'Loading…',
} as const;
