import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { queryClient } from '../../api/query-client';

export interface SignInProvider {
  id: string;
  name: string;
}

/** Checked by hand (no zod on the first route): `{ providers: [{ id, name }] }`. */
const providersParser = {
  parse(data: unknown): SignInProvider[] {
    const list = (data as { providers?: unknown })?.providers;
    if (!Array.isArray(list)) throw new Error('unexpected providers answer');
    return list.filter(
      (p): p is SignInProvider => typeof p?.id === 'string' && typeof p?.name === 'string' && p.id !== '',
    );
  },
};

/** GET /auth/providers: the configured OpenID providers (they change only with a restart). */
export const providerKeys = { all: ['auth', 'providers'] as const };

const providersQuery = queryOptions({
  queryKey: providerKeys.all,
  queryFn: () => api('/auth/providers', {}, providersParser),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The providers to offer; empty while loading or when the call failed (no button then). */
export function useSignInProviders(): SignInProvider[] {
  return useQuery(providersQuery, queryClient).data ?? [];
}
