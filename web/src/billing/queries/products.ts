import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { fetchProducts } from '../billing-api';

/** The credit packs and Pro on sale, and which payment provider sells them. */
export const productKeys = { all: ['billing', 'products'] as const };

export const useProducts = () => useQuery({ queryKey: productKeys.all, queryFn: fetchProducts }, queryClient);
