import { useEffect } from 'react';

/** The shop's name, as the tab titles and the home page show it. */
export const SHOP_NAME = 'Gift Shop';

/** A page's tab title: 'My Orders | Gift Shop' (the home page's is the shop's name alone). */
export function documentTitleOf(title: string): string {
  return title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
}

/** Sets the tab's title (`documentTitleOf`) while a page shows. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitleOf(title);
  }, [title]);
}
