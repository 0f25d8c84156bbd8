// The title's rule is the contract's: the server writes the same titles into the page's first HTML.
import { documentTitleOf, SHOP_NAME } from '@shop/contract/seo';
import { useEffect } from 'react';

export { documentTitleOf, SHOP_NAME };

/** Sets the tab's title (`documentTitleOf`) while a page shows. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitleOf(title);
  }, [title]);
}
