import type { ApiBody, ApiClient } from '@shop/shared';

/**
 * Member sign-up (spec 000 §3) as the Sign Up form sends it: stricter than the contract's body
 * (every field the form asks for is there), and checked against it where it is sent.
 */
export interface RegistrationBody {
  type: 'Registration';
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  confirm_password: string;
  mobile: string;
  country_id: number;
  gender: string;
  guest_cart_session_token: string | null;
  /** The wishlist-e-mail user's token, if this browser holds one: their wishlist joins the account. */
  wishlist_token: string | null;
}

/** Guest express sign-up (spec 001 §3), as the contract takes it. */
export type GuestRegistrationBody = ApiBody<'POST', 'buyers/register-guest'>;

/** The buyers/* calls of the auth screens, over any API client. */
export function createAuthApi(client: ApiClient) {
  return {
    login: (body: ApiBody<'POST', 'buyers/login'>) => client.post('buyers/login', body),
    logout: () => client.post('buyers/logout', {}),
    isLoggedIn: () => client.get('buyers/is-logged-in'),
    checkEmailExist: (email: string) => client.post('buyers/check-email-exist', { email }),
    register: (body: RegistrationBody) => client.post('buyers/register', body),
    registerGuest: (body: GuestRegistrationBody) => client.post('buyers/register-guest', body),
    registerWishlist: (email: string) => client.post('buyers/register-wishlist', { email, type: 'Wishlist' }),
    forgotPassword: (email: string) => client.post('buyers/forgot-password', { email }),
    checkResetPasswordHash: (hash: string) => client.post('buyers/check-reset-password-hash', { hash }),
    resetPassword: (body: { hash: string; password: string; confirm_password: string }) =>
      client.post('buyers/reset-password', body),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
