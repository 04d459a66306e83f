import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { adminApi } from '../admin-api';

/** Everyone's orders, searched. */
export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (q: string) => [...orderKeys.all, q] as const,
};

export const useOrders = (q: string) =>
  useQuery(
    { queryKey: orderKeys.list(q), queryFn: () => adminApi.orders(q), placeholderData: keepPreviousData },
    queryClient,
  );

/** After a refund. */
export const invalidateOrders = () => queryClient.invalidateQueries({ queryKey: orderKeys.all });
