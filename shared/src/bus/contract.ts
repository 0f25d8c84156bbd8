/**
 * The contract between teams: every state and every command that crosses a remote's border.
 * Adding a member is a minor change; renaming or reshaping one is a breaking change (bump
 * BUS_CONTRACT_VERSION and tell every team), because remotes are deployed one at a time and an
 * old remote keeps talking to the new shell.
 *
 * Owners (the only ones that publish a state or handle a command):
 * - session: auth (others change it through the session helpers in `session/storage.ts`)
 * - cart, wishlist, `cart.add`, `wishlist.toggle`: cart_checkout
 * - currency, startup, `ui.toast`: shell
 * - `ui.openSignIn`, `ui.openSignUp`, `ui.openWishlistEmail`, `session.logout`: auth
 */
import type { Currency, StartupContent, User } from '@shop/contract';
import type { WishlistUser } from '../session/storage';

export const BUS_CONTRACT_VERSION = 1;

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
  /** Ends the member's session on the server and here (member area's Logout link, user menu). */
  'session.logout': { payload: undefined; result: NoResult };
}

export type CommandName = keyof BusCommands;
export type CommandPayload<C extends CommandName> = BusCommands[C]['payload'];
export type CommandResult<C extends CommandName> = BusCommands[C]['result'];
