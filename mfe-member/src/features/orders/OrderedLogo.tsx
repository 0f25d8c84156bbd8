import { type ReactNode, useEffect, useState } from 'react';
import { fetchOrderedLogo } from './ordersApi';

/**
 * The logo a shopper ordered on an item. Its address answers image bytes to the order's buyer
 * only (bearer token), so it is fetched as a blob and shown from an object URL, freed on unmount.
 */
export function OrderedLogo({ url, alt }: { url: string; alt: string }): ReactNode {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    let objectUrl: string | null = null;
    void fetchOrderedLogo(url).then((blob) => {
      if (!current || !blob) return;
      objectUrl = URL.createObjectURL(blob);
      setSource(objectUrl);
    });
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return source ? <img src={source} alt={alt} width={96} height={96} /> : null;
}
