import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { adminApi } from '../admin-api';

/** The catalog as the console sees it (published or not), and each persona's stored avatar. */
export const personaKeys = {
  all: ['admin', 'personas'] as const,
  list: () => [...personaKeys.all, 'list'] as const,
  avatar: (id: string) => [...personaKeys.all, 'avatar', id] as const,
};

export const usePersonaList = () => useQuery({ queryKey: personaKeys.list(), queryFn: adminApi.personas }, queryClient);

/** The stored avatar's bytes (read with the admin's token: an <img> cannot send it); none when `enabled` is false. */
export const usePersonaAvatar = (id: string, enabled: boolean) =>
  useQuery({ queryKey: personaKeys.avatar(id), queryFn: () => adminApi.avatar(id), enabled }, queryClient);

/** After a save, a publish, a new order or an avatar change: the list (and avatars) read again. */
export const invalidatePersonas = () => queryClient.invalidateQueries({ queryKey: personaKeys.all });
