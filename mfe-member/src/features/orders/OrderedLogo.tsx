import { api, dataKey, useLoaded } from '@shop/shared';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * The logo a shopper ordered on an item. Its address answers image bytes to the order's buyer
 * only (bearer token), so it is read through the API client as a blob and shown from an object
 * URL, freed when the logo changes or the component leaves. Nothing shows while it loads or when
 * it cannot be had.
 */
export function OrderedLogo({
  orderId,
  itemId,
  alt,
}: {
  orderId: number;
  itemId: number;
  alt: string;
}): ReactNode {
  const params = { id: orderId, itemId };
  const logo = useLoaded(dataKey(`buyer-orders/${orderId}/items/${itemId}/logo`), (signal) =>
    api.get('buyer-orders/:id/items/:itemId/logo', { params, signal }),
  );
  const blob = logo.status === 'ready' ? logo.data : null;
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setSource(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return blob && source ? <img src={source} alt={alt} width={96} height={96} /> : null;
}
