/**
 * The contract between teams: every state and every command that crosses a remote's border.
 * Adding a member is a minor change; renaming, removing or reshaping one is a breaking change:
 * raise BUS_CONTRACT_VERSION (`@shop/contract/bus`) and tell every team, because remotes are
 * deployed one at a time and an old remote keeps talking to the new shell. The shell refuses a
 * remote built against another major (`checkBusContract`): it shows that remote's fallback.
 *
 * Owners (the only ones that publish a state or handle a command):
 * - session, `session.start`, `session.end`, `session.updateUser`: auth. Nobody else writes the
 *   session; the others send these commands. Two exceptions, both outside auth's reach: the shell
 *   publishes the stored session once at start (`initSessionFromStorage`, before any remote has
 *   loaded), and cart_checkout, which owns the guest cart, notes its guest cart token
 *   (`setGuestSessionToken`): the token must be in storage at once for the hand-over between tabs.
 * - cart, wishlist, `cart.add`, `wishlist.toggle`: cart_checkout
 * - currency, startup, `ui.toast`: shell
 * - `ui.openSignIn`, `ui.openSignUp`, `ui.openWishlistEmail`: auth
 */
import type { CartAdjustment, Currency, Profile, StartupContent, User } from '@shop/contract';
import type { WishlistUser } from '../session/storage';

export { BUS_CONTRACT_VERSION } from '@shop/contract/bus';

// ---------------------------------------------------------------- states

export interface SessionState {
  /** Signed-in Member or Guest; null when nobody is signed in. */
  user: User | null;
  /** Identifies a guest cart; sent with every cart call. */
  guestSessionToken: string | null;
  /** A shopper who registered only an e-mail for the wishlist (its calls carry its own token). */
  wishlistUser: WishlistUser | null;
}

export interface CartSummary {
  itemCount: number;
  productIds: number[];
  /** In the cart's selected currency. */
  subTotal: number;
  currencySymbol: string;
}

export interface WishlistState {
  productIds: number[];
}

/** States are BehaviorSubjects: a late subscriber gets the last value at once. */
export interface BusStates {
  session: SessionState;
  cart: CartSummary;
  wishlist: WishlistState;
  /** The selected currency; null until the shell has read the startup content. */
  currency: Currency | null;
  /** null until the shell has loaded the startup content. */
  startup: StartupContent | null;
}

export type StateName = keyof BusStates;

export const initialBusStates: Readonly<BusStates> = {
  session: { user: null, guestSessionToken: null, wishlistUser: null },
  cart: { itemCount: 0, productIds: [], subTotal: 0, currencySymbol: '$' },
  wishlist: { productIds: [] },
  currency: null,
  startup: null,
};

// ---------------------------------------------------------------- commands

export interface ToastRequest {
  message: string;
  link?: { to: string; label: string };
  tone?: 'success' | 'error' | 'info';
}

/**
 * What a command answers when it has nothing to say. `void` rather than `undefined` so a handler
 * may be any function, e.g. `() => setOpen(true)`.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler's result is a function's return value
export type NoResult = void;

/** Commands are request/response: `payload` goes to the owner's handler, `result` comes back. */
export interface BusCommands {
  'cart.add': { payload: { productId: number; quantity?: number }; result: { itemCount: number } };
  'wishlist.toggle': { payload: { productId: number }; result: { inWishlist: boolean } };
  'ui.openSignIn': { payload: undefined; result: NoResult };
  'ui.openSignUp': { payload: undefined; result: NoResult };
  'ui.openWishlistEmail': { payload: undefined; result: NoResult };
  'ui.toast': { payload: ToastRequest; result: NoResult };
  /**
   * Signs a shopper in with what a sign-in, sign-up, guest registration or chat checkout answered:
   * the user is stored, the guest cart token and the wishlist user are cleared (the server has
   * moved both into the account), and each line the cart merge cut is told in a toast.
   */
  'session.start': { payload: SessionStart; result: NoResult };
  /** Ends the session; see SessionEndReason for what each reason does. */
  'session.end': { payload: { reason: SessionEndReason }; result: NoResult };
  /**
   * The signed-in shopper changed their profile: the stored user takes its fields and keeps its
   * token (the profile answer carries none). Ignored when the profile is someone else's.
   */
  'session.updateUser': { payload: { profile: Profile }; result: NoResult };
}

/** What an answer that signs a shopper in gives (buyers/login, register, register-guest, chat checkout). */
export interface SessionStart {
  user: User;
  /** Lines the merge of the guest cart cut to the stock. */
  cartAdjustments?: readonly CartAdjustment[];
}

/**
 * - `sign-out`: the shopper asked (member area's Logout link, user menu). The server is told
 *   first; on success (or a 401: it had already forgotten the token) the session is cleared and the
 *   shopper goes to the home page; on another failure nothing changes.
 * - `token-gone`: the server no longer knows the token (a guest's placed order revoked it,
 *   buyers/is-logged-in said no). The session is cleared here only, and the page stays.
 */
export type SessionEndReason = 'sign-out' | 'token-gone';

export type CommandName = keyof BusCommands;
export type CommandPayload<C extends CommandName> = BusCommands[C]['payload'];
export type CommandResult<C extends CommandName> = BusCommands[C]['result'];
