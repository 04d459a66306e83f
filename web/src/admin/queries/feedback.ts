import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { adminApi } from '../admin-api';

/** Feedback on the help articles and reports of public personas. */
export const feedbackKeys = { all: ['admin', 'feedback'] as const };

export const useFeedback = () => useQuery({ queryKey: feedbackKeys.all, queryFn: adminApi.feedback }, queryClient);

/** After marking one handled (or reopening it). */
export const invalidateFeedback = () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
