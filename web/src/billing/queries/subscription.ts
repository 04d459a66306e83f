import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { fetchSubscription } from '../billing-api';

/** The Pro subscription: status and period. */
export const subscriptionKeys = { all: ['billing', 'subscription'] as const };

export const useSubscription = () =>
  useQuery({ queryKey: subscriptionKeys.all, queryFn: fetchSubscription }, queryClient);

/** After a change in the (sandbox) portal. */
export const invalidateSubscription = () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
