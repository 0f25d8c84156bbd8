import { useEffect } from 'react';
import { SHOP_NAME } from './constants';

/** Sets the document title ('… | Gift Shop') and the meta description of the page shown. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
