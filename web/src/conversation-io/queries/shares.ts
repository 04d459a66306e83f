import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { createShare, listShares, revokeShare } from '../io-api';

/** The user's shared links: the list on Your data, made in Share Chat, revoked from the list. */
export const shareKeys = { all: ['io', 'shares'] as const };

export const useShares = () => useQuery({ queryKey: shareKeys.all, queryFn: listShares }, queryClient);

const invalidateShares = () => queryClient.invalidateQueries({ queryKey: shareKeys.all });

/** A new link to a chat as it is now; the list reads again. */
export const useCreateShare = () => useMutation({ mutationFn: createShare, onSuccess: invalidateShares }, queryClient);

/** Revoke a link; the list reads again. */
export const useRevokeShare = () => useMutation({ mutationFn: revokeShare, onSuccess: invalidateShares }, queryClient);
