import type { Order } from '@neura/contract';
import { type Query, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { AppError } from '../../api/app-error';
import { queryClient } from '../../api/query-client';
import { cancelOrder, fetchOrder, fetchOrders } from '../billing-api';

/** How often a pending order is polled (the server asks Stripe itself once it stays pending). */
export const ORDER_POLL_MS = 1500;

/** The user's orders: the purchase history and the one order behind the status page. */
export const orderKeys = {
  all: ['billing', 'orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

export const useOrders = () => useQuery({ queryKey: orderKeys.list(), queryFn: fetchOrders }, queryClient);

/** After the balance changed: the purchase history reads again. */
export const invalidateOrders = () => queryClient.invalidateQueries({ queryKey: orderKeys.list() });

const isGone = (error: unknown) => error instanceof AppError && error.status === 404;

/** Poll while the order is pending or its last read failed; never once it is gone (404) or settled. */
function pollWhilePending(query: Query<Order, Error, Order, ReturnType<typeof orderKeys.detail>>): number | false {
  const { data, error } = query.state;
  if (isGone(error)) return false;
  return error || data?.status === 'pending' ? ORDER_POLL_MS : false;
}

/**
 * The order behind the status page, polled while pending. The page never decides an order is
 * paid: only the server's answer (filled by the webhook, the backstop or the sandbox) does.
 * `cancelOnOpen` (back from a canceled checkout): a pending order is canceled once, on the first read.
 */
export function useOrderStatus(orderId: string | null, cancelOnOpen: boolean) {
  const canceled = useRef(false);
  const key = orderKeys.detail(orderId ?? '');
  const query = useQuery(
    {
      queryKey: key,
      queryFn: async () => {
        const order = await fetchOrder(orderId as string);
        if (!cancelOnOpen || canceled.current || order.status !== 'pending') return order;
        canceled.current = true;
        return cancelOrder(order.id);
      },
      enabled: Boolean(orderId),
      refetchInterval: pollWhilePending,
    },
    queryClient,
  );
  return {
    order: query.data,
    error: query.error ?? undefined,
    gone: isGone(query.error),
    /** An answer the page got itself (a cancel, the sandbox's outcome) replaces the cached order. */
    setOrder: (order: Order) => queryClient.setQueryData(key, order),
    reload: query.refetch,
  };
}
