/**
 * The shipping-address section's routes and texts. The spec words none of these (§2.6 only names
 * the actions); the list's error panel is the spec's (`MESSAGES.listFailedTitle`, §8).
 */
export const ADDRESS_LIST_PATH = '/member/shipping-address';
export const addressEditPath = (id: number): string => `${ADDRESS_LIST_PATH}/${id}`;

export const ADDRESS_LIST_TITLE = 'My Shipping Address(es)';
export const ADDRESS_EDIT_TITLE = 'Edit Shipping Address';
export const NO_ADDRESSES = 'You have no saved addresses yet.';
export const ADDRESS_NOT_FOUND = 'We could not find this address. It may have been deleted.';
export const PRIMARY_LABEL = 'Make this my primary address';

export const ADDRESS_ADDED = 'Your new address is saved.';
export const ADDRESS_UPDATED = 'Your address is updated.';
export const ADDRESS_DELETED = 'The address is deleted.';
export const PRIMARY_CHANGED = 'Your primary address is changed.';
