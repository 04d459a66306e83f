import { type SpendingLimits, type SpendingLimitsInput, spendingLimitsSchema } from '@neura/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { queryClient } from '../../api/query-client';

/** The user's spending limits (issue #49): `GET|PUT /users/me/limits`. */
export const limitsKeys = { all: ['billing', 'limits'] as const };

const fetchLimits = (): Promise<SpendingLimits> => api('/users/me/limits', {}, spendingLimitsSchema);

export const useLimits = () => useQuery({ queryKey: limitsKeys.all, queryFn: fetchLimits }, queryClient);

/** The browser's IANA time zone: the limits reset at its midnight (issue #49). */
export const browserTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

/** Saves the limits, with the browser's time zone, and puts the answer in the cache. */
export async function saveLimits(input: SpendingLimitsInput): Promise<SpendingLimits> {
  const body = { ...input, timeZone: browserTimeZone() };
  const saved = await api('/users/me/limits', { method: 'PUT', body }, spendingLimitsSchema);
  queryClient.setQueryData(limitsKeys.all, saved);
  return saved;
}

/** After a charge (the balance changed): what was spent changed too. */
export const invalidateLimits = () => queryClient.invalidateQueries({ queryKey: limitsKeys.all });
