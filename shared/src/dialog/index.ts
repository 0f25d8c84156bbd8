/**
 * The shop's modal dialog (`@shop/shared/dialog`). Like the form kit it is not a federation
 * singleton: each remote that opens dialogs builds it in, so it stays off the first load of pages
 * that never open one.
 */
export { Dialog, DialogButton, type DialogProps } from './Dialog';
