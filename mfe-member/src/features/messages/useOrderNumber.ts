import { useEffect, useState } from 'react';
import { ordersApi } from '../orders/ordersApi';

/**
 * The order number ('GS-2611-000042') of an order's messages, for their title: the route carries
 * the order's id, which means nothing to the member. null while it loads, for the general family,
 * and when the order cannot be read (the list itself then says why).
 */
export function useOrderNumber(orderId: number | null): string | null {
  const [known, setKnown] = useState<{ orderId: number; number: string } | null>(null);
  useEffect(() => {
    if (orderId === null) return;
    let current = true;
    void ordersApi.one(orderId).then((answer) => {
      if (current && answer.status) setKnown({ orderId, number: answer.data.order.order_id });
    });
    return () => {
      current = false;
    };
  }, [orderId]);
  return known && known.orderId === orderId ? known.number : null;
}
