import { useEffect } from 'react';
import { SHOP_NAME } from '../constants';

/** Sets the tab's title ('My Shipping Address(es) | Gift Shop') while a page shows. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SHOP_NAME}`;
  }, [title]);
}
