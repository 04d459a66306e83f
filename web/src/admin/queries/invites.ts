import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { adminApi } from '../admin-api';

/** Invite codes and the waitlist (an approval uses a code, so both read again after one). */
export const inviteKeys = {
  all: ['admin', 'invites'] as const,
  codes: () => [...inviteKeys.all, 'codes'] as const,
  waitlist: () => [...inviteKeys.all, 'waitlist'] as const,
};

export const useInvites = () => useQuery({ queryKey: inviteKeys.codes(), queryFn: adminApi.invites }, queryClient);
export const useWaitlist = () => useQuery({ queryKey: inviteKeys.waitlist(), queryFn: adminApi.waitlist }, queryClient);

export const invalidateInvites = () => queryClient.invalidateQueries({ queryKey: inviteKeys.codes() });
export const invalidateWaitlist = () => queryClient.invalidateQueries({ queryKey: inviteKeys.waitlist() });
