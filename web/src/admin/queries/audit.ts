import { useInfiniteQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { adminApi } from '../admin-api';

const PAGE = 100;

/** The audit log, newest first, a page of 100 at a time (the next page starts after the last line). */
export const auditKeys = { all: ['admin', 'audit'] as const };

export const useAudit = () =>
  useInfiniteQuery(
    {
      queryKey: auditKeys.all,
      queryFn: ({ pageParam }) => adminApi.audit(pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.items.length === PAGE ? last.items[last.items.length - 1]?.id : undefined),
    },
    queryClient,
  );
