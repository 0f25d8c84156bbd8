import { MESSAGES } from '@shop/contract/validation/messages';
import {
  bus,
  type ChoosablePaymentMethod,
  loadRemembered,
  mayAsk,
  type ShippingAddress,
  type ShippingAddressInput,
} from '@shop/shared';
import type { Refusal } from '@shop/shared/form';
import { createAsyncThunk, createSlice, type PayloadAction } from '@shop/shared/redux';
import { joinStore } from '../../store';
import { type CartSliceState, cartReplaced, fetchCart } from '../cart/cartSlice';
import { checkoutApi, failureMessage } from './checkoutApi';
import { NEW_ADDRESS_FOLLOW_UP_MS } from './constants';
import { emptied, type LastOrder, lastOrderOf, saveLastOrder } from './lastOrder';
import { endGuestSessionAfterOrder } from './sessionAfterOrder';

/** A failed cart call's message; `id` tells one failure from the next with the same words. */
export interface CartCallError {
  id: string;
  message: string;
}

/** The cart call in flight and what it asks for (shown as chosen until the answer comes). */
interface Request<T> {
  requestId: string;
  value: T;
}

export interface CheckoutSliceState {
  /** The buyer's saved addresses; null until loaded. */
  addresses: ShippingAddress[] | null;
  addressesStatus: 'idle' | 'loading' | 'succeeded' | 'failed';
  addressRequest: Request<number> | null;
  addressError: CartCallError | null;
  methodRequest: Request<ChoosablePaymentMethod> | null;
  methodError: CartCallError | null;
  placing: boolean;
  placeError: CartCallError | null;
  /** The order this checkout placed: the page shows its confirmation instead of the cart. */
  placedOrder: LastOrder | null;
}

/** The part of the remote's store the checkout reads (`checkout` joins the store below). */
export interface CheckoutRootState {
  cart: CartSliceState;
  checkout: CheckoutSliceState;
}

export type CartCallKind = 'address' | 'method' | 'place';

const initialState: CheckoutSliceState = {
  addresses: null,
  addressesStatus: 'idle',
  addressRequest: null,
  addressError: null,
  methodRequest: null,
  methodError: null,
  placing: false,
  placeError: null,
  placedOrder: null,
};

// Thunks keep RTK's default `unknown` state so the remote's dispatch takes them whatever its store
// holds; this is the one place that says what they read.
const stateOf = (getState: () => unknown) => getState() as CheckoutRootState;

/** The addresses read's name in the shared memory of failed reads: one per signed-in shopper. */
const addressesReadKey = () => `cart-checkout:addresses:${bus.get('session').user?.token ?? ''}`;

/** Under the shared retry policy, as the cart (cartSlice's fetchCart): `{ retry: true }` is Retry. */
export const fetchAddresses = createAsyncThunk(
  'checkout/fetchAddresses',
  async (_options: { retry?: boolean } | undefined, { dispatch }) => {
    const answer = await loadRemembered(addressesReadKey(), () => checkoutApi.addresses(), {
      onFailedAttempt: (_failure, retrying) => {
        if (retrying) dispatch(addressesLoadFailing());
      },
    });
    if (!answer.status) throw new Error(failureMessage(answer));
    return answer.data.items;
  },
  { condition: (options) => mayAsk(addressesReadKey(), options) },
);

/**
 * cart/add-shipping-address. A shopper arrowing through the radio list sends one call per address;
 * only the latest call's cart replaces the store's, whatever order the answers come in.
 */
export const chooseShippingAddress = createAsyncThunk(
  'checkout/chooseShippingAddress',
  async (addressId: number, { dispatch, getState, requestId }) => {
    const answer = await checkoutApi.addShippingAddress(addressId);
    if (!answer.status) throw new Error(failureMessage(answer));
    if (stateOf(getState).checkout.addressRequest?.requestId === requestId)
      dispatch(cartReplaced(answer.data));
    return addressId;
  },
);

/** cart/add-payment-method, latest call wins as above. */
export const choosePaymentMethod = createAsyncThunk(
  'checkout/choosePaymentMethod',
  async (method: ChoosablePaymentMethod, { dispatch, getState, requestId }) => {
    const answer = await checkoutApi.addPaymentMethod(method);
    if (!answer.status) throw new Error(failureMessage(answer));
    if (stateOf(getState).checkout.methodRequest?.requestId === requestId)
      dispatch(cartReplaced(answer.data));
    return method;
  },
);

/**
 * buyers-shipping-address/create. Spec 001 §4: "Saving a new address in checkout also applies it to
 * the cart (follow-up after 300 ms)".
 */
export const saveNewAddress = createAsyncThunk<
  ShippingAddress,
  ShippingAddressInput,
  { rejectValue: Refusal }
>('checkout/saveNewAddress', async (address, { dispatch, rejectWithValue }) => {
  const answer = await checkoutApi.createAddress(address);
  if (!answer.status) {
    return rejectWithValue({ message: failureMessage(answer), fields: answer.error?.fields ?? {} });
  }
  const { item } = answer.data;
  setTimeout(() => void dispatch(chooseShippingAddress(item.id)), NEW_ADDRESS_FOLLOW_UP_MS);
  return item;
});

