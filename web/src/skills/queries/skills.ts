import type { SkillInfo } from '@neura/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { skillsParser } from '../../api/account-guards';
import { api } from '../../api/http';
import { queryClient } from '../../api/query-client';

/** GET /skills: read once per page load and shared (availability changes only with a restart). */
export const skillKeys = { all: ['skills'] as const };

export const skillsQuery = queryOptions({
  queryKey: skillKeys.all,
  queryFn: () => api('/skills', {}, skillsParser),
  staleTime: Number.POSITIVE_INFINITY,
});

const toMap = (list: SkillInfo[]) => new Map(list.map((s) => [s.id, s]));

/** Skill availability by id; undefined while loading (or when the call failed: nothing is claimed). */
export function useSkills(): Map<string, SkillInfo> | undefined {
  return useQuery({ ...skillsQuery, select: toMap }, queryClient).data;
}
