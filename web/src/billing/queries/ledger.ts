import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { fetchLedger } from '../billing-api';

/** The credits history (every change of the balance). */
export const ledgerKeys = { all: ['billing', 'ledger'] as const };

export const useLedger = () => useQuery({ queryKey: ledgerKeys.all, queryFn: fetchLedger }, queryClient);

/** After the balance changed (a purchase, a message elsewhere). */
export const invalidateLedger = () => queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