/**
 * cart/member-checkout. Spec 001 §4: "On success the confirmation shows the order number, and the
 * cart view is hidden. Placing the order empties the cart. If the user is a Guest they are then
 * logged out." The confirmation is set before the cart empties, so the page never shows an empty
 * cart in between.
 */
export const placeOrder = createAsyncThunk(
  'checkout/placeOrder',
  async (_: undefined, { dispatch, getState }) => {
    const answer = await checkoutApi.memberCheckout();
    if (!answer.status) {
      // A product short of stock (409): the refreshed cart flags its line.
      if (answer.httpStatus === 409) void dispatch(fetchCart());
      throw new Error(failureMessage(answer));
    }
    const { user } = bus.get('session');
    const cart = stateOf(getState).cart.cart;
    const placed = lastOrderOf(answer.data.order, cart, user?.type ?? null);
    saveLastOrder(placed);
    dispatch(orderPlaced(placed));
    if (cart) dispatch(cartReplaced(emptied(cart)));
    if (user?.type === 'Guest') endGuestSessionAfterOrder();
    return placed;
  },
);

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    /** A first attempt failed and a retry is to come: the tab shows its panel meanwhile. */
    addressesLoadFailing(state) {
      state.addressesStatus = 'failed';
    },
    /** A new visit of /checkout: no confirmation or error of an earlier visit shows. */
    checkoutOpened(state) {
      state.placedOrder = null;
      state.addressError = null;
      state.methodError = null;
      state.placeError = null;
    },
    orderPlaced(state, action: PayloadAction<LastOrder>) {
      state.placedOrder = action.payload;
      state.placing = false;
    },
    /** Spec 001 §4: the error flag clears after 5 s (only the failure it was set for). */
    cartCallErrorCleared(state, action: PayloadAction<{ kind: CartCallKind; id: string }>) {
      const key = `${action.payload.kind}Error` as const;
      if (state[key]?.id === action.payload.id) state[key] = null;
    },
  },
  extraReducers: (builder) => {
    const failure = (requestId: string, message: string | undefined): CartCallError => ({
      id: requestId,
      message: message ?? MESSAGES.actionFailed,
    });
    builder
      .addCase(fetchAddresses.pending, (state) => {
        state.addressesStatus = 'loading';
      })
      .addCase(fetchAddresses.fulfilled, (state, action) => {
        state.addressesStatus = 'succeeded';
        state.addresses = action.payload;
      })
      .addCase(fetchAddresses.rejected, (state) => {
        state.addressesStatus = 'failed';
      })
      .addCase(saveNewAddress.fulfilled, (state, action) => {
        const saved = action.payload;
        // Spec 001 §4: setting an address primary clears the flag on all others.
        const others = (state.addresses ?? []).map((address) =>
          saved.is_primary ? { ...address, is_primary: false } : address,
        );
        state.addresses = [...others, saved];
      })
      .addCase(chooseShippingAddress.pending, (state, action) => {
        state.addressRequest = { requestId: action.meta.requestId, value: action.meta.arg };
        state.addressError = null;
      })
      .addCase(chooseShippingAddress.fulfilled, (state, action) => {
        if (state.addressRequest?.requestId === action.meta.requestId) state.addressRequest = null;
      })
      .addCase(chooseShippingAddress.rejected, (state, action) => {
        if (state.addressRequest?.requestId !== action.meta.requestId) return;
        state.addressRequest = null;
        state.addressError = failure(action.meta.requestId, action.error.message);
      })
      .addCase(choosePaymentMethod.pending, (state, action) => {
        state.methodRequest = { requestId: action.meta.requestId, value: action.meta.arg };
        state.methodError = null;
      })
      .addCase(choosePaymentMethod.fulfilled, (state, action) => {
        if (state.methodRequest?.requestId === action.meta.requestId) state.methodRequest = null;
      })
      .addCase(choosePaymentMethod.rejected, (state, action) => {
        if (state.methodRequest?.requestId !== action.meta.requestId) return;
        state.methodRequest = null;
        state.methodError = failure(action.meta.requestId, action.error.message);
      })
      .addCase(placeOrder.pending, (state) => {
        state.placing = true;
        state.placeError = null;
      })
      .addCase(placeOrder.rejected, (state, action) => {
        state.placing = false;
        state.placeError = failure(action.meta.requestId, action.error.message);
      });
  },
});

const { orderPlaced, addressesLoadFailing } = checkoutSlice.actions;
export const { checkoutOpened, cartCallErrorCleared } = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;

// Not in store.ts: there it would load on every page with the header's buttons.
joinStore({ reducerPath: 'checkout', reducer: checkoutReducer });

/** The address the cart ships to, or the one a call in flight is applying. */
export const selectChosenAddressId = (state: CheckoutRootState): number | null =>
  state.checkout.addressRequest?.value ?? state.cart.cart?.shippingAddress?.id ?? null;

/** The cart's payment method, or the one a call in flight is applying. */
export const selectChosenMethod = (state: CheckoutRootState) =>
  state.checkout.methodRequest?.value ?? state.cart.cart?.paymentMethod ?? null;
