import { useParams } from '@shop/shared/router';
import { useMemo } from 'react';
import { GENERAL_CHANNEL, type MessageChannel } from './messagesApi';

/**
 * The channel a messages route shows: /member/messages/* is the general one, and
 * /member/orders/messages/{orderId}/* an order's. null: the order id is not a number.
 */
export function useMessageChannel(): MessageChannel | null {
  const { orderId } = useParams();
  return useMemo(() => {
    if (orderId === undefined) return GENERAL_CHANNEL;
    const id = Number(orderId);
    return Number.isInteger(id) && id > 0 ? { orderId: id } : null;
  }, [orderId]);
}
