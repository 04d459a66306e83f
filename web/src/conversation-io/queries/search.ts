import { useInfiniteQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { searchMessages } from '../io-api';

/** Full-text search over the user's messages, a page at a time (the server says where the next starts). */
export const searchKeys = {
  all: ['io', 'search'] as const,
  query: (q: string) => [...searchKeys.all, q] as const,
};

/** Asked only when `enabled`; a newer query aborts the older request (the signal reaches fetch). */
export const useSearchPages = (q: string, enabled: boolean) =>
  useInfiniteQuery(
    {
      queryKey: searchKeys.query(q),
      queryFn: ({ pageParam, signal }) => searchMessages(q, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (page) => page.nextOffset ?? undefined,
      enabled,
    },
    queryClient,
  );
