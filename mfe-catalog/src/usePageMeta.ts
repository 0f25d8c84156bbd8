import { useDocumentTitle } from '@shop/shared';
import { useEffect } from 'react';

/** Sets the document title ('… | Gift Shop') and the meta description of the page shown. */
export function usePageMeta(title: string, description: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}
