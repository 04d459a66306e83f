import type { Order } from '@neura/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AppError } from '../api/app-error';
import { cancelOrder, fetchOrder } from './billing-api';

/** How often a pending order is polled (the server asks Stripe itself once it stays pending). */
export const ORDER_POLL_MS = 1500;

/**
 * The order behind the status page, polled while pending. The page never decides an order is
 * paid: only the server's answer (filled by the webhook, the backstop or the sandbox) does.
 */
export function useOrderStatus(orderId: string | null, cancelOnOpen: boolean) {
  const [order, setOrder] = useState<Order>();
  const [error, setError] = useState<unknown>();
  const canceled = useRef(false);

  const load = useCallback(async () => {
    if (!orderId) return;
    try {
      let next = await fetchOrder(orderId);
      if (cancelOnOpen && !canceled.current && next.status === 'pending') {
        canceled.current = true;
        next = await cancelOrder(orderId);
      }
      setOrder(next);
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }, [orderId, cancelOnOpen]);

  useEffect(() => {
    void load();
  }, [load]);

  const pending = order?.status === 'pending';
  const gone = error instanceof AppError && error.status === 404;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (a new `order`) arms the next poll.
  useEffect(() => {
    if (gone || (!pending && !error)) return;
    const timer = setTimeout(() => void load(), ORDER_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, error, gone, order, load]);

  return { order, error, gone, setOrder, reload: load };
}
