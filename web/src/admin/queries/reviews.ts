import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { reviewsApi } from '../reviews-api';

/** People's own personas as the console sees them: the review queue and the price per message. */
export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  queue: () => [...reviewKeys.all, 'queue'] as const,
  prices: () => [...reviewKeys.all, 'prices'] as const,
};

export const useReviewQueue = () =>
  useQuery({ queryKey: reviewKeys.queue(), queryFn: reviewsApi.pending }, queryClient);
export const useCustomPrices = () =>
  useQuery({ queryKey: reviewKeys.prices(), queryFn: reviewsApi.prices }, queryClient);

/** After an approval or a rejection. */
export const invalidateReviewQueue = () => queryClient.invalidateQueries({ queryKey: reviewKeys.queue() });
/** After a price is set. */
export const invalidateCustomPrices = () => queryClient.invalidateQueries({ queryKey: reviewKeys.prices() });
