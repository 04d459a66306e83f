import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { customPersonasApi } from '../../personas/custom-personas-api';

/** The builder's options (models, skills, limits): the same for every visit, read once per sign-in. */
export const creatorOptionKeys = { all: ['creator', 'options'] as const };

export const useCreatorOptions = (enabled: boolean) =>
  useQuery(
    {
      queryKey: creatorOptionKeys.all,
      queryFn: customPersonasApi.options,
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    },
    queryClient,
  );
