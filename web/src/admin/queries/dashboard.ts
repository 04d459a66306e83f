import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { adminApi } from '../admin-api';

/** The dashboard's figures per range and time zone, and the model prices its costs use. */
export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  figures: (days: number, tz: string) => [...dashboardKeys.all, 'figures', days, tz] as const,
  prices: () => [...dashboardKeys.all, 'prices'] as const,
};

/** Another range keeps the last figures on screen until its answer comes (no jump). */
export const useDashboard = (days: number, tz: string) =>
  useQuery(
    {
      queryKey: dashboardKeys.figures(days, tz),
      queryFn: () => adminApi.dashboard(days, tz),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );

export const useModelPrices = () =>
  useQuery({ queryKey: dashboardKeys.prices(), queryFn: adminApi.prices }, queryClient);

/** After a price is set: the prices and the costs computed with them. */
export const invalidateDashboard = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
