import { QueryClient } from '@tanstack/react-query';
import { useAppStore } from '../store/app-store';

/**
 * The one TanStack Query client of the server data the lazy routes read (admin, creator, billing,
 * conversation-io, persona profiles). Each feature keeps its resources in `<feature>/queries/<resource>.ts`:
 * a key factory, the `useX` hooks and the invalidation its mutations call.
 *
 * The hooks hand this client to `useQuery(options, queryClient)` instead of reading a provider, so
 * the library loads with the first lazy route that needs it and never with the first route (the
 * bundle budget, docs/PERFORMANCE.md), and a component renders the same on its own (tests) as in a
 * page. Socket-fed state stays in the zustand stores.
 *
 * No retries (an error shows at once, with its Retry button) and no refetch on focus (the pages
 * refetch on mount, and poll where a state is pending).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});

// Another account's data must never show: everything cached is forgotten when the token changes.
useAppStore.subscribe((state, previous) => {
  if (state.token !== previous.token) queryClient.clear();
});
