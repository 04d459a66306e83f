import { type NotificationSettings, notificationSettingsSchema } from '@neura/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { queryClient } from '../../api/query-client';

/** The user's notification settings (`GET|PUT /users/me/notifications`). */
export const notificationKeys = { settings: ['notifications', 'settings'] as const };

export const useNotificationSettings = () =>
  useQuery(
    {
      queryKey: notificationKeys.settings,
      queryFn: () => api('/users/me/notifications', {}, notificationSettingsSchema),
    },
    queryClient,
  );

/** Saves a change; the answer (the settings as stored) replaces the cached ones. */
export const useUpdateNotificationSettings = () =>
  useMutation(
    {
      mutationFn: (changes: Partial<NotificationSettings>) =>
        api('/users/me/notifications', { method: 'PUT', body: changes }, notificationSettingsSchema),
      onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
    },
    queryClient,
  );
