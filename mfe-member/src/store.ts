import { configureStore } from '@shop/shared/redux';
import { messagesReducer } from './features/messages/messagesSlice';
import { shippingAddressReducer } from './features/shipping-address/shippingAddressSlice';

/** A fresh member store (tests make one each); stores are never shared across remotes. */
export function createMemberStore() {
  return configureStore({ reducer: { messages: messagesReducer, shippingAddress: shippingAddressReducer } });
}

/** This remote's own store. */
export const store = createMemberStore();

export type MemberStore = ReturnType<typeof createMemberStore>;
export type MemberRootState = ReturnType<MemberStore['getState']>;
export type MemberDispatch = MemberStore['dispatch'];
