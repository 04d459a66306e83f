import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { adminApi } from '../admin-api';

/** The console's users: the search list and one user's detail. */
export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string) => [...userKeys.all, 'list', q] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
};

/** A new search keeps the last list on screen until its answer comes (no jump). */
export const useUsers = (q: string) =>
  useQuery(
    { queryKey: userKeys.list(q), queryFn: () => adminApi.users(q), placeholderData: keepPreviousData },
    queryClient,
  );

export const useUser = (id: string) =>
  useQuery({ queryKey: userKeys.detail(id), queryFn: () => adminApi.user(id) }, queryClient);

/** After a change to a user: the list and the detail read again. */
export const invalidateUsers = () => queryClient.invalidateQueries({ queryKey: userKeys.all });
